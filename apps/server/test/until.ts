/**
 * Polls `fn` until it gives something other than undefined or false, and returns that; fails after
 * `timeoutMs`. For waiting on background work (jobs, e-mails, webhooks) without fixed sleeps.
 */
export async function until<T>(
  fn: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
