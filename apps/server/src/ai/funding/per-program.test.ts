import { describe, expect, it } from 'vitest';
import { perProgram } from './per-program.ts';
import type { RankableProgram } from './types.ts';

// ADR 1170: a reading kept on the program object must behave as the WeakMap it replaced: made once
// per object, never carried by a copy (an import made by spreading a curated program must read its
// own country), never seen by JSON or equality.
describe('perProgram', () => {
  const program = (country: string) =>
    ({ id: 'p', name: 'A program', country }) as unknown as RankableProgram;

  it('reads once per object, and a copy reads its own', () => {
    let reads = 0;
    const countryOf = perProgram((p) => {
      reads++;
      return { country: p.country };
    });
    const p = program('CA');
    expect(countryOf(p)).toEqual({ country: 'CA' });
    expect(countryOf(p)).toBe(countryOf(p));
    expect(reads).toBe(1);
    const copy = { ...p, country: 'US' };
    expect(countryOf(copy)).toEqual({ country: 'US' });
    expect(countryOf(structuredClone(p))).toEqual({ country: 'CA' });
    expect(reads).toBe(3);
    expect(JSON.stringify(p)).toBe(JSON.stringify(program('CA')));
    expect(p).toEqual(program('CA'));
    expect(Object.keys(p)).toEqual(['id', 'name', 'country']);
  });

  it('keeps a frozen program in a WeakMap', () => {
    let reads = 0;
    const read = perProgram((p) => ({ id: p.id, n: ++reads }));
    const frozen = Object.freeze(program('CA'));
    expect(read(frozen)).toBe(read(frozen));
    expect(reads).toBe(1);
  });
});
