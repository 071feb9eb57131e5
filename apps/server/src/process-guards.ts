import type { Logger } from 'pino';

/**
 * A rejected promise nobody awaited must not end the server (issue 23 M6, ADR 237). pg-boss 10
 * calls `complete` and `fail` without awaiting them after each job: on a full volume the update
 * rejects, and Node's default for an unhandled rejection is to exit, so one failed job on a full
 * disk killed the API and its workers, again after every restart. The rejection is logged as an
 * error and the process goes on; what failed is retried by pg-boss (an expired job runs again).
 * Installed by the entry points (main.ts, worker.ts) only, so tests still see their own rejections.
 */
export function keepRunningOnUnhandledRejections(log: Logger): void {
  process.on('unhandledRejection', (reason) => {
    log.error({ err: reason }, 'unhandled rejection (logged; the process keeps running)');
  });
}
