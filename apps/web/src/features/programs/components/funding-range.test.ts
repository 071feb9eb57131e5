import { formatFundingRange } from '@grantleaf/shared/programs.schema';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { fundingRangeText } from './funding-range.ts';

// Every branch of formatFundingRange, with the French the table shows for it.
const CASES: Array<[number | null, number | null, string, string | null, string]> = [
  [20_000, 1_000_000, 'CAD', 'per_year', '20\u00a0000\u00a0$ – 1\u00a0000\u00a0000\u00a0$ par année'],
  [50_000, 50_000, 'USD', 'total', '50\u00a0000\u00a0$ US au total'],
  [null, 150_000, 'CAD', 'per_project', 'Jusqu’à 150\u00a0000\u00a0$ par projet'],
  [0, 150_000, 'CAD', null, 'Jusqu’à 150\u00a0000\u00a0$'],
  [5_000, null, 'CAD', 'unknown_period', 'À partir de 5\u00a0000\u00a0$'],
  [0, 0, 'CAD', null, 'Non monétaire (services ou participation)'],
  [null, null, 'CAD', 'per_year', 'Variable'],
];

describe('a program’s funding in the table (spec §3, issue 31)', () => {
  afterEach(() => applyLanguage('en', { remember: false }));

  it('is the server’s fundingRange in English, word for word', () => {
    for (const [min, max, currency, period] of CASES) {
      const fundingRange = formatFundingRange(min, max, currency, period);
      expect(
        fundingRangeText({ fundingRange, fundingMin: min, fundingMax: max, currency, fundingPeriod: period }),
      ).toBe(fundingRange);
    }
  });

  it('follows the same rule in French, amounts as fr-CA writes them', async () => {
    await applyLanguage('fr', { remember: false });
    for (const [min, max, currency, period, french] of CASES) {
      const fundingRange = formatFundingRange(min, max, currency, period);
      expect(
        fundingRangeText({ fundingRange, fundingMin: min, fundingMax: max, currency, fundingPeriod: period }),
      ).toBe(french);
    }
  });
});
