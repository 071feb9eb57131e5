import type { RankableProgram } from './types.ts';

/**
 * A reading of a program made once and kept on the program object, for a catalogue kept between
 * searches (ADR 1075): a property under a private symbol is found by the engine's inline caches,
 * where a WeakMap look-up per program was a tenth of a search of 100,000 programs (ADR 1170). It is
 * not enumerable, so a copy of the program (spread, JSON, structuredClone) carries none and reads
 * its own. A program that cannot take a property (frozen) is kept in a WeakMap instead.
 */
export function perProgram<T extends object>(read: (p: RankableProgram) => T): (p: RankableProgram) => T {
  const key = Symbol(read.name);
  const frozen = new WeakMap<RankableProgram, T>();
  return (p) => {
    const kept = (p as unknown as Record<symbol, T | undefined>)[key] ?? frozen.get(p);
    if (kept) return kept;
    const value = read(p);
    if (Object.isExtensible(p)) Object.defineProperty(p, key, { value });
    else frozen.set(p, value);
    return value;
  };
}
