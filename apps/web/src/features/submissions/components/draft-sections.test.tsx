// @vitest-environment jsdom
import type { GeneratedApplication } from '@grantleaf/shared/grant-results.schema';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DraftSections, useDraftOrigin } from './draft-sections.tsx';

function Origin({ of }: { of: GeneratedApplication }) {
  const origin = useDraftOrigin(of);
  return (
    <p data-testid="origin" lang={origin.lang}>
      {origin.text}
    </p>
  );
}

afterEach(cleanup);

const app = {
  engine: 'offline',
  provider: null,
  fallbackReason: null,
  basis:
    "Drafted from your material and NSF SBIR/STTR Phase I's published instructions; no AI model was used.",
  workPlan: { rows: [], startDate: null, endDate: null, totalDurationDays: null, milestoneBudgetSum: 0 },
  ruleChecks: [
    {
      rule: 'Budget cap',
      status: 'unmet',
      message: 'The request of USD $420,000 is over the cap of USD $305,000.',
    },
  ],
  sections: [
    {
      heading: 'Intellectual Merit',
      body: 'We will estimate frost from fan power. <img src=x onerror=alert(1)>',
      questions: ['What are the closest existing approaches, and why do they fall short?'],
      count: {
        unit: 'pages',
        max: 10,
        used: 0.2,
        words: 120,
        characters: 800,
        wordsPerPage: 550,
        kind: 'recommended',
        status: 'within',
        note: '0.2 of 10 pages (recommended) at 550 words per page.',
      },
      table: {
        caption: 'Milestones',
        columns: ['Milestone', 'Start', 'End', 'Days', 'Budget (USD)', 'Deliverables'],
        rows: [['Phase 1', '2027-01-04', '2027-06-30', '177', 'USD $120,000', 'Open data set']],
      },
    },
  ],
} as unknown as GeneratedApplication;

describe('DraftSections', () => {
  it('renders the milestones as a table, the count, the questions and the rules, as text only', () => {
    const { container } = render(<DraftSections app={app} />);
    const table = screen.getByTestId('section-table');
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Phase 1', '2027-01-04', '2027-06-30', '177', 'USD $120,000', 'Open data set']);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(6);
    // Grid lines on every cell (issue 28 item 13).
    for (const cell of [...within(table).getAllByRole('cell'), ...within(table).getAllByRole('columnheader')])
      expect(cell.className).toMatch(/\bborder\b/);
    expect(screen.getByTestId('section-count').textContent).toBe(
      'Length: 0.2 of 10 pages (recommended) at 550 words per page.',
    );
    expect(screen.getByTestId('section-questions').textContent).toContain(
      'What are the closest existing approaches',
    );
    expect(screen.getByTestId('program-rules').textContent).toContain('Budget cap (not met)');
    // Untrusted text stays text.
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    cleanup();
    // The engine's own basis is English, and says so to screen readers.
    render(<Origin of={app} />);
    expect(screen.getByTestId('origin').textContent).toMatch(
      /NSF SBIR\/STTR Phase I's published instructions/,
    );
    expect(screen.getByTestId('origin').getAttribute('lang')).toBe('en');
    cleanup();
    render(<Origin of={{ ...app, basis: undefined }} />);
    expect(screen.getByTestId('origin').textContent).toMatch(/no AI model was used/);
    expect(screen.getByTestId('origin').getAttribute('lang')).toBeNull();
  });

  it('marks a French draft’s own words French (ADR 1175): prose, questions, rules, basis; a heading French only when it is the funder’s French name', () => {
    const french = {
      ...app,
      language: 'fr',
      basis: 'Rédigée à partir de vos éléments; aucun modèle d’IA n’a été utilisé.',
      sectionNames: [{ name: 'Summary of proposal', fr: 'Résumé de la proposition', verified: false }],
      ruleChecks: [
        { rule: 'Budget cap', status: 'met', message: 'La demande de 1 $ respecte le plafond de 2 $.' },
      ],
      sections: [
        { ...app.sections[0], heading: 'Résumé de la proposition', body: 'Le projet est dirigé par Ada.' },
        { ...app.sections[0], heading: 'HQP training plan', body: 'Les travaux se déroulent en 3 étapes.' },
      ],
    } as unknown as GeneratedApplication;
    const { container } = render(<DraftSections app={french} />);
    const headings = screen.getAllByRole('heading', { level: 2 });
    expect(headings[0]?.getAttribute('lang')).toBe('fr');
    expect(headings[1]?.getAttribute('lang')).toBe('en');
    expect(
      within(screen.getAllByTestId('result-section')[0]!)
        .getByText(/dirigé par Ada/)
        .getAttribute('lang'),
    ).toBe('fr');
    expect(
      within(screen.getAllByTestId('section-questions')[0]!).getByRole('list').getAttribute('lang'),
    ).toBe('fr');
    expect(
      within(screen.getByTestId('program-rules'))
        .getByText(/respecte le plafond/)
        .getAttribute('lang'),
    ).toBe('fr');
    // The rule's name is a key, English.
    expect(within(screen.getByTestId('program-rules')).getByText('Budget cap').getAttribute('lang')).toBe(
      'en',
    );
    expect(container.querySelectorAll('[lang="fr"]').length).toBeGreaterThan(3);
    cleanup();
    render(<Origin of={french} />);
    expect(screen.getByTestId('origin').getAttribute('lang')).toBe('fr');
  });
});
