/** What GET /api/health reports about the database: the verdict of the last probe and when it ran. */
export interface DbHealth {
  up: boolean;
  checkedAt: Date;
}

/**
 * Load balancers poll the health route many times a second; a database round trip per poll costs
 * the database (PGlite has one connection) more than the answer is worth. A verdict younger than
 * `maxAgeMs` is reused; an older one is replaced by one shared probe, which every poll arriving
 * meanwhile waits for, so the answer is never older than `maxAgeMs`.
 */
export function createHealthProbe(
  check: () => Promise<unknown>,
  opts: { maxAgeMs: number; now?: () => number },
) {
  const now = opts.now ?? Date.now;
  let last: DbHealth | undefined;
  let running: Promise<DbHealth> | undefined;

  async function probe(): Promise<DbHealth> {
    const at = now();
    let up = true;
    try {
      await check();
    } catch {
      up = false;
    }
    last = { up, checkedAt: new Date(at) };
    return last;
  }

  return {
    current(): DbHealth | Promise<DbHealth> {
      if (last && now() - last.checkedAt.getTime() < opts.maxAgeMs) return last;
      running ??= probe().finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
