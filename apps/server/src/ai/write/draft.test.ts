import { generatedApplicationSchema } from '@grantleaf/shared/grant-results.schema';
import { describe, expect, it } from 'vitest';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { generateApplication } from '../model/generate.ts';
import { buildWorkPlan, checkBudget } from '../check/budget.ts';
import { checkCoverage, checkLimits } from '../check/checks.ts';
import programs from '../fixtures/programs.json' with { type: 'json' };
import { FORM_STRONG } from '../fixtures/forms.ts';
import { certify } from './assemble.ts';
import { countFor } from '../check/count.ts';
import { draftApplication } from './draft.ts';
import { programSectionsEntrySchema } from '@grantleaf/shared/program-sections.schema';
import { loadProgramSections } from '../profile/data.ts';
import { programWordsPerPage } from '../profile/sections.ts';
import { evaluateText } from '../assess/analysis.ts';
import { parseLimit } from '../text/limits.ts';
import { countWords } from '../text/review-text.ts';
import { splitSentences } from '../text/sentences.ts';

const catalogue = programs as GrantProgram[];
function program(id: string): GrantProgram {
  const found = catalogue.find((p) => p.id === id);
  if (!found) throw new Error(`fixture program ${id} missing`);
  return found;
}
const alliance = program('ca-nserc-alliance-advantage');
const discovery = program('ca-nserc-discovery-grants');

describe('offline generation', () => {
  it("writes the funder's sections under the funder's headers, in the funder's order", () => {
    const file = loadProgramSections();
    for (const p of catalogue) {
      const draft = draftApplication(p, FORM_STRONG);
      const own = file.programs[p.id];
      const headings = draft.sections.map((s) => s.heading);
      if (own) expect(headings, p.id).toEqual(own.sections.map((s) => s.header));
      else
        expect(headings, p.id).toEqual(
          (p.requiredSections ?? []).map((s) => s.name).filter((n) => headings.includes(n)),
        );
      // Every section says something or asks something: none is silently empty.
      for (const s of draft.sections)
        expect(
          s.body.trim().length + (s.questions ?? []).join('').length,
          `${p.id}: ${s.heading}`,
        ).toBeGreaterThan(20);
      expect(generatedApplicationSchema.parse(draft)).toEqual(draft);
    }
    expect(
      draftApplication(program('us-nsf-sbir-sttr-phase-1'), FORM_STRONG).sections.map((s) => s.heading),
    ).toEqual([
      'Project Summary',
      'Intellectual Merit',
      'Company/Team',
      'Broader Impacts',
      'Commercialization Potential',
      'Budget Justification',
    ]);
    const r01: GrantProgram = { id: 'us-nih-r01', name: 'NIH Research Project Grant (R01)', currency: 'USD' };
    expect(draftApplication(r01, FORM_STRONG).sections.map((s) => s.heading)).toEqual(
      expect.arrayContaining(['Specific Aims', 'Significance', 'Innovation', 'Approach']),
    );
  });

  it('the sections file is valid, cites its sources and writes each topic in one section only', () => {
    const file = loadProgramSections();
    expect(Object.keys(file.programs).length).toBeGreaterThanOrEqual(10);
    for (const [id, entry] of [['general', file.general] as const, ...Object.entries(file.programs)]) {
      expect(entry.sources.length, id).toBeGreaterThan(0);
      expect(entry.formatting, id).toMatch(new RegExp(`${entry.wordsPerPage} words per page`));
      const topics = entry.sections.flatMap((s) => s.topics);
      expect(new Set(topics).size, id).toBe(topics.length);
    }
    const twice = structuredClone(file.general);
    twice.sections[1]!.topics.push('summary');
    expect(programSectionsEntrySchema.safeParse(twice).success).toBe(false);
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
    const section = (h: string) => draft.sections.find((s) => s.heading === h)?.body ?? '';
    expect(section('Partnership')).toContain('Nordair Systems Inc.');
    expect(section('Summary of the proposal')).toMatch(/^Adaptive defrost control/);
    // Sentences land where they answer: trainees in the training plan, not in the team section.
    expect(section('Training plan')).toContain('The project trains 2 PhD students');
    expect(section('Team')).not.toContain('The project trains 2 PhD students');
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
    const withTable = draft.sections.filter((s) => s.table);
    expect(withTable.map((s) => s.heading)).toEqual(['Proposed research project']);
    expect(withTable[0]?.table?.columns).toEqual([
      'Milestone',
      'Start',
      'End',
      'Days',
      'Budget (CAD)',
      'Deliverables',
    ]);
    expect(withTable[0]?.table?.rows[2]).toEqual([
      'Phase 3',
      '2028-01-10',
      '2029-04-30',
      '476',
      'CAD $200,000',
      'Field report and certification test plan',
    ]);
    // The table is data, not Markdown in the prose.
    expect(draft.sections.some((s) => s.body.includes('|'))).toBe(false);
  });

  it('checks the budget arithmetic: matching totals, and a flagged difference', () => {
    const ok = draftApplication(alliance, FORM_STRONG);
    expect(ok.budgetCheck).toMatchObject({
      statedTotal: 420_000,
      milestoneSum: 420_000,
      difference: 0,
      matches: true,
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
    const budgetSection = draft.sections.find((s) => s.heading === 'Budget justification');
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

  it('says nothing from the catalogue range, even handed a program with one (ADR 0530: caps come from cost rules)', () => {
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
    // $1.3M a year against the catalogue's $1M a year: the range is shown elsewhere, never judged.
    expect(alliance.fundingMax).toBe(1_000_000);
    const draft = draftApplication(alliance, form);
    const RANGE = /program (?:maximum|minimum|range)/;
    expect(draft.budgetCheck).not.toHaveProperty('withinProgramRange');
    expect(draft.budgetCheck.message).not.toMatch(RANGE);
    expect(draft.gaps.filter((g) => RANGE.test(g.message))).toEqual([]);
    expect(draft.certification_status).not.toMatch(RANGE);
  });

  it('reports the missing partner plainly when the program requires one', () => {
    const noPartner: GenerationForm = { ...FORM_STRONG, industryPartner: '' };
    const draft = draftApplication(alliance, noPartner);
    expect(draft.gaps[0]).toEqual({
      severity: 'critical',
      message: 'No industry partner named; this program requires one.',
    });
    expect(draft.sections.find((s) => s.heading === 'Partnership')?.questions).toContain(
      'Which partner organization takes part, what is its role, and what does it contribute?',
    );
    expect(draft.coverage.missing).toContain('Partnership');
    // Discovery Grants are individual: no partner gap there.
    const individual = draftApplication(discovery, noPartner);
    expect(individual.gaps.some((g) => /partner/i.test(g.message))).toBe(false);
    expect(individual.sections.some((s) => /partner/i.test(s.heading))).toBe(false);
  });

  it('counts a section with questions only as missing, and lists forms as attachments for catalogue shapes', () => {
    const draft = draftApplication(alliance, FORM_STRONG);
    expect(draft.coverage.required).toBe(7);
    for (const missing of draft.coverage.missing) {
      const section = draft.sections.find((s) => s.heading === missing);
      expect(section?.questions?.length, missing).toBeGreaterThan(0);
    }
    const catalogueShaped: GrantProgram = { ...alliance, id: 'alliance-copy' };
    const fromCatalogue = draftApplication(catalogueShaped, FORM_STRONG);
    expect(fromCatalogue.coverage.attachments).toEqual([
      'Personal data form with CCV attachment (Form 100A) for applicant and co-applicants',
      'National Security Guidelines for Research Partnerships risk assessment form',
      'Attestation for research aiming to advance sensitive technology research areas (STRAC)',
    ]);
    const attachment = fromCatalogue.sections.find((s) => s.heading.startsWith('Personal data form'));
    expect(attachment?.body).toMatch(/^Filed with the application rather than written in the narrative/);
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
    expect(draft.coverage).toMatchObject({ required: 2, attachments: [] });
    expect(draft.sections[0]?.body).toContain('The work proceeds in 3 steps.');
    expect(draft.limits[0]).toMatchObject({ status: 'within', max: 700 });
  });

  it('writes a complete draft even with no milestones, and says what is missing', () => {
    const draft = draftApplication(alliance, { ...FORM_STRONG, timelineMilestones: [] });
    expect(draft.sections).toHaveLength(7);
    expect(draft.workPlan).toMatchObject({ rows: [], totalDurationDays: null, milestoneBudgetSum: 0 });
    expect(draft.budgetCheck).toMatchObject({ statedTotal: 420_000, matches: null });
    expect(draft.gaps.map((g) => g.message)).toContain(
      'No milestones given; reviewers expect a dated work plan.',
    );
    expect(draft.sections.find((s) => s.heading === 'Proposed research project')?.questions).toContain(
      'What are the dated milestones, each with its deliverable and budget?',
    );
    expect(draft.certification_status).toMatch(/^Needs revision: /);
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
      expect(entry.answeredIn.some((h) => /Personal data form|Attestation/.test(h))).toBe(false);
    }
    expect(draft.criteriaMap.find((c) => c.criterion === 'Research plan and team')?.answeredIn).toContain(
      'Proposed research project',
    );
  });

  it('counts words against parseable limits', () => {
    expect(parseLimit('5 pages incl. figures')).toMatchObject({ unit: 'words', max: 2500 });
    expect(parseLimit('350 words')).toMatchObject({ unit: 'words', max: 350 });
    expect(parseLimit('~2,000 characters')).toMatchObject({ unit: 'characters', max: 2000 });
    expect(parseLimit('1 page (4,600 characters)')).toMatchObject({ unit: 'characters', max: 4600 });
    expect(parseLimit('unconfirmed (historically 1 page)')).toMatchObject({ unit: 'words', max: 500 });
    expect(parseLimit('per template (unconfirmed)')).toBeNull();

    // The draft counts pages at the program's stated formatting assumption.
    const draft = draftApplication(discovery, FORM_STRONG);
    const proposal = draft.limits.find((l) => l.section === 'Proposal');
    expect(proposal).toMatchObject({ unit: 'words', max: 3000, status: 'within', limit: '5 pages' });
    expect(proposal?.words).toBeGreaterThan(50);
    expect(draft.sections.find((s) => s.heading === 'Proposal')?.count).toMatchObject({
      unit: 'pages',
      max: 5,
      wordsPerPage: 600,
      status: 'within',
    });
    // A page limit is read at the program's one words-per-page figure (600 for Discovery, from
    // program-sections.json) and flagged only above 110% of it, as the reviewer does.
    expect(programWordsPerPage(discovery)).toBe(loadProgramSections().programs[discovery.id]?.wordsPerPage);
    const hqp = (words: number) =>
      checkLimits([{ heading: 'HQP training plan', body: 'word '.repeat(words) }], discovery).find(
        (l) => l.section === 'HQP training plan',
      );
    expect(hqp(650)).toMatchObject({ status: 'within', words: 650, max: 600 });
    expect(hqp(661)).toMatchObject({ status: 'over', words: 661, max: 600 });
    // The draft's own count judges the same way: a page limit flagged only above 110%.
    const onePage = { max: 1, unit: 'pages', kind: 'maximum' } as const;
    expect(countFor('word '.repeat(650), onePage, 600).status).toBe('within');
    expect(countFor('word '.repeat(661), onePage, 600).status).toBe('over');
    expect(countFor('word '.repeat(351), { ...onePage, max: 350, unit: 'words' }, 600).status).toBe('over');
    const asReviewed = evaluateText(discovery, `## HQP training plan\n\n${'word '.repeat(650)}`);
    expect(asReviewed.checks.limits.find((l) => l.section === 'HQP training plan')?.status).toBe('within');
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
    expect(draft.sections[0]?.questions?.at(-1)).toMatch(/longer than its limit of 60 words/);
    expect(countWords(draft.sections[0]?.body ?? '')).toBeLessThanOrEqual(60);
    expect(draft.sections[1]?.body.length).toBeLessThanOrEqual(400);
    expect(draft.sections[2]?.questions?.join(' ') ?? '').not.toMatch(/longer than its limit/);

    const sbir = program('us-nsf-sbir-sttr-phase-1');
    const pitch = draftApplication(sbir, FORM_STRONG);
    expect(pitch.limits.filter((l) => l.status === 'over')).toEqual([]);
    expect(pitch.certification_status).not.toMatch(/over its limit/);
    // NSF SBIR's $305,000 is not confirmed on an NSF page (cost-rules.json): said as a check, not a breach.
    const cap = pitch.ruleChecks?.find((r) => r.rule === 'Budget cap');
    expect(cap).toMatchObject({ status: 'unknown' });
    expect(cap?.message).toContain("Check with the funder (rule not confirmed on the funder's page)");
    expect(pitch.certification_status).toMatch(/over the cap of USD \$305,000/);
  });

  it('falls back to the general template for a program without sections', () => {
    const bare: GrantProgram = {
      id: 'local-fund',
      name: 'Local innovation fund',
      requiredSections: [],
      criteria: [],
    };
    const draft = draftApplication(bare, FORM_STRONG);
    expect(draft.sections.map((s) => s.heading)).toEqual(
      loadProgramSections().general.sections.map((s) => s.header),
    );
    expect(draft.basis).toMatch(/general grant template/);
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
    expect(training?.questions).toContain(
      'How many trainees (undergraduate, graduate, postdoctoral) take part, and what will each learn?',
    );
    expect(draft.sections.some((s) => s.body.includes('[To complete'))).toBe(false);
    const messages = draft.gaps.map((g) => g.message);
    expect(messages).toContain(
      'Proposal: What measurable target (a number, a percentage or a date) does objective 1, 2 have?',
    );
    expect(messages.some((m) => /Team profiles are brief/.test(m))).toBe(true);
    expect(draft.coverage.missing).toContain('HQP training plan');
  });

  it('is deterministic and reviews its own draft with the offline scores', () => {
    const a = draftApplication(alliance, FORM_STRONG);
    const b = draftApplication(alliance, FORM_STRONG);
    expect(a).toEqual(b);
    expect(a.evaluation_scores).toHaveLength(4);
    // The strong form still leaves questions (who benefits, EDI…): never "Submission ready" with a gap.
    expect(a.gaps.length).toBeGreaterThan(0);
    expect(a.certification_status).toMatch(/^Needs revision: /);
    const weaker = draftApplication(alliance, {
      ...FORM_STRONG,
      industryPartner: '',
      teamProfiles: 'A small team.',
    });
    expect(weaker.gaps.length).toBeGreaterThan(a.gaps.length);
    expect(weaker.certification_status).toMatch(/^Needs revision: /);
  });

  it('repeats no sentence anywhere in the draft, for every program', () => {
    const overviewTwice: GenerationForm = {
      ...FORM_STRONG,
      // An applicant who pastes the overview into the timeline too still gets each sentence once.
      projectTimeline: FORM_STRONG.projectOverview,
    };
    for (const p of catalogue) {
      for (const form of [FORM_STRONG, overviewTwice]) {
        const draft = draftApplication(p, form);
        const sentences = draft.sections
          .flatMap((s) => s.body.split('\n'))
          .flatMap((line) => splitSentences(line))
          .map((x) =>
            x
              .toLowerCase()
              .replace(/[^a-z0-9]+/g, ' ')
              .trim(),
          )
          .filter((x) => x.split(' ').length >= 4);
        const repeated = sentences.filter((x, i) => sentences.indexOf(x) !== i);
        expect(repeated, p.id).toEqual([]);
      }
    }
  });

  it('is never "Submission ready" while a gap or a question remains', () => {
    for (const p of catalogue) {
      const draft = draftApplication(p, FORM_STRONG);
      const questions = draft.sections.flatMap((s) => s.questions ?? []);
      expect(draft.gaps.length, p.id).toBeGreaterThanOrEqual(questions.length);
      if (draft.gaps.length > 0) expect(draft.certification_status, p.id).toMatch(/^Needs revision: /);
      expect(draft.basis).toMatch(/no AI model was used/);
      expect(JSON.stringify(draft)).not.toMatch(/offline engine/i);
    }
    expect(certify([], 'Submission ready')).toBe('Submission ready');
    expect(certify([{ severity: 'minor', message: 'One question left.' }], 'Submission ready')).toBe(
      'Needs revision: One question left',
    );
  });

  it('states the budget in the program currency: USD for US programs, CAD for Canadian ones', () => {
    for (const p of catalogue) {
      const draft = draftApplication(p, FORM_STRONG);
      const text = draft.sections.map((s) => s.body).join('\n');
      const currency = p.currency ?? 'CAD';
      expect(draft.budgetCheck.currency, p.id).toBe(currency);
      const other = currency === 'USD' ? 'CAD $' : 'USD $';
      expect(text, p.id).not.toContain(other);
    }
    const noCurrency: GrantProgram = {
      id: 'us-x',
      name: 'A US foundation',
      jurisdiction: 'United States (federal)',
    };
    expect(draftApplication(noCurrency, FORM_STRONG).budgetCheck.currency).toBe('USD');
  });

  it('states the cost-share rule with the partner cash it implies (NSERC Alliance 2:1 for every partner size)', () => {
    const draft = draftApplication(alliance, FORM_STRONG);
    const share = draft.ruleChecks?.find((r) => r.rule === 'Cost share');
    expect(share?.message).toContain('at least CAD $210,000 of partner cash.');
    expect(share?.message).not.toContain('when all partners are large');
    expect(share?.status).toBe('unknown');
    const withCash = draftApplication(alliance, {
      ...FORM_STRONG,
      industryPartner: 'Nordair Systems Inc. (CAD $100,000 cash)',
    });
    expect(withCash.ruleChecks?.find((r) => r.rule === 'Cost share')?.status).toBe('unmet');
    const enough = draftApplication(alliance, {
      ...FORM_STRONG,
      industryPartner: 'Nordair Systems Inc. (CAD $220,000 cash)',
    });
    expect(enough.ruleChecks?.find((r) => r.rule === 'Cost share')?.status).toBe('met');
    const irap = draftApplication(program('ca-nrc-irap'), FORM_STRONG);
    expect(irap.ruleChecks?.find((r) => r.rule === 'Contribution to eligible costs')?.message).toContain(
      'at most CAD $336,000',
    );
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
    expect(coverage.missing).not.toContain('Proposal');
    // NSERC Discovery's template (profileOf): Summary of proposal, Proposal, HQP training plan, Most
    // significant contributions, Relationship to other research support, Budget justification.
    // (The catalogue record's list had 5 once its NOI form was set aside; it is no longer read.)
    expect(coverage.required).toBe(6);
    expect(buildWorkPlan({ ...FORM_STRONG, timelineMilestones: [] }).rows).toEqual([]);
  });
});
