// @vitest-environment jsdom
import type { GeneratedApplication } from '@grantleaf/shared/grant-results.schema';
import { resultVerdict } from '@grantleaf/shared/verdict';
import { cleanup, render as renderDom, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import { GenerationView } from './submission-viewer-page.tsx';

const render = (ui: ReactNode) => renderDom(<MemoryRouter>{ui}</MemoryRouter>);
afterEach(cleanup);

/** An NSERC Discovery draft missing two sections; the server's profile gave one French name (ADR 1085). */
const draft = (over: Partial<GeneratedApplication> = {}): GeneratedApplication =>
  ({
    engine: 'offline',
    provider: null,
    fallbackReason: null,
    programId: 'ca-nserc-discovery-grants',
    programName: 'NSERC Discovery Grants',
    title: 'Quantum sensors',
    sections: [{ heading: 'Proposal', body: 'We build quantum sensors.' }],
    workPlan: { rows: [], startDate: null, endDate: null, totalDurationDays: null, milestoneBudgetSum: 0 },
    budgetCheck: { message: 'No budget stated.' },
    criteriaMap: [],
    gaps: [],
    coverage: {
      required: 6,
      present: 4,
      ratio: 4 / 6,
      percent: 67,
      missing: ['Summary of proposal', 'HQP training plan'],
      attachments: [],
    },
    limits: [],
    sectionNames: [
      { name: 'Summary of proposal', fr: 'Résumé de la proposition', verified: false },
      { name: 'Proposal', fr: 'Proposition', verified: false },
    ],
    evaluation_scores: [],
    funding_probability: 'low',
    certification_status: 'Needs revision',
    ...over,
  }) as GeneratedApplication;

describe('the missing sections by the funder’s French names (issue 31 §2, ADR 1085)', () => {
  it('English: the coverage line is the verdict’s own, character for character', () => {
    const app = draft();
    render(<GenerationView app={app} />);
    expect(screen.getByTestId('requirement-coverage').textContent).toBe(resultVerdict(app).coverageLine);
  });

  it('French: a section with the funder’s French name is named so, in French; one without stays English, marked lang="en"', async () => {
    await applyLanguage('fr', { remember: false });
    try {
      render(<GenerationView app={draft()} />);
      const line = screen.getByTestId('requirement-coverage');
      expect(line.textContent).toBe(
        'Couverture des exigences : 67\u00a0% (4 sections obligatoires sur 6; manquantes : Résumé de la proposition; HQP training plan)',
      );
      expect(line.querySelector('[lang="en"]')?.textContent).toBe('HQP training plan');
      expect(line.querySelectorAll('[lang="en"]')).toHaveLength(1);
      expect(within(line).queryByText('Summary of proposal')).toBeNull();
      cleanup();
      // A draft stored before the profile carried French names: every name stays English, marked so.
      render(<GenerationView app={draft({ sectionNames: undefined })} />);
      const older = screen.getByTestId('requirement-coverage');
      expect([...older.querySelectorAll('[lang="en"]')].map((e) => e.textContent)).toEqual([
        'Summary of proposal',
        'HQP training plan',
      ]);
    } finally {
      await applyLanguage('en', { remember: false });
    }
  });
});
