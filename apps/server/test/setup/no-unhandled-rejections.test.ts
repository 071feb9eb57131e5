import { describe, expect, it } from 'vitest';
import { takeUnhandled } from './no-unhandled-rejections.ts';

describe('the unhandled-rejection guard (issue 15 §9)', () => {
  it('is installed for every server test file and catches a rejection nobody handled', async () => {
    expect(process.listeners('unhandledRejection').some((l) => l.name === 'record')).toBe(true);
    void Promise.reject(new Error('nobody listens'));
    await new Promise((r) => setTimeout(r, 20));
    // Taken here, so this test passes; left in place, afterEach would fail it with this reason.
    expect(takeUnhandled().map((e) => (e as Error).message)).toEqual(['nobody listens']);
  });
});
