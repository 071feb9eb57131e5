import { afterAll, afterEach } from 'vitest';

/**
 * Issue 15 §9: a promise that rejects with nobody listening is how a full disk crashed the server.
 * Every server test file runs with this handler: a rejection nobody handled fails the test that
 * was running (or the file, if it came after the last test), with the reason in the message.
 */
const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);
process.on('unhandledRejection', record);

/** The rejections seen since the last look (and forgets them): for the guard's own test. */
export const takeUnhandled = () => unhandled.splice(0);

function failOnUnhandled() {
  if (unhandled.length === 0) return;
  const reasons = unhandled.splice(0).map((r) => (r instanceof Error ? (r.stack ?? r.message) : String(r)));
  throw new Error(`${reasons.length} unhandled rejection(s):\n${reasons.join('\n---\n')}`);
}

afterEach(failOnUnhandled);
afterAll(() => {
  failOnUnhandled();
  process.off('unhandledRejection', record);
});
