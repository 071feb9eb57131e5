import type { GrantProgram as CatalogueProgram } from '@grantleaf/shared/programs.schema';
import { generationFormSchema } from '@grantleaf/shared/submissions.schema';
import { describe, expect, it } from 'vitest';
import { analyseApplication } from './analyse.ts';
import { generateApplication } from './generate.ts';
import { FORM_STRONG } from '../fixtures/forms.ts';
import { PROPOSAL_PAIRS } from '../fixtures/proposals.ts';

// The jobs pass the catalogue row and the validated form straight in: these calls must type-check.
const grantsGovProgram: CatalogueProgram = {
  id: 'grants-gov-DE-FOA-0003001',
  name: 'Building Technologies Office Emerging Technologies',
  agency: 'Department of Energy',
  deadline: '2027-03-01',
  jurisdiction: 'US (federal)',
  programType: 'grant',
  fundingRange: 'US$100,000 - US$2,000,000',
  country: 'US',
  region: '',
  currency: 'USD',
  fundingMin: 100_000,
  fundingMax: 2_000_000,
  fundingPeriod: 'total',
  deadlinePattern: null,
  deadlineLabel: null,
  deadlineExpected: false,
  intake: null,
  closed: false,
  eligibility: 'Small businesses, universities and national laboratories.',
  url: null,
  sources: [],
  lastVerified: null,
  status: 'open',
  source: 'grants.gov',
  description: 'Heat pump and building envelope research.',
};

describe('inputs from the catalogue and the submission form', () => {
  it('generates from a validated generation form and a catalogue row without sections (general template)', async () => {
    const form = generationFormSchema.parse({
      ...FORM_STRONG,
      programId: grantsGovProgram.id,
      timelineMilestones: FORM_STRONG.timelineMilestones?.map((m) => ({
        ...m,
        budgetAmount: String(m.budgetAmount),
      })),
    });
    const draft = await generateApplication({ program: grantsGovProgram, form, provider: null });
    expect(draft.sections[0]?.heading).toBe('Project summary');
    expect(draft.budgetCheck).toMatchObject({
      statedTotal: 420_000,
      matches: true,
      currency: 'USD',
    });
    // A general-template section the material cannot fill is missing, and asks for what it needs.
    for (const missing of draft.coverage.missing) {
      expect(draft.sections.find((s) => s.heading === missing)?.questions?.length, missing).toBeGreaterThan(
        0,
      );
    }
    expect(draft.coverage.present).toBeGreaterThan(0);
  });

  it('analyses text for a catalogue row without criteria using the general rubric', async () => {
    const result = await analyseApplication({
      program: grantsGovProgram,
      text: PROPOSAL_PAIRS[0]?.strong ?? '',
      provider: null,
    });
    expect(result.evaluation_scores.map((s) => s.criterion)).toContain('Team expertise and capability');
    // Without a model the estimate rests on completeness only: never "high", "low" while an element is missing.
    expect(result.funding_probability).toBe('low');
    expect(result.basis).toMatch(/^Checked against the requirements common to public research funders/);
  });
});
