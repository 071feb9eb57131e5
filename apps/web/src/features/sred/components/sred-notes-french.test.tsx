// @vitest-environment jsdom
import { computeSredCredits, emptySpend } from '@grantleaf/shared/sred/calculator';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { ResultView } from './sred-page.tsx';

// Issue 31, ADR 1042: the calculator's fixed notes in French; a note built with amounts stays
// English and says so (lang="en").

const result = computeSredCredits({
  taxYearStart: '2025-01-01',
  taxYearEnd: '2025-12-31',
  corporationType: 'other',
  priorYearTaxableCapital: 0,
  priorYearTaxableIncome: 0,
  expenditureLimitShare: 1,
  qualifyingCorporation: false,
  method: 'proxy',
  spend: [{ ...emptySpend('OTHER'), salaries: 10_000_000, overhead: 500_000 }],
});
const BASIC_ONLY = 'This corporation type earns the basic rate only.';

afterEach(async () => {
  cleanup();
  await applyLanguage('en', { remember: false });
});

describe('the SR&ED calculation notes', () => {
  it('are the record’s English in English, marked so', () => {
    expect(result.notes).toContain(BASIC_ONLY);
    render(<ResultView result={result} title="Result" testId="result" />);
    expect(screen.getByText(BASIC_ONLY).closest('[lang="en"]')).toBeTruthy();
  });

  it('are French where the note is fixed; a note with amounts stays English, marked lang="en"', async () => {
    await applyLanguage('fr', { remember: false });
    render(<ResultView result={result} title="Résultat" testId="result" />);
    const basic = screen.getByText('Ce type de société n’obtient que le taux de base.');
    expect(basic.closest('[lang="en"]')).toBeNull();
    expect(screen.getByText(/^Non modélisés : /).closest('[lang="en"]')).toBeNull();
    expect(screen.queryByText(BASIC_ONLY)).toBeNull();
    const overhead = screen.getByText(/overhead of .* is not claimed under the proxy method/);
    expect(overhead.getAttribute('lang')).toBe('en');
  });
});
