// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_DASHBOARD } from '../test/dashboard-api.ts';
import { ADA, json, renderWithProviders, stubApi } from '../test/kit.tsx';
import { DashboardPage } from './dashboard-page.tsx';

const REASON =
  'No text could be read from the uploaded file (is it a scanned image?). Your credits have been refunded.';
const now = new Date().toISOString();
const SUBMISSIONS = [
  {
    id: 'gen-1',
    type: 'generation',
    programId: 'ca-nserc-alliance-advantage',
    status: 'failed',
    results: null,
    contentJson: {
      programId: 'ca-nserc-alliance-advantage',
      projectTitle: 'River ice sensors',
      projectOverview: 'We sense ice.',
      timelineMilestones: [],
    },
    fileUrl: null,
    error:
      'The AI service could not complete this request. Your credits have been refunded; please try again later.',
    submissionTimestamp: now,
    etaTimestamp: null,
  },
  {
    id: 'ana-1',
    type: 'analysis',
    programId: 'ca-nserc-alliance-advantage',
    status: 'failed',
    results: null,
    contentJson: {
      programId: 'ca-nserc-alliance-advantage',
      inputMethod: 'text',
      content: 'Our application text.',
    },
    fileUrl: null,
    error: REASON,
    submissionTimestamp: now,
    etaTimestamp: null,
  },
];

const IDEA_REASON = 'The idea could not be generated. Your credits have been refunded.';
const IDEAS = [
  {
    id: 'idea-1',
    researchBackground: 'Glaciology lab',
    researchInterests: 'Sensors for river ice',
    ideaResults: null,
    status: 'error',
    error: IDEA_REASON,
    submissionTimestamp: now,
    etaTimestamp: null,
  },
];
const FUNDING_REASON = 'The funding search could not be completed. Your credits have been refunded.';
const FUNDING = [
  {
    id: 'fund-1',
    researchTopic: 'River ice sensing',
    researchDetails: 'Low-cost sensors for ice jams.',
    teamProfile: 'Two engineers',
    fileContent: '[pdf file attached]',
    fundingResults: null,
    status: 'failed',
    error: FUNDING_REASON,
    submissionTimestamp: now,
  },
];

beforeEach(() => {
  stubApi({
    ...EMPTY_DASHBOARD,
    'GET /api/submissions': () => json(200, SUBMISSIONS),
    'GET /api/idea-generator-requests': () => json(200, IDEAS),
    'GET /api/funding-finder-requests': () => json(200, FUNDING),
    'GET /api/grant-programs?*': () =>
      json(200, [{ id: 'ca-nserc-alliance-advantage', name: 'Alliance Advantage', agency: 'NSERC' }]),
  });
});

const renderAt = (route: string) =>
  renderWithProviders(<DashboardPage />, { route, path: '/dashboard', user: { ...ADA, credits: 30 } });

// The whole dashboard renders here; on a loaded machine that takes longer than the 5 s default.
describe('a failed job on the dashboard', { timeout: 30_000 }, () => {
  it('says why in its row, that the credits were refunded, and Try again reopens the dialog with the same input', async () => {
    renderAt('/dashboard');
    // The ideas and funding rows may show their reasons first; wait for the submission's.
    const reason = await screen.findByText(REASON);
    expect(reason.getAttribute('data-testid')).toBe('failure-reason');
    const analysisRow = screen.getByText(REASON).closest('tr')!;
    fireEvent.click(within(analysisRow).getByRole('button', { name: 'Try again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Analyze Existing Grant Application' });
    expect((within(dialog).getByLabelText(/Grant application content/) as HTMLTextAreaElement).value).toBe(
      'Our application text.',
    );
  });

  it('opens the Generate dialog with the sent input when the viewer links back with ?retry=', async () => {
    renderAt('/dashboard?retry=gen-1');
    const dialog = await screen.findByRole('dialog', { name: 'Generate New Grant Application' });
    expect((within(dialog).getByLabelText(/Project title/) as HTMLInputElement).value).toBe(
      'River ice sensors',
    );
    expect((within(dialog).getByLabelText(/Project overview/) as HTMLTextAreaElement).value).toBe(
      'We sense ice.',
    );
  });

  it('offers Try again on a failed idea, reopening the Idea Generator with its input', async () => {
    renderAt('/dashboard');
    const row = (await screen.findByText(IDEA_REASON)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Try again' }));
    const dialog = await screen.findByRole('dialog', { name: /Idea Generator/ });
    expect((within(dialog).getByLabelText(/Research background/) as HTMLTextAreaElement).value).toBe(
      'Glaciology lab',
    );
    expect((within(dialog).getByLabelText(/Research interests/) as HTMLTextAreaElement).value).toBe(
      'Sensors for river ice',
    );
  });

  it('offers Try again on a failed funding search, reopening the Funding Finder with its input', async () => {
    renderAt('/dashboard');
    const row = (await screen.findByText(FUNDING_REASON)).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Try again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Funding Finder' });
    expect((within(dialog).getByLabelText(/Research topic/) as HTMLInputElement).value).toBe(
      'River ice sensing',
    );
    expect((within(dialog).getByLabelText(/Team profile/) as HTMLTextAreaElement).value).toBe(
      'Two engineers',
    );
    expect(within(dialog).getByText(/attach it again/)).toBeTruthy();
  });
});
