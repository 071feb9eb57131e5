// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, fillIn, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { AnalyzeApplicationDialog } from './analyze-application-dialog.tsx';

const PROGRAM = {
  id: 'ca-nserc-alliance-advantage',
  name: 'Alliance Advantage',
  agency: 'NSERC',
  country: 'CA',
  currency: 'CAD',
};
const APP_ID = '5d1b2f0e-9a4c-4c1e-8f3a-2b6d7e8f9a01';
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

describe('Analyze dialog: Attach to application', () => {
  it('offers the user’s applications for the chosen program, none by default, and sends the chosen id', async () => {
    const { calls } = stubApi({
      'GET /api/grant-programs?*': () => json(200, [PROGRAM]),
      [`GET /api/users/${ADA.id}/applications`]: () =>
        json(200, {
          data: [
            application(APP_ID, 'River ice sensors', PROGRAM.id),
            application('7c9e6679-7425-40de-944b-e07fc1f90ae7', 'Other program', 'us-nsf-sbir-phase-1'),
          ],
        }),
      'POST /api/submissions': () => json(201, { id: 's9', etaTimestamp: null }),
    });
    renderWithProviders(<AnalyzeApplicationDialog open onOpenChange={() => {}} />, { user: ADA });
    await screen.findByRole('option', { name: /Alliance Advantage/ });
    fireEvent.change(screen.getByLabelText('Grant program *'), { target: { value: PROGRAM.id } });
    const select = (await screen.findByLabelText('Attach to application (optional)')) as HTMLSelectElement;
    expect(select.value).toBe('');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'None',
      'River ice sensors (NSERC Alliance)',
    ]);
    fireEvent.change(select, { target: { value: APP_ID } });
    fillIn('Grant application content *', 'Objectives: deploy 40 sensors.');
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Application' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST')!;
    expect((sent.body as { contentJson: { applicationId?: string } }).contentJson.applicationId).toBe(APP_ID);
  });
});
