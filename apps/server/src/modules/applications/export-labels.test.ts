import type { Budget } from '@grantleaf/shared/budget.schema';
import { describe, expect, it } from 'vitest';
import { budgetBlocks } from './budget-export.ts';

// Issue 31 §1, ADR 0861: the export's own words in the reader's language; the user's lines stay.
const BUDGET: Budget = {
  years: 2,
  lines: [
    { id: 'ra', category: 'personnel', label: 'Assistant de recherche', amounts: [50_000, 52_000], note: '' },
    { id: 'tr', category: 'travel', label: 'Congrès ACFAS', amounts: [3_000, 0], note: 'Deux personnes' },
  ],
  partners: [
    { id: 'p', name: 'Hydro-Québec', employees: 20_000, cash: [10_000, 10_000], inKind: [5_000, 0] },
  ],
  notes: '',
} as Budget;

const text = (language: 'en' | 'fr') =>
  budgetBlocks(BUDGET, null, language)
    .map((b) => [b.text ?? '', ...(b.rows ?? []).flat()].join(' | '))
    .join('\n');

describe('budget blocks of the export in the reader’s language', () => {
  it('English keeps the words the export always had', () => {
    const en = text('en');
    for (const words of [
      'Budget lines',
      'Category | Line | Year 1 | Year 2 | Total',
      'Requested from the funder',
    ])
      expect(en).toContain(words);
    expect(en).toContain('Personnel (students, postdocs, staff) | Assistant de recherche | CAD $50,000');
    expect(en).toContain('Hydro-Québec contributes CAD $20,000 in cash and CAD $5,000 in kind.');
  });

  it('French: headings, table headers, categories, totals and amounts; the user’s words unchanged', () => {
    const fr = text('fr');
    expect(fr).toContain('Lignes budgétaires');
    expect(fr).toContain('Catégorie | Ligne | Année 1 | Année 2 | Total');
    expect(fr).toContain(
      'Personnel (étudiants, postdoctorants, employés) | Assistant de recherche | 50\u00a0000\u00a0$\u00a0CAD',
    );
    expect(fr).toContain('Déplacements — Congrès ACFAS\u00a0: 3\u00a0000\u00a0$\u00a0CAD. Deux personnes');
    expect(fr).toContain('Coûts directs');
    expect(fr).toContain('Demandé au bailleur de fonds');
    expect(fr).toContain('Contributions des partenaires');
    expect(fr).toContain('Partenaire | Contribution | Année 1 | Année 2 | Total');
    expect(fr).toContain(
      'Hydro-Québec contribue 20\u00a0000\u00a0$\u00a0CAD en espèces et 5\u00a0000\u00a0$\u00a0CAD en nature.',
    );
    expect(fr).toMatch(/La demande est de [\d\u00a0]+\u00a0\$\u00a0CAD sur 2\u00a0ans/);
    // The funder's own table (budget-shape.ts) comes first and keeps its English names (ADR 0861);
    // everything Grantleaf writes after it is French.
    expect(fr.slice(fr.indexOf('Lignes budgétaires'))).not.toMatch(
      /Budget lines|Requested from|Year 1|contributes|Category \|/,
    );
  });
});

describe('amounts in another currency in the export (ADR 0940)', () => {
  const withEuros = (rate: boolean): Budget => ({
    ...BUDGET,
    lines: [
      ...BUDGET.lines,
      { id: 'eu', category: 'travel', label: 'Lyon', amounts: [2_000, 0], note: '', currency: 'EUR' },
    ],
    ...(rate
      ? { exchangeRates: [{ currency: 'EUR', rate: 1.5, source: 'Banque du Canada', date: '2026-11-27' }] }
      : {}),
  });
  const blocks = (b: Budget, language: 'en' | 'fr') =>
    budgetBlocks(b, null, language)
      .map((x) => [x.text ?? '', ...(x.rows ?? []).flat()].join(' | '))
      .join('\n');

  it('says each conversion with the rate, its source and date, in the reader’s language', () => {
    expect(blocks(withEuros(true), 'en')).toContain(
      "Line 'Lyon': entered as EUR 2,000, converted at 1 EUR = 1.5 CAD (the applicant's rate: Banque du Canada, 2026-11-27) = CAD $3,000.",
    );
    expect(blocks(withEuros(true), 'en')).toContain('Travel | Lyon | CAD $3,000 | CAD $0 | CAD $3,000');
    expect(blocks(withEuros(true), 'fr').replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'Ligne « Lyon » : saisi en 2 000 EUR, converti à 1 EUR = 1,5 CAD (taux du demandeur : Banque du Canada, 2026-11-27) = 3 000 $ CAD.',
    );
  });

  it('without a rate the line is shown at nothing and the export says why', () => {
    const en = blocks(withEuros(false), 'en');
    expect(en).toContain('Travel | Lyon | CAD $0 | CAD $0 | CAD $0');
    expect(en).toContain('no exchange rate from EUR to CAD was entered, so it is left out of every total');
  });
});
