import { describe, expect, it } from 'vitest';
import { createHealthProbe } from './health-probe.ts';

describe('health probe', () => {
  it('answers polls within the maximum age from one database check', async () => {
    let clock = 1_000_000;
    let checks = 0;
    const probe = createHealthProbe(async () => void (checks += 1), { maxAgeMs: 5_000, now: () => clock });
    const first = await probe.current();
    expect(first).toEqual({ up: true, checkedAt: new Date(1_000_000) });
    clock += 4_999;
    for (let i = 0; i < 100; i++) expect(await probe.current()).toBe(first);
    expect(checks).toBe(1);
    clock += 1;
    expect((await probe.current()).checkedAt).toEqual(new Date(1_005_000));
    expect(checks).toBe(2);
  });

  it('shares one check among polls that arrive while it runs', async () => {
    let checks = 0;
    let finish!: () => void;
    const probe = createHealthProbe(
      () => {
        checks += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
      { maxAgeMs: 5_000 },
    );
    const polls = [probe.current(), probe.current(), probe.current()];
    finish();
    const answers = await Promise.all(polls);
    expect(checks).toBe(1);
    expect(answers.every((a) => a.up)).toBe(true);
  });

  it('reports a failed check as down, and checks again once that verdict is too old', async () => {
    let clock = 0;
    let fail = true;
    const probe = createHealthProbe(
      async () => {
        if (fail) throw new Error('connection refused');
      },
      { maxAgeMs: 5_000, now: () => clock },
    );
    expect((await probe.current()).up).toBe(false);
    fail = false;
    clock += 1_000;
    expect((await probe.current()).up).toBe(false);
    clock += 4_000;
    expect((await probe.current()).up).toBe(true);
  });
});
