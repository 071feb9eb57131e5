import { describe, expect, it } from 'vitest';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import programs from '../fixtures/programs.json' with { type: 'json' };
import { FORM_STRONG } from '../fixtures/forms.ts';
import { draftApplication } from './draft.ts';

/**
 * Drafts built from the fact model (issue 24 §6): the cases a grants officer found where the
 * draft contradicted the applicant's own form.
 */

const catalogue = programs as GrantProgram[];
const program = (id: string) => {
  const found = catalogue.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};
const text = (d: ReturnType<typeof draftApplication>) =>
  d.sections.map((s) => `${s.heading}\n${s.body}`).join('\n');
const questions = (d: ReturnType<typeof draftApplication>) => d.sections.flatMap((s) => s.questions ?? []);

describe('drafts from the fact model', () => {
  it('D1 (NSERC Alliance): partner cash and in-kind fill Partnership and the cost-share rule is computed', () => {
    for (const form of [
      {
        ...FORM_STRONG,
        totalBudget: '$420,000',
        industryPartner:
          'Nordair Systems Inc. (85 employees): partner cash contribution $210,000; partner in-kind $60,000',
      },
      {
        ...FORM_STRONG,
        totalBudget: 'Total $420,000; partner cash contribution $210,000; partner in-kind $60,000',
        industryPartner: '',
      },
    ] satisfies GenerationForm[]) {
      const draft = draftApplication(program('ca-nserc-alliance-advantage'), form);
      expect(draft.coverage.missing).not.toContain('Partnership');
      const partnership = draft.sections.find((s) => s.heading === 'Partnership');
      expect(partnership?.body).toContain('CAD $210,000 in cash and CAD $60,000 in kind');
      expect(questions(draft).join(' ')).not.toMatch(/what does it contribute/);
      const costShare = draft.ruleChecks?.find((r) => r.rule === 'Cost share');
      expect(costShare?.status).toBe('met');
      expect(costShare?.message).toContain("The partner's stated cash is CAD $210,000");
      expect(draft.gaps.map((g) => g.message).join(' ')).not.toMatch(/No industry partner named/);
    }
  });

  it('D2 (NRC IRAP): the draft requests the IRAP contribution, not the total project cost', () => {
    const draft = draftApplication(program('ca-nrc-irap'), {
      ...FORM_STRONG,
      totalBudget: 'Total project cost $420,000; IRAP contribution requested $252,000',
    });
    const all = text(draft);
    expect(draft.budgetCheck.statedTotal).toBe(252000);
    expect(all).toContain('requests CAD $252,000 of a total project cost of CAD $420,000');
    expect(all).toContain('The total request is CAD $252,000.');
    expect(all).not.toMatch(/requests CAD \$420,000/);
    // The milestones plan the whole project: they add up to its cost, not to the request.
    expect(draft.budgetCheck.matches).toBe(true);
  });

  it('a pilot result given in the overview is printed and never asked for again', () => {
    const form: GenerationForm = {
      ...FORM_STRONG,
      projectOverview: `${FORM_STRONG.projectOverview} In a 40-patient pilot, the estimator reached an AUROC of 0.84.`,
    };
    const draft = draftApplication(program('ca-cihr-project-grant'), form);
    expect(text(draft)).toContain('In a 40-patient pilot, the estimator reached an AUROC of 0.84.');
    expect(questions(draft).join(' ')).not.toMatch(/preliminary data or pilot results/);
    const without = draftApplication(program('ca-cihr-project-grant'), FORM_STRONG);
    expect(questions(without).join(' ')).toMatch(/preliminary data or pilot results/);
  });

  it('objectives keep the applicant’s numbering and a standard in parentheses', () => {
    const draft = draftApplication(program('ca-nserc-alliance-advantage'), {
      ...FORM_STRONG,
      keyObjectives:
        '1. Build a PFAS sensor with a 4 ng/L detection limit.\n2. Cut the cost per test to $20.\n3. Validate against LC-MS/MS (EPA 533) at 6 municipal sites over 12 months.',
    });
    const all = text(draft);
    expect(all).toContain('3. Validate against LC-MS/MS (EPA 533) at 6 municipal sites over 12 months.');
    expect(all).not.toMatch(/\(EPA\.|\n4\. /);
    const aims = draftApplication(program('ca-nserc-alliance-advantage'), {
      ...FORM_STRONG,
      keyObjectives:
        'Aim 1: Estimate frost thickness. Aim 2: Control defrost cycles. Aim 3: Validate in occupied homes.',
    });
    expect(text(aims)).toMatch(
      /Aim 1: Estimate frost thickness\.\nAim 2: Control defrost cycles\.\nAim 3: Validate/,
    );
    expect(questions(aims).join(' ')).toContain('does Aim 1, Aim 2, Aim 3 have?');
  });

  it('links an objective to a milestone only on content evidence', () => {
    const milestone = (id: string, title: string, description: string) => ({
      id,
      title,
      description,
      startDate: '2027-01-04',
      endDate: '2027-06-30',
      budgetAmount: '$100,000',
      deliverables: '',
    });
    const draft = draftApplication(program('ca-nserc-alliance-advantage'), {
      ...FORM_STRONG,
      totalBudget: '$300,000',
      keyObjectives:
        "1. Improve the prototype sensor's sensitivity\n2. Test the prototype at municipal sites in winter",
      timelineMilestones: [
        milestone('m1', 'Sensor', 'Prototype design and sensor housing'),
        milestone('m2', 'Field', 'Prototype field testing at municipal sites'),
        milestone('m3', 'Certification', 'Prototype certification'),
      ],
    });
    const body = draft.sections.map((s) => s.body).join('\n');
    // "prototype" is in every milestone: it says nothing about which one delivers objective 1.
    expect(body).not.toMatch(/Objective 1 is delivered through/);
    expect(body).toContain('Objective 2 is delivered through "Field"');
  });

  it('asks a qualitative study for what its objectives produce, not for a number', () => {
    const draft = draftApplication(program('ca-sshrc-insight-grants'), {
      ...FORM_STRONG,
      projectOverview:
        'We will use grounded theory and semi-structured interviews with teachers in rural schools.',
      keyObjectives: 'Understand how teachers adapt the curriculum; describe the supports they rely on',
    });
    const asked = questions(draft).join(' ');
    expect(asked).not.toMatch(/a number, a percentage/);
    expect(asked).toContain('What will objective 1, 2 produce');
  });
});
