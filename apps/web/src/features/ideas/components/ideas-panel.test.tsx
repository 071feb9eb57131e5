// @vitest-environment jsdom
import type { IdeaRequestRecord } from '@grantleaf/shared/ideas.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { IdeasPanel } from './ideas-panel.tsx';

const now = new Date().toISOString();
const idea = {
  research_topic: { name: 'Ice-aware river sensors', tagline: 'Know before it breaks' },
  market_analysis: {
    total_addressable_market: 'C$2B',
    serviceable_addressable_market: 'C$200M',
    adoption_timeline: '3 years',
  },
  target_customer: {
    primary_segment: 'Utilities',
    buying_authority: 'Operations',
    budget_range: 'C$50k',
    discovery_channels: ['Trade shows'],
  },
  core_problem_solution: {
    market_problem: 'Ice jams',
    research_solution: 'Sensors',
    competitive_advantage: 'Cheap',
  },
  context_fit_analysis: { expertise_alignment: 'Glaciology', unfair_advantages: ['Field data'] },
  commercialization_path: {
    time_to_prototype: '1 year',
    regulatory_pathway: 'None',
    ip_strategy: 'Patent',
    funding_sources: ['NSERC'],
  },
  monetization_strategy: {
    revenue_model: 'SaaS',
    pricing_strategy: 'Per site',
    recurring_revenue_potential: 'High',
    exit_opportunities: 'Acquisition',
  },
};
const row = (id: string, ideaResults: string | null, status: IdeaRequestRecord['status']) => ({
  id,
  researchBackground: 'Glaciology lab',
  researchInterests: `Interests of ${id}`,
  ideaResults,
  status,
  error: null,
  submissionTimestamp: now,
  etaTimestamp: null,
});

describe('Generated Ideas', () => {
  it('reads finished ideas with the schema loaded on demand: a valid one is named and expands, an invalid one is not', async () => {
    stubApi({
      'GET /api/idea-generator-requests': () =>
        json(200, [
          row('good', JSON.stringify(idea), 'complete'),
          row('bad', '{"research_topic":1}', 'complete'),
        ]),
    });
    renderWithProviders(<IdeasPanel onRetry={() => undefined} />, { user: ADA });
    const table = await screen.findByRole('region', { name: 'Generated Ideas' });
    const good = (await within(table).findByText('Ice-aware river sensors')).closest('tr')!;
    expect(within(good).getByText('Complete')).toBeTruthy();
    expect(within(good).getByRole('button', { name: /PDF/ })).toBeTruthy();
    // Results the schema refuses are treated as empty (spec §8): no name, no downloads.
    const bad = within(table).getByText('Interests of bad').closest('tr')!;
    expect(within(bad).queryByRole('button', { name: /PDF/ })).toBeNull();

    fireEvent.click(within(good).getByRole('button', { name: /details/i }));
    expect(await screen.findByRole('region', { name: 'Market analysis' })).toBeTruthy();
  });

  it('shows a list without finished ideas at once, without waiting for the reader', async () => {
    stubApi({ 'GET /api/idea-generator-requests': () => json(200, [row('new', null, 'processing')]) });
    renderWithProviders(<IdeasPanel onRetry={() => undefined} />, { user: ADA });
    const table = await screen.findByRole('region', { name: 'Generated Ideas' });
    const pending = (await within(table).findByText('Interests of new')).closest('tr')!;
    expect(within(pending).getByText('Processing...')).toBeTruthy();
  });
});
