import { describe, expect, it } from 'vitest';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { FORM_STRONG } from '../fixtures/forms.ts';
import { draftApplication } from '../write/draft.ts';
import { programRequirements } from '../profile/criteria.ts';

const programs = catalogue as unknown as GrantProgram[];
function program(id: string): GrantProgram {
  const found = programs.find((p) => p.id === id);
  if (!found) throw new Error(`catalogue program ${id} missing`);
  return found;
}

/** What a first-time user types: a title, two sentences, one objective, a total. */
const FORM_THIN: GenerationForm = {
  projectTitle: 'Lettuce thinning robot',
  projectOverview:
    'A camera-guided robot that thins lettuce seedlings for California growers, replacing hand labour that costs $400 per acre.',
  keyObjectives: '1. Reach 95% correct thinning decisions in field trials',
  totalBudget: '$275,000',
  projectTimeline: '2027',
  timelineMilestones: [],
  teamLeadName: 'Ana Ruiz',
  teamLeadRole: 'CTO',
  teamProfiles: '',
  industryPartner: '',
};

/** Sentences only the engine writes: notes, questions and the program's rule explanations. */
const ENGINE_TEXT = [
  /\[To complete/i,
  /\?\s*$/,
  /^IRAP contributes a share of supported costs/,
  /^Check with the funder/,
  /^IRAP commonly contributes/,
  /^If all of .* were supported/,
  /^The plan runs \d+ days/,
  /^Milestone budgets add up to/,
  /^The request \(.*\) is (?:within|over|under)/,
];

describe('a draft is reviewed on the applicant material only', () => {
  it('scores 0 on NSF SBIR Broader Impacts and Commercial Potential while those sections are empty', () => {
    const draft = draftApplication(program('us-nsf-sbir-sttr-phase-1'), FORM_STRONG);
    for (const heading of ['Broader Impacts', 'Commercialization Potential']) {
      const section = draft.sections.find((s) => s.heading === heading);
      expect(section?.body.trim(), heading).toBe('');
    }
    const byName = new Map(draft.evaluation_scores.map((s) => [s.criterion, s]));
    for (const criterion of ['Broader Impacts', 'Commercial Potential']) {
      expect(byName.get(criterion)?.score, criterion).toBe(0);
      expect(byName.get(criterion)?.justification).toMatch(/holds none of your material yet/);
    }
    expect(byName.get('Intellectual Merit')?.score).toBeGreaterThan(0);
  });

  it.each([
    ['full form', FORM_STRONG],
    ['thin form', FORM_THIN],
  ])('never quotes the engine own text as evidence, in any program (%s)', (_label, form) => {
    for (const p of programs) {
      const draft = draftApplication(p, form);
      const criteria = programRequirements(p).criteria.map((c) => c.name);
      expect(draft.evaluation_scores.map((s) => s.criterion)).toEqual(criteria);
      for (const s of draft.evaluation_scores)
        for (const e of s.elements ?? []) {
          if (!e.quote) continue;
          for (const re of ENGINE_TEXT)
            expect(e.quote, `${p.id}: ${s.criterion}: ${e.label}`).not.toMatch(re);
        }
    }
  });

  it('quotes the IRAP rule explanation nowhere, though the draft prints it', () => {
    const draft = draftApplication(program('ca-nrc-irap'), FORM_STRONG);
    const budget = draft.sections.find((s) => /budget/i.test(s.heading));
    // The IRAP shares are not confirmed on an NRC page (cost-rules.json): printed as a check.
    expect(budget?.body).toMatch(
      /Check with the funder \(rule not confirmed on the funder's page\): IRAP commonly contributes up to 80%/,
    );
    const quotes = draft.evaluation_scores.flatMap((s) => (s.elements ?? []).map((e) => e.quote ?? ''));
    expect(quotes.some((q) => /IRAP (?:commonly )?contributes|Check with the funder|If all of/.test(q))).toBe(
      false,
    );
  });
});
