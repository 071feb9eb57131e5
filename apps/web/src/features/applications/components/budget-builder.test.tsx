// @vitest-environment jsdom
import { checkBudget } from '@grantleaf/shared/budget-checks';
import type { Budget, BudgetPrefill, BudgetView } from '@grantleaf/shared/budget.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enBudget from '../../../i18n/locales/en.budget.json';
import frBudget from '../../../i18n/locales/fr.budget.json';
import { BUDGET_LINE_CATEGORIES } from '@grantleaf/shared/budget.schema';
import { renderWithProviders } from '../../../test/kit.tsx';
import { BudgetForm } from './budget-builder.tsx';
import costRules from '../../../../../server/data/cost-rules.json';
import type { ProgramCostRules } from '@grantleaf/shared/cost-rules.schema';

const budget: Budget = {
  years: 1,
  lines: [{ id: 'l1', category: 'equipment', label: 'Ice radar', amounts: [40_000], note: '' }],
  partners: [],
  notes: '',
};
const view: BudgetView = {
  budget,
  revision: 3,
  updatedAt: '2026-11-27T10:00:00Z',
  programId: null,
  programName: null,
  rules: null,
  summary: checkBudget(budget, null),
  prefill: null,
};

describe('Editor: budget builder access (ADR 0371)', () => {
  it('shows a reader the lines and totals with every field off and no save', () => {
    renderWithProviders(<BudgetForm applicationId="a1" view={view} readOnly />);
    const label = screen.getByLabelText('Line 1: what it pays for') as HTMLInputElement;
    expect(label.value).toBe('Ice radar');
    expect(label.matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Add a cost line' }).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save budget' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' }).matches(':disabled')).toBe(false);
  });

  it('lets an owner or editor change and save it', () => {
    renderWithProviders(<BudgetForm applicationId="a1" view={view} />);
    expect(screen.getByLabelText('Line 1: what it pays for').matches(':disabled')).toBe(false);
    expect(screen.getByRole('button', { name: 'Save budget' })).toBeTruthy();
  });
});

describe('Editor: the budget builder in English and French (issue 26 item 2)', () => {
  afterEach(() => applyLanguage('en', { remember: false }));
  const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

  it('names every line category in both catalogues', () => {
    for (const c of BUDGET_LINE_CATEGORIES) {
      expect(enBudget.budget.categories[c], c).toBeTruthy();
      expect(frBudget.budget.categories[c], c).toBeTruthy();
    }
  });

  it('shows English with the draft’s money form', () => {
    renderWithProviders(<BudgetForm applicationId="a1" view={view} />);
    expect(screen.getByTestId('budget-total-direct').textContent).toBe('CAD $40,000');
    expect(screen.getByRole('option', { name: 'Equipment' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Year 1'), { target: { value: '40k' } });
    expect(screen.getByText('Enter whole units, e.g. 25000')).toBeTruthy();
  });

  it('shows French labels, messages and money as "40 000 $", and says the findings quote English', async () => {
    await applyLanguage('fr', { remember: false });
    renderWithProviders(<BudgetForm applicationId="a1" view={view} />);
    expect((screen.getByLabelText('Ligne 1 : ce qu’elle finance') as HTMLInputElement).value).toBe(
      'Ice radar',
    );
    expect(screen.getByRole('option', { name: 'Équipement' })).toBeTruthy();
    expect(screen.getByRole('option', { name: '3 ans' })).toBeTruthy();
    expect(plain(screen.getByTestId('budget-total-direct').textContent)).toBe('40 000 $');
    expect(screen.getByRole('button', { name: 'Enregistrer le budget' })).toBeTruthy();
    expect(screen.getByText(/Les constats et le calcul sont en anglais/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Année 1'), { target: { value: '40k' } });
    expect(screen.getByText('Saisissez des unités entières, p. ex. 25000')).toBeTruthy();
    // A typed French amount with its no-break spaces is read, not refused.
    fireEvent.change(screen.getByLabelText('Année 1'), { target: { value: '45\u00a0000' } });
    expect(plain(screen.getByTestId('budget-total-direct').textContent)).toBe('45 000 $');
  });
});

describe('Editor: the request an IRAP applicant states (ADR 0740)', () => {
  const irap = costRules.programs['ca-nrc-irap'] as ProgramCostRules;
  const lines: Budget = {
    years: 1,
    lines: [
      { id: 's', category: 'personnel', label: 'Two engineers', amounts: [100_000], note: '' },
      { id: 'c', category: 'subcontracts', label: 'Test lab', amounts: [40_000], note: '' },
    ],
    partners: [],
    notes: '',
  };
  const irapView: BudgetView = {
    ...view,
    budget: lines,
    programId: 'ca-nrc-irap',
    programName: irap.name,
    rules: irap,
    summary: checkBudget(lines, irap),
  };

  it('asks for the amount, uses it as the request, and refuses one that is not whole units', () => {
    renderWithProviders(<BudgetForm applicationId="a1" view={irapView} />);
    // Blank: an estimate at the quoted shares, said to be one.
    expect(screen.getByTestId('budget-total-requested').textContent).toBe('CAD $100,000');
    expect(screen.getByText(/is an estimate at those shares; check with the funder/)).toBeTruthy();
    const field = screen.getByLabelText('The amount you request (CAD)');
    fireEvent.change(field, { target: { value: '91,500' } });
    expect(screen.getByTestId('budget-total-requested').textContent).toBe('CAD $91,500');
    expect(screen.getByText(/The request is the amount the applicant states, CAD \$91,500/)).toBeTruthy();
    fireEvent.change(field, { target: { value: '91.5k' } });
    expect(screen.getByText('Enter whole units, e.g. 25000')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('91.5k');
  });

  it('does not ask where the program computes the request itself', () => {
    renderWithProviders(<BudgetForm applicationId="a1" view={view} />);
    expect(screen.queryByLabelText(/The amount you request/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Budget as PDF' })).toBeTruthy();
  });
});

describe('Editor: the budget starts from the application’s material (ADR 0830)', () => {
  afterEach(() => applyLanguage('en', { remember: false }));
  const alliance = costRules.programs['ca-nserc-alliance-advantage'] as ProgramCostRules;
  const empty: Budget = { years: 1, lines: [], partners: [], notes: '' };
  const fromForm = (field: string, quote: string) => ({ origin: 'form' as const, field, quote });
  const prefill: BudgetPrefill = {
    years: 2,
    yearsSource: fromForm('projectTimeline', '24 months'),
    partners: [
      {
        id: 'prefill-p1',
        name: 'Hydro Giant Inc.',
        nameSource: fromForm('industryPartner', 'Hydro Giant Inc.'),
        cash: [100_000, 0],
        inKind: [40_000, 0],
        amounts: [
          {
            kind: 'cash',
            value: 100_000,
            perYear: false,
            source: fromForm('totalBudget', 'partner cash $100,000'),
          },
          {
            kind: 'inKind',
            value: 40_000,
            perYear: false,
            source: fromForm('totalBudget', 'in-kind $40,000'),
          },
        ],
      },
    ],
    totalCost: {
      value: 420_000,
      perYear: false,
      source: fromForm('totalBudget', 'Total project cost $420,000'),
    },
    requested: null,
    statedRequest: null,
    milestones: [{ title: 'Prototype sensors', value: 40_000, source: fromForm('milestone', '$40,000') }],
    missing: ['costLines', 'partnerSize', 'partnerByYear'],
  };
  const fresh: BudgetView = {
    budget: empty,
    revision: 0,
    updatedAt: null,
    programId: 'ca-nserc-alliance-advantage',
    programName: alliance.name,
    rules: alliance,
    summary: checkBudget(empty, alliance),
    prefill,
  };

  it('fills the partner and the years from the material, each with its source; no cost line', () => {
    renderWithProviders(<BudgetForm applicationId="a1" view={fresh} />);
    expect((screen.getByLabelText('Years') as HTMLSelectElement).value).toBe('2');
    expect((screen.getByLabelText('Partner 1', { exact: true }) as HTMLInputElement).value).toBe(
      'Hydro Giant Inc.',
    );
    const cash = screen.getByRole('group', { name: /Hydro Giant Inc. cash/ });
    expect((within(cash).getByLabelText('Year 1') as HTMLInputElement).value).toBe('100000');
    expect((within(cash).getByLabelText('Year 2') as HTMLInputElement).value).toBe('');
    expect(screen.getByTestId('budget-total-partnerInKind').textContent).toBe('CAD $40,000');
    expect(screen.queryAllByTestId('budget-line')).toHaveLength(0);
    const sources = screen.getAllByTestId('budget-prefill-source').map((li) => li.textContent);
    expect(sources).toContain(
      'Partner cash CAD $100,000 (whole project) — from Total budget (the draft’s form): “partner cash $100,000”',
    );
    expect(sources).toContain(
      'Total project cost CAD $420,000 (whole project) — from Total budget (the draft’s form): “Total project cost $420,000”',
    );
    expect(sources).toContain(
      'Milestone “Prototype sensors”: CAD $40,000 — from a milestone’s budget (the draft’s form): “$40,000”',
    );
    expect(screen.getByTestId('budget-prefill-against').textContent).toBe(
      'Your cost lines add up to CAD $0; your material states a total project cost of CAD $420,000.',
    );
    const missing = screen.getByTestId('budget-prefill-missing');
    expect(within(missing).getAllByRole('listitem')).toHaveLength(3);
    expect(missing.textContent).toContain('Each partner’s number of employees');
    // Not saved yet: the prefill is a proposal until the applicant saves it.
    expect(screen.getByTestId('budget-save-state').textContent).toBe('Not saved yet');
    // A line typed in counts against the stated total.
    fireEvent.click(screen.getByRole('button', { name: 'Add a cost line' }));
    fireEvent.change(screen.getByLabelText('Line 1: what it pays for'), {
      target: { value: 'Research associate' },
    });
    fireEvent.change(
      within(screen.getByRole('group', { name: /Research associate/ })).getByLabelText('Year 1'),
      {
        target: { value: '150000' },
      },
    );
    expect(screen.getByTestId('budget-prefill-against').textContent).toContain('add up to CAD $150,000');
  });

  it('says the same in French', async () => {
    await applyLanguage('fr', { remember: false });
    renderWithProviders(<BudgetForm applicationId="a1" view={fresh} />);
    expect(screen.getByRole('heading', { name: 'Point de départ : votre demande' })).toBeTruthy();
    expect(screen.getByTestId('budget-prefill-missing').textContent).toContain('Le nombre d’employés');
  });

  it('opens a saved budget, or a reader’s view, as saved', () => {
    renderWithProviders(<BudgetForm applicationId="a1" view={fresh} readOnly />);
    expect(screen.queryByTestId('budget-prefill')).toBeNull();
    expect(screen.queryAllByTestId('budget-partner')).toHaveLength(0);
  });
});

describe('Editor: money in another currency counts only at the rate the applicant enters (ADR 0940)', () => {
  afterEach(() => applyLanguage('en', { remember: false }));
  const alliance = costRules.programs['ca-nserc-alliance-advantage'] as ProgramCostRules;
  const usPartner: Budget = {
    years: 1,
    lines: [{ id: 'ra', category: 'personnel', label: 'Research associate', amounts: [210_000], note: '' }],
    partners: [
      { id: 'us', name: 'Lakeshore LLC', employees: 800, cash: [50_000], inKind: [0], currency: 'USD' },
    ],
    notes: '',
  };
  const usView: BudgetView = {
    ...view,
    budget: usPartner,
    programId: 'ca-nserc-alliance-advantage',
    programName: alliance.name,
    rules: alliance,
    summary: checkBudget(usPartner, alliance),
  };

  it('asks for the rate, its source and date; converts only once all three are valid', () => {
    renderWithProviders(<BudgetForm applicationId="a1" view={usView} />);
    expect(
      (screen.getByLabelText('Currency', { selector: '#partner-us-currency' }) as HTMLSelectElement).value,
    ).toBe('USD');
    expect(screen.getByRole('group', { name: 'Lakeshore LLC cash (USD)' })).toBeTruthy();
    // No rate: the USD is not read as Canadian dollars.
    expect(screen.getByTestId('budget-total-partnerCash').textContent).toBe('CAD $0');
    expect(screen.getByText(/no exchange rate from USD to CAD is entered/)).toBeTruthy();
    const rates = screen.getByTestId('budget-rates');
    fireEvent.change(within(rates).getByLabelText('1 USD = … CAD'), { target: { value: '1,4' } });
    // A rate without its source or date is not used, and each missing part says so.
    expect(screen.getByText('Say where the rate comes from')).toBeTruthy();
    expect(screen.getByText('Enter a real date as YYYY-MM-DD')).toBeTruthy();
    fireEvent.change(within(rates).getByLabelText('Source of the USD rate'), {
      target: { value: 'Bank of Canada daily rate' },
    });
    fireEvent.change(within(rates).getByLabelText('Date of the USD rate (YYYY-MM-DD)'), {
      target: { value: '2026-11-27' },
    });
    expect(screen.getByTestId('budget-total-partnerCash').textContent).toBe('CAD $70,000');
    expect(screen.getByTestId('budget-total-requested').textContent).toBe('CAD $140,000');
    expect(
      screen.getByText(
        /USD \$50,000 converted at 1 USD = 1\.4 CAD \(rate you entered: Bank of Canada daily rate, 2026-11-27\) = CAD \$70,000/,
      ),
    ).toBeTruthy();
    // A bad rate is refused with its message and kept as typed; the totals stay at the last valid entry.
    fireEvent.change(within(rates).getByLabelText('1 USD = … CAD'), { target: { value: '1.4x' } });
    expect(
      screen.getByText('Enter the rate as a number above 0, e.g. 1.365 (at most six decimals)'),
    ).toBeTruthy();
    expect((within(rates).getByLabelText('1 USD = … CAD') as HTMLInputElement).value).toBe('1.4x');
    expect(screen.getByTestId('budget-total-partnerCash').textContent).toBe('CAD $70,000');
    // Back to the program's currency: no rate is asked for.
    fireEvent.change(screen.getByLabelText('Currency', { selector: '#partner-us-currency' }), {
      target: { value: '' },
    });
    expect(screen.queryByTestId('budget-rates')).toBeNull();
    expect(screen.getByTestId('budget-total-partnerCash').textContent).toBe('CAD $50,000');
  });

  it('says it in French', async () => {
    await applyLanguage('fr', { remember: false });
    renderWithProviders(<BudgetForm applicationId="a1" view={usView} />);
    const rates = screen.getByTestId('budget-rates');
    expect(within(rates).getByText('Taux de change')).toBeTruthy();
    expect(within(rates).getByLabelText('Provenance du taux USD')).toBeTruthy();
    fireEvent.change(within(rates).getByLabelText('1 USD = … CAD'), { target: { value: '0' } });
    expect(
      screen.getByText('Saisissez le taux en nombre supérieur à 0, p. ex. 1,365 (six décimales au plus)'),
    ).toBeTruthy();
  });
});
