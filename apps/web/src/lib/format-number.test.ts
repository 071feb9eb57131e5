import { describe, expect, it } from 'vitest';
import { formatCount } from './format-number.ts';

describe('formatCount', () => {
  it('groups in threes as en-CA does', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 100_000, 1_234_567, -4500]) {
      expect(formatCount(n)).toBe(n.toLocaleString('en-CA'));
    }
  });
});

describe('formatting in French (ADR 0360)', () => {
  it('writes money, counts and dates as fr-CA does, and English as before', async () => {
    const { applyLanguage } = await import('../i18n/index.ts');
    const { formatLongDate } = await import('./format-date.ts');
    const { formatMoney } = await import('./format-number.ts');
    expect(formatMoney(1234.56)).toBe('$1,234.56');
    await applyLanguage('fr', { remember: false });
    try {
      expect(formatMoney(1234.56)).toBe('1\u00a0234,56\u00a0$');
      expect(formatCount(1_234_567)).toBe('1\u00a0234\u00a0567');
      expect(formatCount(1_234_567)).toBe(new Intl.NumberFormat('fr-CA').format(1_234_567));
      expect(formatLongDate('2026-11-27T12:00:00Z')).toBe('27 novembre 2026');
    } finally {
      await applyLanguage('en', { remember: false });
    }
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});
