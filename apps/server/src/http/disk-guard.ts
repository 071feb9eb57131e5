import fs from 'node:fs';
import type { FastifyBaseLogger, FastifyInstance, onRequestHookHandler } from 'fastify';
import { AppError } from '../errors.ts';
import { hookList } from './hooks.ts';

/**
 * A full disk must not take the service down (issue 23 M6, ADR 237). Every write request (POST,
 * PUT, PATCH, DELETE) is refused with 507 while the data directory (the embedded database, its
 * WAL, the encrypted files) has less than MIN_FREE_MB free, so the database never meets a full
 * disk in the middle of a transaction; reads go on; the check is redone at most once a second, so
 * writes come back by themselves as soon as space returns. A write that still meets a full disk
 * (PostgreSQL's own volume, a race with another writer) answers the same 507 through the error
 * handler (isDiskFull) instead of a 500.
 */
export const NO_SPACE_MESSAGE =
  'The server is out of storage space, so this change was not saved. Reading still works; please try again in a few minutes.';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Signing in and out only touch a session row: refusing them would lock people out of reading.
const ALWAYS_ALLOWED = new Set(['/api/auth/login', '/api/auth/logout']);
const RECHECK_MS = 1000;

export function createFreeSpaceCheck(dirs: readonly string[], minFreeBytes: number, log: FastifyBaseLogger) {
  let checkedAt = 0;
  let low = false;
  const freeBytes = () =>
    Math.min(
      ...dirs.map((dir) => {
        const stats = fs.statfsSync(dir);
        return stats.bavail * stats.bsize;
      }),
    );
  return {
    /** True while some directory has less than the minimum free (rechecked at most once a second). */
    isLow(): boolean {
      const now = Date.now();
      if (now - checkedAt < RECHECK_MS) return low;
      checkedAt = now;
      const was = low;
      try {
        const free = freeBytes();
        low = free < minFreeBytes;
        if (low && !was)
          log.error({ free, minFreeBytes }, 'low disk space: writes refused (507) until space returns');
        if (!low && was) log.warn({ free }, 'disk space back: writes accepted again');
      } catch (err) {
        // A directory that cannot be measured does not stop writes; the error handler still maps ENOSPC.
        log.warn({ err }, 'free-space check failed');
        low = false;
      }
      return low;
    },
  };
}

export type FreeSpaceCheck = ReturnType<typeof createFreeSpaceCheck>;

/**
 * Refuses write requests while space is low; see above. The check is attached to the write routes
 * when they are declared (before any other onRequest hook of the route, as a global hook ran), so
 * reads, health polls among them, pay nothing for it.
 */
export function registerDiskGuard(app: FastifyInstance, check: FreeSpaceCheck): void {
  // Callback style: a hook that returns a promise costs one per request.
  const refuseWhenLow: onRequestHookHandler = (request, _reply, done) => {
    done(WRITES.has(request.method) && check.isLow() ? new AppError(507, NO_SPACE_MESSAGE) : undefined);
  };
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => WRITES.has(m)) || ALWAYS_ALLOWED.has(route.url)) return;
    route.onRequest = [refuseWhenLow, ...hookList(route.onRequest)];
  });
}

/** An error from a full volume: Node's ENOSPC, PostgreSQL's disk_full (53100) or its message. */
export function isDiskFull(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (e.code === 'ENOSPC' || e.code === '53100') return true;
  if (typeof e.message === 'string' && /no space left on device|could not extend file/i.test(e.message))
    return true;
  return e.cause !== undefined && e.cause !== err && isDiskFull(e.cause);
}
