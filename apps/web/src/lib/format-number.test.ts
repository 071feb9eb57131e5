import { describe, expect, it } from 'vitest';
import { formatCount } from './format-number.ts';

describe('formatCount', () => {
  it('groups in threes as en-CA does', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 1_234_567, -4500]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-CA'));
    }
  });
});
