// @vitest-environment jsdom
import type { AnalysisResults } from '@grantleaf/shared/grant-results.schema';
import { cleanup, render as renderDom, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AnalysisView } from './submission-viewer-page.tsx';

// The viewer links to /methodology (ADR 0300), so it renders inside a router.
const render = (ui: ReactNode) => renderDom(<MemoryRouter>{ui}</MemoryRouter>);

afterEach(cleanup);

const basis =
  "Checked against NSERC Alliance Advantage's published requirements; no AI model was used. Each score is the share of the criterion's required elements the text supplies with specific content; the funding probability is a completeness-based estimate, not a reviewer's judgement.";

const results = {
  evaluation_scores: [
    {
      criterion: 'Training',
      score: 5,
      weight: 0.25,
      justification:
        '1 of 2 required elements found with specific content, 1 missing.\nFound: training of students: "Each trainee spends 3 months on site."\nMissing: equity, diversity and inclusion — Concrete practices. Suggestion: Name one specific EDI practice.',
    },
  ],
  funding_probability: 'low',
  certification_status: 'Needs revision: "Training": equity, diversity and inclusion missing',
  engine: 'offline',
  provider: null,
  fallbackReason: null,
  programId: 'ca-nserc-alliance-advantage',
  meanScore: 5,
  criticalGaps: ['"Training": equity, diversity and inclusion missing'],
  checks: {
    coverage: { required: 0, present: 0, ratio: 1, percent: 100, missing: [] },
    limits: [],
    budget: null,
    gaps: [],
  },
  offlineEvaluation: null,
  wordCount: 900,
  basis,
} as unknown as AnalysisResults;

describe('AnalysisView', () => {
  it('says in plain words what the offline result rests on, and labels the estimate', () => {
    render(<AnalysisView results={results} />);
    expect(screen.getByTestId('analysis-basis').textContent).toBe(basis);
    expect(screen.getByText(/Funding probability \(completeness-based estimate\): low/)).toBeTruthy();
    expect(screen.getByTestId('evaluation-score').textContent).toContain(
      'Suggestion: Name one specific EDI practice.',
    );
    expect(document.body.textContent).not.toMatch(/offline engine/i);
  });

  it("does not call a model's probability an estimate", () => {
    render(<AnalysisView results={{ ...results, engine: 'llm', provider: 'openai', basis: undefined }} />);
    expect(screen.getByText(/^Funding probability: low$/)).toBeTruthy();
    expect(screen.queryByTestId('analysis-basis')).toBeNull();
  });
});
