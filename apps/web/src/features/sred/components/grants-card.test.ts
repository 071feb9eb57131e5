import { describe, expect, it } from 'vitest';
import { parseMoneyInput } from './grants-card.tsx';

describe('parseMoneyInput: an amount typed in English or French, in cents (ADR 0660)', () => {
  it.each([
    ['20,000', 2_000_000],
    ['$20,000.50', 2_000_050],
    ['1,234,567', 123_456_700],
    ['20000', 2_000_000],
    ['20 000,50 $', 2_000_050],
    ['20\u00a0000', 2_000_000],
    ['CAD 7,5', 750],
    ['0.5', 50],
  ])('%s → %d cents', (text, cents) => expect(parseMoneyInput(text)).toBe(cents));

  it('empty is null and unreadable is NaN, never a guess', () => {
    expect(parseMoneyInput('  ')).toBeNull();
    for (const text of ['twelve', '20,00,0', '1.2.3', '-5', '20.005'])
      expect(parseMoneyInput(text)).toBeNaN();
  });
});
