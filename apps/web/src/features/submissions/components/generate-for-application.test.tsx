// @vitest-environment jsdom
import { checkBudget } from '@grantleaf/shared/budget-checks';
import { EMPTY_BUDGET, type Budget } from '@grantleaf/shared/budget.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, fillIn, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { GenerateApplicationDialog } from './generate-application-dialog.tsx';

// "Write this draft for my application" (ADR 0453): the dialog sends the chosen application's id;
// the server reads its saved budget and the draft states the request it computes.
const PROGRAM = {
  id: 'ca-nserc-alliance-advantage',
  name: 'Alliance Advantage',
  agency: 'NSERC',
  country: 'CA',
  currency: 'CAD',
};
const WITH_BUDGET = '5d1b2f0e-9a4c-4c1e-8f3a-2b6d7e8f9a01';
const WITHOUT_BUDGET = '0b0c6b1e-2f55-4d8e-9c37-6a3c1f2e4d10';
const OTHER_PROGRAM = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const application = (id: string, title: string, programId: string | null) => ({
  id,
  title,
  program: 'NSERC Alliance',
  amount: '',
  status: 'draft',
  deadline: null,
  programId,
  submissionId: null,
  submittedAt: null,
  version: 1,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
  history: [],
  documents: [],
});
const SAVED: Budget = {
  years: 1,
  lines: [{ id: 'l1', category: 'personnel', label: 'Research associate', amounts: [300_000], note: '' }],
  partners: [{ id: 'p1', name: 'Hydro Giant Inc.', employees: 12_000, cash: [100_000], inKind: [0] }],
  notes: '',
};
// Without rules the request is the costs (ADR 0281); the dialog shows what the server computed.
const view = (budget: Budget, revision: number) => ({
  budget,
  revision,
  updatedAt: revision ? '2026-11-20T00:00:00Z' : null,
  programId: PROGRAM.id,
  programName: 'NSERC Alliance Advantage',
  rules: null,
  summary: {
    ...checkBudget(budget, null),
    totals: { ...checkBudget(budget, null).totals, requested: 200_000 },
  },
});

function stub() {
  return stubApi({
    'GET /api/grant-programs?*': () => json(200, [PROGRAM]),
    [`GET /api/users/${ADA.id}/applications`]: () =>
      json(200, {
        data: [
          application(WITH_BUDGET, 'River ice sensors', PROGRAM.id),
          application(WITHOUT_BUDGET, 'Snowpack radar', PROGRAM.id),
          application(OTHER_PROGRAM, 'Other program', 'us-nsf-sbir-phase-1'),
        ],
      }),
    [`GET /api/applications/${WITH_BUDGET}/budget`]: () => json(200, view(SAVED, 3)),
    [`GET /api/applications/${WITHOUT_BUDGET}/budget`]: () => json(200, view(EMPTY_BUDGET, 0)),
    'POST /api/submissions': () => json(201, { id: 's9', etaTimestamp: null }),
  });
}

async function fillRequired() {
  await screen.findByRole('option', { name: /Alliance Advantage/ });
  fireEvent.change(screen.getByLabelText('Grant program *'), { target: { value: PROGRAM.id } });
  fillIn('Project title *', 'River ice sensors');
  fillIn('Project overview *', 'A low-cost sensor network for river ice.');
  fillIn('Key objectives *', 'Deploy 40 sensors.');
  fillIn('Total budget (CAD) *', '$420,000');
  fillIn('Project timeline *', '12 months');
  fillIn('Team lead name *', 'Dr. Ada Lee');
  fillIn('Team lead role *', 'Principal Investigator');
  fillIn('Team profiles *', 'Ada Lee, hydrology.');
}

const sentContent = (calls: ReturnType<typeof stub>['calls']) =>
  (calls.find((c) => c.method === 'POST')!.body as { contentJson: Record<string, unknown> }).contentJson;

describe('Generate dialog: Write this draft for my application', () => {
  it('offers the user’s applications for the chosen program, says the saved request, and sends the id', async () => {
    const { calls } = stub();
    renderWithProviders(<GenerateApplicationDialog open onOpenChange={() => {}} />, { user: ADA });
    await fillRequired();
    const select = (await screen.findByLabelText(
      'Write this draft for my application (optional)',
    )) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'None',
      'River ice sensors (NSERC Alliance)',
      'Snowpack radar (NSERC Alliance)',
    ]);
    fireEvent.change(select, { target: { value: WITH_BUDGET } });
    expect((await screen.findByTestId('gen-budget')).textContent).toBe(
      'Its saved budget requests CAD $200,000: the draft states that request, not the total above.',
    );
    expect(select.getAttribute('aria-describedby')).toBe('gen-application-budget');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Application' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = sentContent(calls);
    expect(sent.applicationId).toBe(WITH_BUDGET);
    // The budget's totals are the server's to set (ADR 0453): the dialog never sends them.
    expect(sent).not.toHaveProperty('budget');
  });

  it('says when the chosen application has no saved budget, and sends no id when none is chosen', async () => {
    const { calls } = stub();
    renderWithProviders(<GenerateApplicationDialog open onOpenChange={() => {}} />, { user: ADA });
    await fillRequired();
    const select = (await screen.findByLabelText(
      'Write this draft for my application (optional)',
    )) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: WITHOUT_BUDGET } });
    expect((await screen.findByTestId('gen-budget')).textContent).toBe(
      'It has no saved budget yet: the draft states the total budget above.',
    );
    fireEvent.change(select, { target: { value: '' } });
    expect(screen.queryByTestId('gen-budget')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Generate Application' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(sentContent(calls)).not.toHaveProperty('applicationId');
  });
});
