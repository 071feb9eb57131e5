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

  it('are French, the fixed notes and (ADR 1086) the notes built with amounts alike', async () => {
    await applyLanguage('fr', { remember: false });
    render(<ResultView result={result} title="Résultat" testId="result" />);
    const basic = screen.getByText('Ce type de société n’obtient que le taux de base.');
    expect(basic.closest('[lang="en"]')).toBeNull();
    expect(screen.getByText(/^Non modélisés : /).closest('[lang="en"]')).toBeNull();
    expect(screen.queryByText(BASIC_ONLY)).toBeNull();
    // ADR 1086: a note built with an amount is French too, the amount as fr-CA writes it.
    const overhead = screen.getByText(
      /^Autre province ou territoire : les frais généraux de 5\s000,00\s\$ ne sont pas demandés selon la méthode de remplacement/,
    );
    expect(overhead.closest('[lang="en"]')).toBeNull();
    // fr-CA groups with a no-break space and puts the sign after the amount.
    expect(overhead.textContent).toContain('5\u00a0000,00\u00a0$');
    expect(document.body.textContent).not.toMatch(/overhead of|\$5,000/);
  });

  it('capital and British Columbia notes with figures are French too, the English unchanged (ADR 1086)', async () => {
    const bc = computeSredCredits({
      taxYearStart: '2025-01-01',
      taxYearEnd: '2025-12-31',
      corporationType: 'ccpc',
      priorYearTaxableCapital: 0,
      priorYearTaxableIncome: 0,
      expenditureLimitShare: 1,
      qualifyingCorporation: false,
      method: 'traditional',
      spend: [
        {
          ...emptySpend('BC'),
          salaries: 10_000_000,
          capital: [{ amount: 123_456, acquiredOn: '2024-06-01' }],
        },
      ],
    });
    const english = bc.notes.filter((n) => /capital item of|British Columbia: the page read/.test(n));
    expect(english.length).toBeGreaterThan(0);
    render(<ResultView result={bc} title="Result" testId="result" />);
    for (const note of english) expect(screen.getByText(note)).toBeTruthy();
    cleanup();
    await applyLanguage('fr', { remember: false });
    render(<ResultView result={bc} title="Résultat" testId="result" />);
    for (const note of english) expect(screen.queryByText(note)).toBeNull();
    expect(document.body.textContent).not.toMatch(/capital item of|the page read gives/);
  });
});
