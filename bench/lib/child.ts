import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TargetConfig } from './target.ts';

const TARGET = fileURLToPath(new URL('./target.ts', import.meta.url));

export interface Target {
  url: string;
  port: number;
  pid: number;
  call<T = any>(cmd: string, args?: unknown): Promise<T>;
  close(): Promise<void>;
}

/** Starts bench/lib/target.ts in its own process (its own event loop and CPU time). */
export async function startTarget(config: TargetConfig, timeoutMs = 180_000): Promise<Target> {
  const child: ChildProcess = fork(TARGET, [], {
    execArgv: ['--import', 'tsx'],
    // The load comes from one address: the public search limit (issue 15 §15) would answer 429.
    env: { ...process.env, BENCH_TARGET: JSON.stringify(config) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const port = await new Promise<number>((resolve, reject) => {
    // A target that never starts is killed, so a failed bench run leaves no server behind.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`target ${config.mode} did not start in ${timeoutMs} ms`));
    }, timeoutMs);
    child.on('message', (msg: any) => {
      if ('ready' in msg) {
        clearTimeout(timer);
        if (msg.ready) resolve(msg.port);
        else reject(new Error(`target ${config.mode} failed: ${msg.error}`));
        return;
      }
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.error) p.reject(new Error(msg.error));
      else p.resolve(msg.result);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`target ${config.mode} exited with ${code}`));
      for (const p of pending.values()) p.reject(new Error(`target exited with ${code}`));
      pending.clear();
    });
  });
  const exited = new Promise<void>((r) => (child.exitCode !== null ? r() : child.once('exit', () => r())));
  const call = <T>(cmd: string, args?: unknown) =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve, reject });
      child.send({ id, cmd, args });
    });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    call,
    async close() {
      if (child.exitCode !== null) return;
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await call('close').catch(() => undefined);
      await exited;
      clearTimeout(timer);
    },
  };
}
