// @vitest-environment jsdom
import { checkBudget } from '@grantleaf/shared/budget-checks';
import type { Budget, BudgetView } from '@grantleaf/shared/budget.schema';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/kit.tsx';
import { BudgetForm } from './budget-builder.tsx';

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
