// @vitest-environment jsdom
import { checkBudget } from '@grantleaf/shared/budget-checks';
import type { Budget, BudgetView } from '@grantleaf/shared/budget.schema';
import { fireEvent, screen } from '@testing-library/react';
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
