// Owns the embedded PGlite database in a worker thread and serves it over the PostgreSQL wire
// protocol on a private unix socket, so a query never runs on the HTTP thread and the app talks
// to it through `pg` exactly as it talks to a real PostgreSQL server.
// Plain erasable TypeScript, so Node runs it directly as a worker entry.
//
// PGlite is one single session. Connections take turns: one holds the session from its first
// message until PGlite is idle again (ReadyForQuery outside a transaction), so the statements of
// two connections never interleave inside a transaction or an extended-protocol exchange.
import fs from 'node:fs';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

interface WorkerInput {
  dataDir: string;
  socketPath: string;
  loadFrom?: string;
}

const SSL_REQUEST = 80877103;
const CANCEL_REQUEST = 80877102;
const GSSENC_REQUEST = 80877104;
const PROTOCOL_3 = 196608;

const { dataDir, socketPath, loadFrom } = workerData as WorkerInput;

/** A FIFO lock over the single PGlite session. */
class SessionLock {
  private holder: object | null = null;
  private waiters: Array<{ who: object; resume: () => void }> = [];

  async acquire(who: object): Promise<void> {
    if (this.holder === who) return;
    if (this.holder === null && this.waiters.length === 0) {
      this.holder = who;
      return;
    }
    await new Promise<void>((resume) => this.waiters.push({ who, resume }));
  }

  release(who: object): void {
    if (this.holder !== who) return;
    const next = this.waiters.shift();
    this.holder = next ? next.who : null;
    next?.resume();
  }

  held(who: object): boolean {
    return this.holder === who;
  }

  drop(who: object): void {
    this.waiters = this.waiters.filter((w) => w.who !== who);
  }
}

async function main() {
  const db = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(loadFrom ? { loadDataDir: new Blob([fs.readFileSync(loadFrom)]) } : {}),
  });
  const lock = new SessionLock();
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.setNoDelay(true);
    const me = {};
    let buffer: Buffer = Buffer.alloc(0);
    let started = false;
    let closed = false;
    let work: Promise<void> = Promise.resolve();

    const handle = async () => {
      while (!closed) {
        // Frame one message: the startup packet has no type byte, every later one does.
        if (!started) {
          if (buffer.length < 8) return;
          const length = buffer.readInt32BE(0);
          const code = buffer.readInt32BE(4);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            buffer = buffer.subarray(8);
            socket.write('N');
            continue;
          }
          if (code === CANCEL_REQUEST) {
            buffer = buffer.subarray(length);
            socket.end();
            return;
          }
          if (buffer.length < length) return;
          if (code !== PROTOCOL_3) {
            socket.destroy();
            return;
          }
        } else if (buffer.length < 5 || buffer.length < 1 + buffer.readInt32BE(1)) {
          return;
        }
        // Take the complete messages up to the end of one exchange (Query or Sync) in one call.
        let length = 0;
        let type = 'startup';
        if (!started) {
          length = buffer.readInt32BE(0);
        } else {
          while (
            buffer.length >= length + 5 &&
            buffer.length >= length + 1 + buffer.readInt32BE(length + 1)
          ) {
            type = String.fromCharCode(buffer[length]!);
            if (type === 'X') break;
            length += 1 + buffer.readInt32BE(length + 1);
            if (type === 'Q' || type === 'S') break;
          }
        }
        if (length === 0) {
          socket.end(); // Terminate
          return;
        }
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);

        await lock.acquire(me);
        if (closed) break;
        const reply = await db.execProtocolRaw(new Uint8Array(message), { syncToFs: false });
        if (reply.length > 0 && !socket.destroyed) socket.write(Buffer.from(reply));
        started = true;
        // The session is free again once a complete exchange ended outside a transaction.
        if ((type === 'startup' || type === 'Q' || type === 'S') && !db.isInTransaction()) {
          await db.syncToFs();
          lock.release(me);
        }
      }
    };

    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      work = work.then(handle).catch((err: unknown) => {
        parentPort?.postMessage({ type: 'log', message: `pglite connection failed: ${String(err)}` });
        socket.destroy();
      });
    });
    const finish = () => {
      if (closed) return;
      closed = true;
      sockets.delete(socket);
      lock.drop(me);
      void work.then(async () => {
        // A client that vanished mid-transaction must not leave the session locked or dirty.
        if (lock.held(me)) {
          if (db.isInTransaction()) await db.exec('ROLLBACK').catch(() => undefined);
          lock.release(me);
        }
      });
    };
    socket.on('close', finish);
    socket.on('error', finish);
  });

  fs.rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);

  parentPort?.on('message', async (msg: { type: string }) => {
    if (msg.type !== 'close') return;
    server.close();
    for (const socket of sockets) socket.destroy();
    try {
      await db.close();
    } finally {
      fs.rmSync(socketPath, { force: true });
      parentPort?.postMessage({ type: 'closed' });
      parentPort?.close();
    }
  });
  parentPort?.postMessage({ type: 'ready' });
}

main().catch((err: unknown) => {
  parentPort?.postMessage({
    type: 'error',
    message: err instanceof Error ? (err.stack ?? err.message) : String(err),
  });
});
