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
    const { formatCents, formatMoney } = await import('./format-number.ts');
    const { formatMoney: formatShared } = await import('@grantleaf/shared/pricing');
    expect(formatMoney(1234.56)).toBe('$1,234.56');
    // Paid work's prices keep the currency's code in English: the shared formatter's own text.
    expect(formatCents(2900, 'CAD')).toBe(formatShared(2900, 'CAD'));
    expect(formatCents(2200, 'USD')).toMatch(/^USD\s22\.00$/);
    await applyLanguage('fr', { remember: false });
    try {
      expect(formatMoney(1234.56)).toBe('1\u00a0234,56\u00a0$');
      expect(formatCents(2900, 'CAD')).toBe('29,00\u00a0$');
      expect(formatCents(2200, 'USD')).toBe('22,00\u00a0$\u00a0US');
      // The web's formatter is the shared one in the interface's locale, so the two never disagree.
      expect(formatMoney(22, 'USD')).toBe(formatShared(2200, 'USD', 'fr-CA', 'symbol'));
      expect(formatCount(1_234_567)).toBe('1\u00a0234\u00a0567');
      expect(formatCount(1_234_567)).toBe(new Intl.NumberFormat('fr-CA').format(1_234_567));
      expect(formatLongDate('2026-11-27T12:00:00Z')).toBe('27 novembre 2026');
    } finally {
      await applyLanguage('en', { remember: false });
    }
    expect(formatCount(1_234_567)).toBe('1,234,567');
  });
});
