// @vitest-environment jsdom
import { SUBMISSIONS_PAGE_SIZE } from '@grantleaf/shared/submissions.schema';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, json, renderWithProviders, stubApi } from '../test/kit.tsx';
import { EMPTY_DASHBOARD } from '../test/dashboard-api.ts';
import { DashboardPage } from './dashboard-page.tsx';

const submission = (n: number) => ({
  id: `s-${n}`,
  type: 'analysis',
  programId: 'ca-nserc-alliance-advantage',
  status: 'failed',
  results: null,
  contentJson: { programId: 'ca-nserc-alliance-advantage', inputMethod: 'text', content: 'x' },
  fileUrl: null,
  error: 'Refunded.',
  submissionTimestamp: new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString(),
  etaTimestamp: null,
});

describe('the Recent Activity table (GET /api/submissions is paged, ADR 0105)', { timeout: 30_000 }, () => {
  it('loads older submissions on request until a page comes back short', async () => {
    // A full first page, then one older submission.
    const { calls } = stubApi({
      ...EMPTY_DASHBOARD,
      'GET /api/submissions': () =>
        json(
          200,
          Array.from({ length: SUBMISSIONS_PAGE_SIZE }, (_, i) => submission(i)),
        ),
      'GET /api/submissions?page=2': () => json(200, [submission(SUBMISSIONS_PAGE_SIZE)]),
    });
    renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard', user: ADA });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Load older submissions' }, { timeout: 15_000 }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Load older submissions|Loading/ })).toBeNull(),
    );
    expect(calls.map((c) => c.url).filter((url) => url.startsWith('/api/submissions'))).toEqual([
      '/api/submissions',
      '/api/submissions?page=2',
    ]);
  });
});
