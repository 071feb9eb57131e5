// @vitest-environment jsdom
import type { AnalysisResults, GeneratedApplication } from '@grantleaf/shared/grant-results.schema';
import { cleanup, render as renderDom, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { resultVerdict } from '@grantleaf/shared/verdict';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { AnalysisView, GenerationView } from './submission-viewer-page.tsx';

// The viewer links to /methodology (ADR 0300), so it renders inside a router.
const render = (ui: ReactNode) => renderDom(<MemoryRouter>{ui}</MemoryRouter>);

afterEach(cleanup);

/** A draft whose stored fields disagree, as drafts stored before the one-verdict rule could. */
const draft = (over: Partial<GeneratedApplication> = {}): GeneratedApplication =>
  ({
    engine: 'offline',
    provider: null,
    fallbackReason: null,
    programId: 'us-nsf-sbir-sttr-phase-1',
    programName: 'NSF SBIR/STTR Phase I',
    title: 'Lettuce thinning robot',
    sections: [{ heading: 'Project Summary', body: 'A robot that thins lettuce seedlings.' }],
    workPlan: { rows: [], startDate: null, endDate: null, totalDurationDays: null, milestoneBudgetSum: 0 },
    budgetCheck: { message: 'Stated total USD $275,000; no milestone has a budget.' },
    criteriaMap: [],
    gaps: [],
    coverage: { required: 5, present: 5, ratio: 1, percent: 100, missing: [], attachments: [] },
    limits: [],
    evaluation_scores: [
      {
        criterion: 'Broader Impacts',
        score: 5.7,
        justification: '1 of 2 required elements found with specific content, 1 missing.',
        elements: [
          {
            id: 'broader_impacts',
            label: 'broader impacts',
            status: 'found',
            quote: 'x',
            carries: [],
            expects: '',
            suggestion: '',
          },
          {
            id: 'outcomes',
            label: 'outcomes',
            status: 'missing',
            quote: null,
            carries: [],
            expects: '',
            suggestion: '',
          },
        ],
      },
    ],
    funding_probability: 'low',
    certification_status: 'Submission ready',
    ...over,
  }) as unknown as GeneratedApplication;

describe('the viewer shows one verdict per result', () => {
  it('never shows "Requirement coverage: 100%" beside a gap saying a required section is missing', () => {
    render(
      <GenerationView
        app={draft({
          gaps: [{ severity: 'critical', message: 'Required section missing or empty: Broader Impacts.' }],
        })}
      />,
    );
    const coverage = screen.getByTestId('requirement-coverage').textContent ?? '';
    expect(coverage).not.toMatch(/100%/);
    expect(coverage).toBe('Requirement coverage: 80% (4 of 5 required sections; missing: Broader Impacts)');
    expect(screen.getByText('Needs Revision')).toBeTruthy();
    expect(screen.queryByText('Ready')).toBeNull();
    expect(screen.getByTestId('certification-status').textContent).toMatch(
      /^Needs revision: Required section missing or empty: Broader Impacts/,
    );
  });

  it('does not show "Ready" or a "Submission ready" status beside a required element not found', () => {
    render(<GenerationView app={draft()} />);
    expect(screen.getByText('Needs Revision')).toBeTruthy();
    expect(screen.getByTestId('certification-status').textContent).toBe(
      'Needs revision: 1 required element not found',
    );
    expect(screen.getByText('Funding probability (completeness-based estimate): low')).toBeTruthy();
  });

  it('shows "Ready", 100% and a moderate estimate together only when nothing is left', () => {
    render(
      <GenerationView
        app={draft({
          funding_probability: 'high',
          evaluation_scores: [
            {
              criterion: 'Broader Impacts',
              score: 10,
              justification: '2 of 2 required elements found with specific content.',
              elements: [],
            },
          ],
        })}
      />,
    );
    expect(screen.getByTestId('requirement-coverage').textContent).toBe(
      'Requirement coverage: 100% (5 of 5 required sections)',
    );
    expect(screen.getByText('Ready')).toBeTruthy();
    expect(screen.getByText('Funding probability (completeness-based estimate): moderate')).toBeTruthy();
  });

  it('an analysis stored as "Submission ready" with reasons left reads as Needs Revision and "low"', () => {
    render(
      <AnalysisView
        results={analysis({
          evaluation_scores: draft().evaluation_scores,
          meanScore: 5.7,
          criticalGaps: ['1 placeholder still to complete ([To complete: intern start date])'],
        })}
      />,
    );
    expect(screen.getByText('Needs Revision')).toBeTruthy();
    expect(screen.getByText('Funding probability (completeness-based estimate): low')).toBeTruthy();
    expect(screen.getByTestId('certification-status').textContent).toBe(
      'Needs revision: 1 placeholder still to complete ([To complete: intern start date]); 1 required element not found',
    );
  });

  it("a model's 'high' is not shown beside Needs Revision", () => {
    render(
      <AnalysisView
        results={analysis({
          engine: 'llm',
          provider: 'openai',
          funding_probability: 'high',
          certification_status: 'Needs revision: the budget justification is thin',
        })}
      />,
    );
    expect(screen.getByText('Needs Revision')).toBeTruthy();
    expect(screen.getByText('Funding probability: moderate')).toBeTruthy();
  });
});

describe('the verdict in each language (issue 31, ADR 0640)', () => {
  const cases = [
    draft({
      gaps: [{ severity: 'critical', message: 'Required section missing or empty: Broader Impacts.' }],
    }),
    // Stored values the schema no longer writes (an older model's answer) read as given.
    draft({
      engine: 'llm',
      provider: 'openai',
      funding_probability: 'uncertain',
    } as unknown as Partial<GeneratedApplication>),
    draft({ coverage: undefined, funding_probability: '' } as unknown as Partial<GeneratedApplication>),
  ];

  it('English labels are the shared verdict’s own texts, character for character', () => {
    for (const app of cases) {
      const verdict = resultVerdict(app);
      render(<GenerationView app={app} />);
      expect(screen.getByTestId('requirement-coverage').textContent).toBe(verdict.coverageLine ?? '');
      expect(screen.getByText(verdict.probabilityLabel)).toBeTruthy();
      expect(screen.getByText(verdict.badge)).toBeTruthy();
      cleanup();
    }
  });

  it('French: badge, probability, coverage, severities and headings in French; the engine’s words marked English', async () => {
    await applyLanguage('fr', { remember: false });
    try {
      render(<GenerationView app={cases[0]!} />);
      expect(screen.getByText('À réviser')).toBeTruthy();
      expect(
        screen.getByText('Probabilité de financement (estimation selon l’exhaustivité) : faible'),
      ).toBeTruthy();
      expect(screen.getByTestId('requirement-coverage').textContent).toBe(
        'Couverture des exigences : 80\u00a0% (4 sections obligatoires sur 5; manquantes : Broader Impacts)',
      );
      // The missing section is named as the funder wrote it: English, said so to screen readers.
      expect(
        within(screen.getByTestId('requirement-coverage')).getByText('Broader Impacts').getAttribute('lang'),
      ).toBe('en');
      expect(screen.getByRole('heading', { name: 'Lacunes à combler' })).toBeTruthy();
      expect(screen.getByText('critique')).toBeTruthy();
      expect(screen.getByRole('heading', { name: /^Notes d’évaluation \(moyenne 5,7\/10\)$/ })).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Vérification du budget' })).toBeTruthy();
      // What the engine wrote stays as written, said to be English for screen readers.
      expect(screen.getByTestId('certification-status').getAttribute('lang')).toBe('en');
      expect(
        screen.getByText('Stated total USD $275,000; no milestone has a budget.').getAttribute('lang'),
      ).toBe('en');
      for (const english of [
        'Needs Revision',
        'Funding probability',
        'Requirement coverage',
        'Gaps to address',
      ])
        expect(document.body.textContent).not.toContain(english);
      cleanup();
      render(
        <AnalysisView
          results={analysis({
            engine: 'llm',
            provider: 'openai',
            funding_probability: 'high',
            criticalGaps: [],
            evaluation_scores: [{ criterion: 'Significance', score: 8.5, justification: 'Clear.' }],
          })}
        />,
      );
      expect(screen.getByRole('heading', { name: 'Analyse de la demande de subvention' })).toBeTruthy();
      expect(screen.getByText('Prête')).toBeTruthy();
      expect(screen.getByText('Probabilité de financement : élevée')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Comment l’évaluation hors ligne est mesurée' })).toBeTruthy();
    } finally {
      await applyLanguage('en', { remember: false });
    }
  });
});

/** An analysis whose stored fields disagree unless the test says otherwise. */
function analysis(over: Partial<AnalysisResults>): AnalysisResults {
  return {
    evaluation_scores: [{ criterion: 'Significance', score: 8.5, justification: 'Clear.' }],
    funding_probability: 'moderate',
    certification_status: 'Submission ready',
    engine: 'offline',
    provider: null,
    fallbackReason: null,
    programId: 'us-nih-r01',
    meanScore: 8.5,
    criticalGaps: [],
    checks: {
      coverage: { required: 0, present: 0, ratio: 1, percent: 100, missing: [], attachments: [] },
      limits: [],
      budget: null,
      gaps: [],
    },
    offlineEvaluation: null,
    wordCount: 900,
    ...over,
  } as AnalysisResults;
}
