// @vitest-environment jsdom
import { priceText } from '@grantleaf/shared/paid-work-catalogue';
import { ideaSections, type IdeaResults } from '@grantleaf/shared/ideas.schema';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enDashboard from '../../../i18n/locales/en.dashboard.json';
import enIdeas from '../../../i18n/locales/en.ideas.json';
import frDashboard from '../../../i18n/locales/fr.dashboard.json';
import frIdeas from '../../../i18n/locales/fr.ideas.json';
import frMessages from '../../../i18n/locales/fr.messages.json';
import { englishLeftIn } from '../../../test/french.ts';
// The idea download's French words (ADR 0915), read as text: the server's module is not the web's.
import exportLabels from '../../../../../server/src/modules/submissions/export-labels.ts?raw';
import { ADA, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { IdeaGeneratorDialog } from './idea-generator-dialog.tsx';
import { IdeasPanel } from './ideas-panel.tsx';

/** The Generated Ideas table and the idea generator in Canadian French (issue 31 §1). */
const englishLeft = englishLeftIn({ ...enIdeas, ...enDashboard }, { ...frIdeas, ...frDashboard });

const idea: IdeaResults = {
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
const row = (id: string, ideaResults: string | null, status: 'complete' | 'processing') => ({
  id,
  researchBackground: 'Laboratoire de glaciologie',
  researchInterests: `Intérêts ${id}`,
  ideaResults,
  status,
  error: null,
  submissionTimestamp: new Date().toISOString(),
  etaTimestamp: null,
});

afterEach(() => applyLanguage('en', { remember: false }));

describe('ideas in French', () => {
  it("keeps the spec's English: the price note and the dialog's title", () => {
    renderWithProviders(<IdeaGeneratorDialog open onOpenChange={() => {}} credits={0.4} />);
    expect(screen.getByText('Insufficient credits. You need 0.5 credits to generate an idea.')).toBeTruthy();
    expect(screen.getByText(`Costs ${priceText('idea')}.`, { exact: false })).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Commercial Research Idea Generator' })).toBeTruthy();
  });

  it('has French for every section and label of an idea (the shared ideaSections)', () => {
    const names = ideaSections(idea).flatMap(({ heading, items }) => [heading, ...items.map((i) => i.label)]);
    const french = frMessages as Record<string, string>;
    expect(names.filter((name) => !french[name])).toEqual([]);
    // The page and the Markdown/PDF download name an idea's parts with the same words.
    const block = exportLabels.slice(exportLabels.indexOf('FRENCH_IDEA_WORDS'));
    const download = Object.fromEntries(
      [...block.slice(0, block.indexOf('};')).matchAll(/'([^']+)': '([^']+)'/g)].map((m) => [m[1], m[2]]),
    );
    expect(Object.keys(download).sort()).toEqual([...names].sort());
    expect(names.filter((name) => download[name] !== french[name])).toEqual([]);
  });

  it('shows the table, an idea and the dialog in French, the engine’s words marked English', async () => {
    await applyLanguage('fr', { remember: false });
    stubApi({
      'GET /api/idea-generator-requests': () =>
        json(200, [row('good', JSON.stringify(idea), 'complete'), row('new', null, 'processing')]),
      'GET /api/organisations': () => json(200, { data: [], joinable: [] }),
    });
    const { container } = renderWithProviders(<IdeasPanel onRetry={() => undefined} />, { user: ADA });
    const table = await screen.findByRole('region', { name: 'Idées générées' });
    const good = (await within(table).findByText('Ice-aware river sensors')).closest('tr')!;
    expect(within(good).getByText('Terminé')).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Téléchargements' })).toBeTruthy();
    fireEvent.click(within(good).getByRole('button', { name: /détails/i }));
    const market = await screen.findByRole('region', { name: 'Analyse du marché' });
    expect(within(market).getByText('Marché total adressable')).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);

    const dialog = renderWithProviders(<IdeaGeneratorDialog open onOpenChange={() => {}} credits={0.4} />);
    expect(
      screen.getByRole('dialog', { name: 'Générateur d’idées de recherche commercialisables' }),
    ).toBeTruthy();
    expect(
      screen.getByText('Crédits insuffisants. Il vous faut 0,5 crédit pour générer une idée.'),
    ).toBeTruthy();
    expect(screen.getByText(/Coût : 0,5 crédit\.$/)).toBeTruthy();
    expect(englishLeft(dialog.baseElement)).toEqual([]);
  });
});
