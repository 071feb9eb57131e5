// @vitest-environment jsdom
import type { Application } from '@grantleaf/shared/applications.schema';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fundingOverTime, ReportsChart } from './reports-chart.tsx';

afterEach(cleanup);

const app = (status: Application['status'], amount: string, approvedAt?: string): Application => ({
  id: Math.random().toString(36),
  title: 't',
  program: 'p',
  amount,
  status,
  deadline: null,
  programId: null,
  submissionId: null,
  submittedAt: null,
  version: 0,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: approvedAt ?? '2026-01-01T00:00:00Z',
  history: [
    { status: 'draft', at: '2026-01-01T00:00:00Z' },
    ...(approvedAt ? [{ status: 'approved' as const, at: approvedAt }] : []),
  ],
  documents: [],
});

describe('reports', () => {
  it('accumulates approved funding by month of approval', () => {
    const apps = [
      app('approved', '$1,000,000', '2026-02-10T00:00:00Z'),
      app('approved', '500k', '2026-04-01T00:00:00Z'),
      app('approved', '$250,000', '2026-02-20T00:00:00Z'),
      app('rejected', '$9M'),
    ];
    expect(fundingOverTime(apps)).toEqual([
      { month: '2026-02', millions: 1.25 },
      { month: '2026-04', millions: 1.75 },
    ]);
  });

  it('draws one bar per status with its count', () => {
    render(
      <ReportsChart
        applications={[app('draft', ''), app('draft', ''), app('approved', '1M', '2026-03-01T00:00:00Z')]}
      />,
    );
    const bars = screen.getByRole('img', { name: 'Applications by status' });
    expect(bars.querySelectorAll('rect')).toHaveLength(5);
    expect(bars.querySelector('title')?.textContent).toBe('Draft: 2');
    expect(screen.getByRole('img', { name: 'Approved funding over time' }).textContent).toContain('$1.0M');
  });
});
