import { generatedApplicationSchema } from '@grantleaf/shared/grant-results.schema';
import { describe, expect, it } from 'vitest';
import type { GenerationForm, GrantProgram } from '../grant-input.ts';
import { generateApplication } from '../grant-ai.ts';
import { buildWorkPlan, checkBudget, checkCoverage, checkLimits } from './checks.ts';
import programs from './fixtures/programs.json' with { type: 'json' };
import { FORM_STRONG } from './fixtures/forms.ts';
import { draftApplication } from './generation.engine.ts';
import { GENERAL_SECTIONS } from './rubric.ts';
import { parseLimit } from './text-utils.ts';

const catalogue = programs as GrantProgram[];
function program(id: string): GrantProgram {
  const found = catalogue.find((p) => p.id === id);
  if (!found) throw new Error(`fixture program ${id} missing`);
  return found;
}
const alliance = program('ca-nserc-alliance-advantage');
const discovery = program('ca-nserc-discovery-grants');

describe('offline generation', () => {
  it('writes every required section of the program, in order, each non-empty', () => {
    for (const p of catalogue) {
      const draft = draftApplication(p, FORM_STRONG);
      const expected = (p.requiredSections ?? []).map((s) => s.name);
      expect(
        draft.sections.map((s) => s.heading),
        p.id,
      ).toEqual(expected);
      for (const s of draft.sections)
        expect(s.body.trim().length, `${p.id}: ${s.heading}`).toBeGreaterThan(50);
      expect(generatedApplicationSchema.parse(draft)).toEqual(draft);
    }
  });

  it('writes from the applicant material: title, objectives, milestones, team, partner, budget', () => {
    const draft = draftApplication(alliance, FORM_STRONG);
    const text = draft.sections.map((s) => s.body).join('\n');
    expect(draft.title).toBe(FORM_STRONG.projectTitle);
    expect(text).toContain(FORM_STRONG.projectTitle);
    expect(text).toContain('Reduce defrost energy losses by at least 30%');
    expect(text).toContain('Phase 1: Research & Planning');
    expect(text).toContain('Prof. Anne Tremblay');
    expect(text).toContain('48 peer-reviewed publications');
    expect(text).toContain('Nordair Systems Inc.');
    expect(text).toContain('CAD $420,000');
    const partnerSection = draft.sections.find((s) => s.heading.startsWith('Partner organization'));
    expect(partnerSection?.body).toContain('Nordair Systems Inc. is the partner organisation');
    // The Alliance template is one proposal: training and impact (criteria) go into it.
    const proposal = draft.sections[0]?.body ?? '';
    expect(proposal).toMatch(/^Adaptive defrost control/);
    expect(proposal).toContain('Training. The project trains 2 PhD students');
    expect(proposal).toContain('Expected impact.');
  });

  it('builds the work plan table: dates, duration in days and budget per milestone', () => {
    const draft = draftApplication(alliance, FORM_STRONG);
    expect(
      draft.workPlan.rows.map((r) => [r.milestone, r.startDate, r.endDate, r.durationDays, r.budget]),
    ).toEqual([
      ['Phase 1: Research & Planning', '2027-01-04', '2027-06-30', 177, 120_000],
      ['Phase 2', '2027-07-01', '2027-12-20', 172, 100_000],
      ['Phase 3', '2028-01-10', '2029-04-30', 476, 200_000],
    ]);
    expect(draft.workPlan.startDate).toBe('2027-01-04');
    expect(draft.workPlan.endDate).toBe('2029-04-30');
    expect(draft.workPlan.totalDurationDays).toBe(847);
    expect(draft.workPlan.milestoneBudgetSum).toBe(420_000);
    const proposal = draft.sections[0]?.body ?? '';
    expect(proposal).toContain(
      '| Phase 3 | 2028-01-10 | 2029-04-30 | 476 | CAD $200,000 | Field report and certification test plan |',
    );
  });

  it('checks the budget arithmetic: matching totals, and a flagged difference', () => {
    const ok = draftApplication(alliance, FORM_STRONG);
    expect(ok.budgetCheck).toMatchObject({
      statedTotal: 420_000,
      milestoneSum: 420_000,
      difference: 0,
      matches: true,
      withinProgramRange: true,
    });
    expect(ok.gaps.some((g) => /add up to/.test(g.message))).toBe(false);

    const off: GenerationForm = { ...FORM_STRONG, totalBudget: '$450,000' };
    const draft = draftApplication(alliance, off);
    expect(draft.budgetCheck).toMatchObject({
      statedTotal: 450_000,
      milestoneSum: 420_000,
      difference: -30_000,
      matches: false,
    });
    expect(draft.gaps).toContainEqual({
      severity: 'major',
      message:
        'Milestone budgets add up to CAD $420,000 but the stated total is CAD $450,000 (under by CAD $30,000).',
    });
    const budgetSection = draft.sections.find((s) => s.heading === 'Budget and budget justification');
    expect(budgetSection?.body).toContain('under by CAD $30,000');
  });

  it('reads budget texts the way people write them', () => {
    const form: GenerationForm = {
      ...FORM_STRONG,
      totalBudget: 'CAD 1.2M over 4 years ($300k/yr)',
      timelineMilestones: [
        {
          title: 'A',
          description: 'a',
          startDate: '2027-01-01',
          endDate: '2027-12-31',
          budgetAmount: '$250k',
          deliverables: '',
        },
        {
          title: 'B',
          description: 'b',
          startDate: '2028-01-01',
          endDate: '2028-12-31',
          budgetAmount: 450_000,
          deliverables: '',
        },
        {
          title: 'C',
          description: 'c',
          startDate: '2029-01-01',
          endDate: '2030-12-31',
          budgetAmount: '500,000.50 CAD',
          deliverables: '',
        },
      ],
    };
    const budget = checkBudget(form, alliance);
    expect(budget.statedTotal).toBe(1_200_000);
    expect(budget.milestoneSum).toBe(1_200_000.5);
    expect(budget.matches).toBe(true);
  });

  it('flags a request over the program maximum (per year for a per-year program)', () => {
    const form: GenerationForm = {
      ...FORM_STRONG,
      totalBudget: '$2,600,000',
      timelineMilestones: [
        {
          title: 'Only',
          description: 'All the work',
          startDate: '2027-01-01',
          endDate: '2028-12-31',
          budgetAmount: '$2,600,000',
          deliverables: 'x',
        },
      ],
    };
    const draft = draftApplication(alliance, form);
    expect(draft.budgetCheck.withinProgramRange).toBe(false);
    expect(draft.gaps.find((g) => /exceeds the program maximum/.test(g.message))?.severity).toBe('critical');
    expect(draft.certification_status).toMatch(/^Needs revision: .*exceeds the program maximum/);
  });

  it('reports the missing partner plainly when the program requires one', () => {
    const noPartner: GenerationForm = { ...FORM_STRONG, industryPartner: '' };
    const draft = draftApplication(alliance, noPartner);
    expect(draft.gaps[0]).toEqual({
      severity: 'critical',
      message: 'No industry partner named; this program requires one.',
    });
    expect(draft.coverage.missing).toEqual(['Partner organization section (completed by each partner)']);
    expect(draft.coverage).toMatchObject({ required: 3, present: 2, percent: 67 });
    // Discovery Grants are individual: no partner gap there.
    const individual = draftApplication(discovery, noPartner);
    expect(individual.gaps.some((g) => /partner/i.test(g.message))).toBe(false);
  });

  it('records full coverage for a complete form', () => {
    const draft = draftApplication(alliance, FORM_STRONG);
    expect(draft.coverage).toEqual({
      required: 3,
      present: 3,
      ratio: 1,
      percent: 100,
      missing: [],
      // Forms and attestations are listed, not counted: a draft cannot contain a filled-in form.
      attachments: [
        'Personal data form with CCV attachment (Form 100A) for applicant and co-applicants',
        'National Security Guidelines for Research Partnerships risk assessment form',
        'Attestation for research aiming to advance sensitive technology research areas (STRAC)',
      ],
    });
    const attachment = draft.sections.find((s) => s.heading.startsWith('Personal data form'));
    expect(attachment?.body).toMatch(
      /^This item is filed with the application rather than written in the narrative/,
    );
  });

  it('treats forms as the narrative when a program lists nothing else (SR&ED T661)', () => {
    const sred: GrantProgram = {
      id: 'sred',
      name: 'SR&ED',
      requiredSections: [
        {
          name: 'Form T661 - SR&ED expenditures claim (project descriptions + expenditures)',
          limit: '700 words',
        },
        { name: 'T2 Schedule 31 (T2SCH31) - Investment tax credit - corporations', limit: null },
      ],
    };
    const draft = draftApplication(sred, FORM_STRONG);
    expect(draft.coverage).toMatchObject({ required: 2, present: 2, attachments: [] });
    expect(draft.sections[0]?.body).toContain('Approach and methods.');
    expect(draft.limits[0]).toMatchObject({ status: 'within', max: 700 });
  });

  it('writes a complete draft even with no milestones, and says what is missing', () => {
    const draft = draftApplication(alliance, { ...FORM_STRONG, timelineMilestones: [] });
    expect(draft.sections).toHaveLength(6);
    expect(draft.workPlan).toMatchObject({ rows: [], totalDurationDays: null, milestoneBudgetSum: 0 });
    expect(draft.budgetCheck).toMatchObject({ statedTotal: 420_000, matches: null });
    expect(draft.gaps.map((g) => g.message)).toContain(
      'No milestones given; reviewers expect a dated work plan.',
    );
    expect(draft.sections[0]?.body).toContain('[To complete: add dated milestones with a budget each.]');
  });

  it('reports milestone problems: missing dates, end before start, longer than the program allows', () => {
    const form: GenerationForm = {
      ...FORM_STRONG,
      timelineMilestones: [
        {
          title: 'Backwards',
          description: 'x',
          startDate: '2027-06-01',
          endDate: '2027-05-01',
          budgetAmount: '$100',
          deliverables: '',
        },
        {
          title: 'Undated',
          description: 'y',
          startDate: '',
          endDate: '',
          budgetAmount: '$100',
          deliverables: '',
        },
        {
          title: 'Long',
          description: 'z',
          startDate: '2027-01-01',
          endDate: '2033-01-01',
          budgetAmount: '$100',
          deliverables: '',
        },
      ],
    };
    const draft = draftApplication(alliance, form);
    const messages = draft.gaps.map((g) => g.message);
    expect(messages).toContain('Milestone "Backwards" ends (2027-05-01) before it starts (2027-06-01).');
    expect(messages).toContain('1 milestone(s) have no valid start and end dates.');
    expect(messages.some((m) => /runs 2192 days; the program funds at most 60 months/.test(m))).toBe(true);
    expect(draft.workPlan.rows[0]?.durationDays).toBe(-31);
    expect(draft.workPlan.rows[1]?.durationDays).toBeNull();
  });

  it('maps each criterion to what reviewers look for and the sections that answer it', () => {
    const draft = draftApplication(alliance, FORM_STRONG);
    expect(draft.criteriaMap.map((c) => c.criterion)).toEqual([
      'Partnership',
      'Research plan and team',
      'Training',
      'Relevance and outcomes (benefits to Canada)',
    ]);
    for (const entry of draft.criteriaMap) {
      expect(entry.reviewersLookFor.length).toBeGreaterThan(10);
      expect(entry.answeredIn.length, entry.criterion).toBeGreaterThan(0);
      expect(entry.answeredIn.some((h) => /Personal data form|Attestation/.test(h))).toBe(false);
    }
    expect(draft.criteriaMap.find((c) => c.criterion === 'Partnership')?.answeredIn).toContain(
      'Partner organization section (completed by each partner)',
    );
  });

  it('counts words against parseable limits', () => {
    expect(parseLimit('5 pages incl. figures')).toMatchObject({ unit: 'words', max: 2500 });
    expect(parseLimit('350 words')).toMatchObject({ unit: 'words', max: 350 });
    expect(parseLimit('~2,000 characters')).toMatchObject({ unit: 'characters', max: 2000 });
    expect(parseLimit('1 page (4,600 characters)')).toMatchObject({ unit: 'characters', max: 4600 });
    expect(parseLimit('unconfirmed (historically 1 page)')).toMatchObject({ unit: 'words', max: 500 });
    expect(parseLimit('per template (unconfirmed)')).toBeNull();

    const draft = draftApplication(discovery, FORM_STRONG);
    const proposal = draft.limits.find((l) => l.section.startsWith('Proposal'));
    expect(proposal).toMatchObject({ unit: 'words', max: 2500, status: 'within' });
    expect(proposal?.words).toBeGreaterThan(100);
    const long = checkLimits([{ heading: 'HQP training plan', body: 'word '.repeat(501) }], discovery);
    expect(long.find((l) => l.section === 'HQP training plan')).toMatchObject({
      status: 'over',
      words: 501,
      max: 500,
    });
  });

  it('keeps every section within its countable limit, saying where it cut', () => {
    const tight: GrantProgram = {
      id: 'tight',
      name: 'Tight fund',
      requiredSections: [
        { name: 'Project summary', limit: '60 words' },
        { name: 'Lay abstract', limit: '400 characters' },
        { name: 'Detailed description', limit: '5 pages' },
      ],
    };
    const draft = draftApplication(tight, FORM_STRONG);
    expect(draft.limits.map((l) => l.status)).toEqual(['within', 'within', 'within']);
    expect(draft.sections[0]?.body).toContain('[To complete: shortened to fit the limit of 60 words.]');
    expect(draft.sections[1]?.body.length).toBeLessThanOrEqual(400);
    expect(draft.sections[2]?.body).not.toContain('shortened');

    const sbir = program('us-nsf-sbir-sttr-phase-1');
    const pitch = draftApplication(sbir, FORM_STRONG);
    expect(pitch.limits.filter((l) => l.status === 'over')).toEqual([]);
    // The offline review finds each long funder heading in the draft text, so nothing reads as over.
    expect(pitch.certification_status).not.toMatch(/over its limit/);
    expect(pitch.certification_status).toMatch(/exceeds the program maximum of USD \$305,000/);
  });

  it('falls back to the general template for a program without sections', () => {
    const bare: GrantProgram = {
      id: 'local-fund',
      name: 'Local innovation fund',
      requiredSections: [],
      criteria: [],
    };
    const draft = draftApplication(bare, FORM_STRONG);
    expect(draft.sections.map((s) => s.heading)).toEqual(GENERAL_SECTIONS.map((s) => s.name));
    expect(draft.coverage.percent).toBe(100);
    expect(draft.criteriaMap.map((c) => c.criterion)).toContain('Budget and value for money');
    const summary = draft.sections[0]?.body ?? '';
    expect(summary.split(/\s+/).length).toBeLessThanOrEqual(350);
  });

  it('marks missing material as notes to complete instead of inventing it', () => {
    const thin: GenerationForm = {
      ...FORM_STRONG,
      teamProfiles: 'Anne Tremblay leads the lab.',
      keyObjectives: 'Better defrost; happier users',
    };
    const draft = draftApplication(discovery, thin);
    const training = draft.sections.find((s) => s.heading === 'HQP training plan');
    expect(training?.body).toMatch(/\[To complete: name the trainees/);
    const messages = draft.gaps.map((g) => g.message);
    expect(messages).toContain('No objective has a measurable target (a number, percentage or date).');
    expect(messages.some((m) => /Team profiles are brief/.test(m))).toBe(true);
    expect(draft.coverage.missing).toContain('HQP training plan');
  });

  it('is deterministic and reviews its own draft with the offline scores', () => {
    const a = draftApplication(alliance, FORM_STRONG);
    const b = draftApplication(alliance, FORM_STRONG);
    expect(a).toEqual(b);
    expect(a.evaluation_scores).toHaveLength(4);
    expect(a.funding_probability).toBe('high');
    expect(a.certification_status).toBe('Submission ready');
    const weaker = draftApplication(alliance, {
      ...FORM_STRONG,
      industryPartner: '',
      teamProfiles: 'A small team.',
    });
    const mean = (d: typeof a) => d.evaluation_scores.reduce((s, x) => s + x.score, 0);
    expect(mean(weaker)).toBeLessThan(mean(a));
    expect(weaker.certification_status).toMatch(/^Needs revision: /);
  });

  it('the entry point without a provider is the offline engine', async () => {
    const result = await generateApplication({ program: alliance, form: FORM_STRONG, provider: null });
    expect(result).toEqual(draftApplication(alliance, FORM_STRONG));
    expect(result.engine).toBe('offline');
    expect(result.fallbackReason).toBeNull();
  });

  it('coverage ignores placeholders and counts sections by heading', () => {
    const sections = [
      { heading: 'Proposal', body: 'We will build and test a controller. '.repeat(5) },
      { heading: 'HQP training plan', body: '[To complete: name the trainees and what each learns.]' },
    ];
    const coverage = checkCoverage(sections, discovery);
    expect(coverage.missing).toContain('HQP training plan');
    expect(coverage.missing).not.toContain(
      'Proposal (research program: recent progress, objectives, literature, methods, significance, training)',
    );
    expect(coverage.required).toBe(5);
    expect(buildWorkPlan({ ...FORM_STRONG, timelineMilestones: [] }).rows).toEqual([]);
  });
});
