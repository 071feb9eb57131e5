import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

export const PGLITE_SOCKET_PORT = 5432;

/** Starts the worker thread that owns PGlite and serves it on a private unix socket. */
export async function startPgliteServer(
  dataDir: string,
  /** A dumpDataDir tarball to start from (see DatabaseOptions.pgliteLoadFrom). */
  loadFrom?: string,
): Promise<{ socketDir: string; close(): Promise<void> }> {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-pglite-'));
  const socketPath = path.join(socketDir, `.s.PGSQL.${PGLITE_SOCKET_PORT}`);
  const worker = new Worker(new URL('./pglite-server.worker.ts', import.meta.url), {
    workerData: { dataDir, socketPath, loadFrom },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (msg: { type: string; message?: string }) => {
    if (msg.type === 'log') console.error(msg.message);
  });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (msg: { type: string; message?: string }) => {
      if (msg.type === 'ready') resolve();
      if (msg.type === 'error') reject(new Error(`PGlite worker failed to start: ${msg.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    void exited.then(() => reject(new Error('PGlite worker exited during start-up')));
  });
  let closing: Promise<void> | undefined;
  return {
    socketDir,
    close() {
      closing ??= (async () => {
        worker.postMessage({ type: 'close' });
        const timer = setTimeout(() => void worker.terminate(), 10_000);
        await exited;
        clearTimeout(timer);
        fs.rmSync(socketDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
