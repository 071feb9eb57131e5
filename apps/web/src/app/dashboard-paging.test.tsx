// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SUBMISSIONS_PAGE_SIZE } from '@grantleaf/shared/submissions.schema';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CURRENT_USER_KEY } from '../features/auth/api/auth.api.ts';
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

let calls: string[] = [];
beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });
    // A full first page, then one older submission.
    if (url === '/api/submissions')
      return json(Array.from({ length: SUBMISSIONS_PAGE_SIZE }, (_, i) => submission(i)));
    if (url === '/api/submissions?page=2') return json([submission(SUBMISSIONS_PAGE_SIZE)]);
    return json([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the Recent Activity table (GET /api/submissions is paged, ADR 0105)', { timeout: 30_000 }, () => {
  it('loads older submissions on request until a page comes back short', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(CURRENT_USER_KEY, {
      id: 'u1',
      name: 'Ada',
      email: 'ada@utoronto.ca',
      phone: '1',
      credits: 3,
      isAdmin: false,
      emailVerified: true,
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <Routes>
            <Route path="/dashboard" element={<DashboardPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(
      await screen.findByRole('button', { name: 'Load older submissions' }, { timeout: 15_000 }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /Load older submissions|Loading/ })).toBeNull(),
    );
    expect(calls.filter((c) => c.startsWith('/api/submissions'))).toEqual([
      '/api/submissions',
      '/api/submissions?page=2',
    ]);
  });
});
