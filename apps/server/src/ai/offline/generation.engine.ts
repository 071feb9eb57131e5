import type {
  BudgetCheck,
  CriterionMapEntry,
  Gap,
  GeneratedApplication,
  GeneratedSection,
  LimitCheck,
  SectionCount,
  SectionTable,
  WorkPlan,
} from '@grantleaf/shared/grant-results.schema';
import type {
  ProgramSectionSpec,
  ProgramSectionsEntry,
  SectionLimit,
  SectionNeed,
  SectionTopic,
} from '@grantleaf/shared/program-sections.schema';
import type { GenerationForm, GrantProgram } from '../grant-input.ts';
import { resultVerdict } from '@grantleaf/shared/verdict';
import {
  type FactModel,
  type ObjectiveFact,
  partnerAmount,
  readForm,
  statementsOf,
  totalCost,
} from '../read/index.ts';
import { contentStems } from '../text/index.ts';
import { reviewDraft } from '../assess/draft-review.ts';
import type { OfflineEvaluation } from './analysis.engine.ts';
import { measureEvidence } from './evidence.ts';
import { buildWorkPlan, checkBudget, programCurrency, runOfflineChecks } from './checks.ts';
import { limitText } from '../profile/data.ts';
import { costRuleChecks, MONEY_RULES, projectCap } from './cost-rule-checks.ts';
import { programShape, type ProgramShape } from '../profile/sections.ts';
import { type Element, ELEMENT_LABELS, elementsForCriterion } from './rubric.ts';
import { programCriteria, requiresPartner, sectionHead } from '../profile/catalogue.ts';
import { PAGE_LIMIT_TOLERANCE } from '../text/limits.ts';
import { formatMoney } from '../text/money.ts';
import { countWords, ensurePeriod, splitSentences } from '../text/review-text.ts';

/**
 * The offline writer: a draft shaped like the program's real application (its sections, headers,
 * order and limits, apps/server/data/program-sections.json), built only from the applicant's own
 * material, each piece of it once. What the material does not say becomes a question in the
 * section, and every question is a gap: such a draft is never "Submission ready".
 */

/** Evidence strength from which a section counts as answering a criterion. */
const ANSWERS = 0.35;
/** How many gap messages the certification names. */
const CERTIFICATION_REASONS = 3;

interface Material {
  program: GrantProgram;
  form: GenerationForm;
  workPlan: WorkPlan;
  budget: BudgetCheck;
  currency: string;
  /** Everything the applicant gave, read once (ai/read). */
  facts: FactModel;
  objectives: ObjectiveFact[];
  partner: string | null;
  /** Every applicant field in one text, to look for what a question needs. */
  all: string;
  /** Sentences already written somewhere in the draft: none is written twice. */
  used: Set<string>;
}

export function draftApplication(program: GrantProgram, form: GenerationForm): GeneratedApplication {
  const shape = programShape(program);
  const material = gatherMaterial(program, form);
  const written = writeTopics(shape.entry, material);
  const sections = shape.entry.sections.map((spec) =>
    fitToLimit(writeSpecSection(spec, material, written), spec, shape.entry.wordsPerPage),
  );
  return assembleApplication({
    program,
    form,
    sections: [...sections, ...shape.attachments.map((name) => writeAttachment(name, material))],
    engine: 'offline',
    provider: null,
    fallbackReason: null,
  });
}

/** The program's sections, in order, for a writer that goes section by section (the model path). */
export function programSectionSpecs(program: GrantProgram): ProgramSectionsEntry {
  return programShape(program).entry;
}

/** One section written from the applicant's material alone (also the model path's per-section fallback). */
export function writeSectionFromMaterial(
  program: GrantProgram,
  form: GenerationForm,
  spec: ProgramSectionSpec,
): GeneratedSection {
  const material = gatherMaterial(program, form);
  const { entry } = programShape(program);
  return fitToLimit(writeSpecSection(spec, material, writeTopics(entry, material)), spec, entry.wordsPerPage);
}

/**
 * Keeps a section within a maximum the funder sets: whole sentences are dropped from the end, and
 * the section asks which points matter most (the applicant chooses, not the engine).
 */
function fitToLimit(
  section: GeneratedSection,
  spec: ProgramSectionSpec,
  wordsPerPage: number,
): GeneratedSection {
  const limit = spec.limit;
  if (!limit || limit.kind !== 'maximum') return section;
  // The writer aims at the limit itself; the 110% margin on page estimates is for judging only.
  const fits = (body: string) => countFor(body, limit, wordsPerPage).used <= limit.max;
  if (fits(section.body)) return section;
  const lines = section.body.split('\n').map((line) => splitSentences(line));
  const joined = () =>
    lines
      .map((l) => l.join(' '))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  while (!fits(joined())) {
    const last = [...lines].reverse().find((l) => l.length > 0);
    if (!last) break;
    last.pop();
  }
  return {
    ...section,
    body: joined(),
    questions: [
      ...(section.questions ?? []),
      `Your material for this section is longer than its limit of ${limitText(limit)}; which of the points left out should replace one kept?`,
    ],
  };
}

/**
 * Topics that look for particular sentences (training, novelty, impact…) pick theirs before the
 * general ones (summary, methods, team) take what is left, so each sentence lands where it answers.
 */
const TOPIC_PRIORITY: SectionTopic[] = [
  'objectives',
  'training',
  'edi',
  'novelty',
  'risk',
  'impact',
  'commercialisation',
  'dissemination',
  'data',
  'progress',
  'otherSupport',
  'partner',
  'workplan',
  'budget',
  'summary',
  'methods',
  'team',
];

function writeTopics(entry: ProgramSectionsEntry, m: Material): Map<SectionTopic, Written> {
  const present = new Set(entry.sections.flatMap((s) => s.topics));
  const out = new Map<SectionTopic, Written>();
  for (const topic of TOPIC_PRIORITY) if (present.has(topic)) out.set(topic, WRITERS[topic](m));
  return out;
}

/** The words a draft uses to say where it came from. */
export function draftBasis(
  program: GrantProgram,
  engine: 'offline' | 'llm',
  shape = programShape(program),
): string {
  const source =
    shape.basis === 'program'
      ? `${program.name}'s published instructions`
      : shape.basis === 'catalogue'
        ? `the sections ${program.name} lists`
        : 'a general grant template (no section list is known for this program)';
  return engine === 'offline'
    ? `Drafted from your material and ${source}; no AI model was used.`
    : `Written by an AI model from your material and ${source}, then checked against them.`;
}

/**
 * Everything around the prose: work plan, budget arithmetic, program rules, criteria map,
 * coverage, limits, gaps and the review. Shared by the offline writer and a model's draft.
 */
export function assembleApplication(input: {
  program: GrantProgram;
  form: GenerationForm;
  sections: GeneratedSection[];
  engine: 'offline' | 'llm';
  provider: string | null;
  fallbackReason: string | null;
  modelCriteriaMap?: { criterion: string; answeredIn: string[]; note: string }[];
}): GeneratedApplication {
  const { program, form } = input;
  const shape = programShape(program);
  const sections = removeRepeats(input.sections).map((s) => withCount(s, shape));
  const workPlan = buildWorkPlan(form);
  // Coverage is measured against the program profile's sections, the ones this draft is shaped by.
  const checks = runOfflineChecks({ program, sections, form });
  const budgetCheck = checks.budget ?? checkBudget(form, program, workPlan);
  const limits = limitChecks(sections, shape);
  const facts = readForm(form);
  const rules = ruleChecks(program, form, shape.entry, budgetCheck, workPlan, facts);
  const criteriaMap = mapCriteria(program, sections, shape, input.modelCriteriaMap);
  const gaps: Gap[] = [
    ...materialGaps(program, form, workPlan, facts),
    // Limits are counted below in the funder's units; a program cap is stated once, as its rule.
    ...checks.gaps.filter(
      (g) =>
        !/over its limit/.test(g.message) &&
        !(projectCap(program) && /exceeds the program maximum/.test(g.message)),
    ),
    ...limitGaps(limits),
  ];
  for (const rule of rules) {
    if (rule.status === 'unmet') gaps.push({ severity: 'critical', message: rule.message });
    // Over a cap the funder's page did not confirm: not a blocker, but not ready either (ADR 0451).
    else if (rule.rule === 'Budget cap' && / is over the cap of /.test(rule.message))
      gaps.push({ severity: 'major', message: rule.message });
  }
  for (const entry of criteriaMap) {
    if (entry.answeredIn.length === 0) {
      gaps.push({ severity: 'major', message: `No section answers the criterion "${entry.criterion}".` });
    }
  }
  for (const section of sections) {
    for (const question of section.questions ?? []) {
      gaps.push({ severity: 'major', message: `${section.heading}: ${question}` });
    }
    const notes = section.body.match(/\[To complete:[^\]]*\]/g)?.length ?? 0;
    if (notes > 0) {
      gaps.push({
        severity: 'major',
        message: `"${section.heading}" has ${notes} note${notes === 1 ? '' : 's'} to complete with your own material.`,
      });
    }
    if (section.toConfirm?.length) {
      gaps.push({
        severity: 'major',
        message: `${section.heading}: confirm ${section.toConfirm.map((t) => `"${t}"`).join(', ')}, not found in your material.`,
      });
    }
  }
  // Judged on the applicant's material only: the engine's notes and rule text are never evidence.
  const review = reviewDraft(program, sections, form);
  const allGaps = dedupeGaps(gaps);
  return {
    engine: input.engine,
    provider: input.provider,
    fallbackReason: input.fallbackReason,
    programId: program.id,
    programName: program.name,
    title: form.projectTitle.trim(),
    sections,
    workPlan,
    budgetCheck,
    criteriaMap,
    gaps: allGaps,
    coverage: checks.coverage,
    limits,
    ruleChecks: rules,
    basis: draftBasis(program, input.engine, shape),
    evaluation_scores: review.evaluation_scores,
    ...draftVerdict(input.engine, allGaps, checks.coverage, review),
  };
}

/** The draft's one verdict (packages/shared/src/verdict.ts): status and probability from the same gaps. */
function draftVerdict(
  engine: 'offline' | 'llm',
  gaps: Gap[],
  coverage: GeneratedApplication['coverage'],
  review: OfflineEvaluation,
): Pick<GeneratedApplication, 'funding_probability' | 'certification_status'> {
  const verdict = resultVerdict({
    engine,
    certification_status: certify(gaps, review.certification_status),
    funding_probability: review.funding_probability,
    gaps,
    coverage,
    evaluation_scores: review.evaluation_scores,
  });
  return {
    funding_probability: verdict.probability as GeneratedApplication['funding_probability'],
    certification_status: verdict.status,
  };
}

/** "Submission ready" only with no gap at all; otherwise the first reasons, most severe first. */
export function certify(gaps: Gap[], reviewStatus: string): string {
  if (gaps.length === 0) return reviewStatus;
  const reasons = gaps.slice(0, CERTIFICATION_REASONS).map((g) => g.message.replace(/\.$/, ''));
  const more = gaps.length > CERTIFICATION_REASONS ? `; and ${gaps.length - CERTIFICATION_REASONS} more` : '';
  return `Needs revision: ${reasons.join('; ')}${more}`;
}

function gatherMaterial(program: GrantProgram, form: GenerationForm): Material {
  const workPlan = buildWorkPlan(form);
  const facts = readForm(form);
  const milestoneText = (form.timelineMilestones ?? [])
    .map((m) => [m.title, m.description, m.deliverables, m.budgetAmount].filter(Boolean).join(' '))
    .join('\n');
  return {
    program,
    form,
    workPlan,
    budget: checkBudget(form, program, workPlan, facts),
    currency: programCurrency(program),
    facts,
    objectives: facts.objectives,
    partner: facts.organisations.find((o) => o.role === 'partner')?.name ?? null,
    all: [
      form.projectTitle,
      form.projectOverview,
      form.keyObjectives,
      form.totalBudget,
      form.projectTimeline ?? '',
      milestoneText,
      form.teamProfiles,
      form.industryPartner ?? '',
    ].join('\n'),
    used: new Set(),
  };
}

// --- sections ----------------------------------------------------------------------------------

function writeSpecSection(
  spec: ProgramSectionSpec,
  m: Material,
  written: Map<SectionTopic, Written>,
): GeneratedSection {
  const parts = spec.topics.map((t) => written.get(t) ?? WRITERS[t](m));
  const paragraphs = parts.map((p) => p.text).filter((t) => t.trim());
  const questions = parts.flatMap((p) => p.questions ?? []);
  for (const ask of spec.asks) {
    if (!NEEDS[ask.need](m) && !questions.includes(ask.question)) questions.push(ask.question);
  }
  // Nothing of the material fits here: the section asks rather than stand empty.
  if (paragraphs.length === 0 && questions.length === 0) {
    questions.push(
      spec.asks[0]?.question ??
        `The funder asks for this: ${spec.guidance} What does your project say to it?`,
    );
  }
  return {
    heading: spec.header,
    body: paragraphs.join('\n\n'),
    questions,
    table: parts.find((p) => p.table)?.table ?? null,
    writtenBy: 'material',
  };
}

function writeAttachment(name: string, m: Material): GeneratedSection {
  const lead = `${m.form.teamLeadName.trim()} (${m.form.teamLeadRole.trim()})`;
  return {
    heading: name,
    body: `Filed with the application rather than written in the narrative: ${sectionHead(name)}. Prepare it for ${lead}${m.partner ? ` and ${m.partner}` : ''} with the title "${m.form.projectTitle.trim()}" and the same total as this draft.`,
    questions: [],
    table: null,
    writtenBy: 'material',
  };
}

interface Written {
  text: string;
  questions?: string[];
  table?: SectionTable;
}

/** Sentences of `text` matching `re` that no section has written yet; marks them written. */
function take(m: Material, text: string, re: RegExp = /./): string[] {
  const out: string[] = [];
  for (const sentence of splitSentences(text)) {
    const key = sentenceKey(sentence);
    if (!re.test(sentence) || m.used.has(key)) continue;
    m.used.add(key);
    out.push(ensurePeriod(sentence));
  }
  return out;
}

/** The applicant's pilot and preliminary results, from any field of the form. */
function pilotText(m: Material): string {
  return statementsOf(m.facts, 'pilot')
    .filter((st) => st.source.field !== 'teamProfiles')
    .map((st) => st.text)
    .join('\n');
}

const NOVELTY = /current|existing|unlike|novel|first|state of the art|today|limitation|gap|instead|new\b/i;
const METHOD =
  /\bwill\b|\busing\b|\bmodel|\bmeasur|\btest|\bvalidat|\bdevelop|\bbuild|\bestimat|\banaly|\bsurvey|\binterview|\btrial|\bexperiment/i;
const IMPACT = /impact|benefit|outcome|save|reduce|improv|patients|communit|econom|jobs|emission|users/i;
const TRAINEE = /student|postdoc|trainee|intern|HQP|graduate|mentor|train/i;
const COMMERCIAL = /market|customer|commerciali|licen[cs]|revenue|product|sales|adopt/i;

const WRITERS: Record<SectionTopic, (m: Material) => Written> = {
  summary: (m) => {
    const opening = take(m, m.form.projectOverview).slice(0, 2);
    const span =
      m.workPlan.startDate && m.workPlan.endDate
        ? ` from ${m.workPlan.startDate} to ${m.workPlan.endDate}`
        : '';
    const total =
      m.budget.statedTotal !== null
        ? formatMoney(m.budget.statedTotal, m.currency)
        : m.form.totalBudget.trim();
    const cost = totalCost(m.facts);
    const ofCost =
      cost && m.budget.statedTotal !== null && Math.abs(cost.value - m.budget.statedTotal) > 1
        ? ` of a total project cost of ${formatMoney(cost.value, m.currency)}`
        : '';
    return {
      text: [
        `${ensurePeriod(m.form.projectTitle.trim())} ${opening.join(' ')}`.trim(),
        `The project is led by ${m.form.teamLeadName.trim()}, ${m.form.teamLeadRole.trim()}${m.partner ? `, with ${m.partner}` : ''}, and requests ${total}${ofCost}${span}.`,
      ].join(' '),
    };
  },
  // Pilot and preliminary results first, wherever the applicant wrote them; then the team's record.
  progress: (m) => ({
    text: [
      ...take(m, pilotText(m)),
      ...take(
        m,
        m.form.teamProfiles,
        /publish|publication|developed|prior|previous|award|grant|patent|prototype/i,
      ),
    ].join(' '),
  }),
  objectives: (m) => {
    if (m.objectives.length === 0) {
      return { text: '', questions: ['What are the objectives, each with a measurable target?'] };
    }
    // The applicant's own markers and numbers ("3.", "Aim 2:"); only unmarked items are numbered.
    const name = (o: ObjectiveFact, i: number) => `${o.label ?? 'Objective'} ${o.number ?? i + 1}`;
    const list = m.objectives.map((o, i) => `${o.marker ?? `${i + 1}.`} ${ensurePeriod(o.text)}`);
    m.objectives.forEach((o) => m.used.add(sentenceKey(o.text)));
    const linked = m.objectives
      .map((o, i) => {
        const row = bestMilestoneFor(o.text, m.workPlan);
        return row
          ? `${name(o, i)} is delivered through "${row.milestone}"${row.endDate ? ` (due ${row.endDate})` : ''}.`
          : '';
      })
      .filter(Boolean)
      .join(' ');
    // "objective 1, 2" when the applicant gave no labels; "Aim 2, Aim 3" with theirs.
    const open = m.objectives
      .map((o, i) => (/\d/.test(o.text) ? null : o.label ? name(o, i) : (o.number ?? String(i + 1))))
      .filter((n) => n !== null);
    const unmeasured = m.objectives.some((o) => o.label) ? open.join(', ') : `objective ${open.join(', ')}`;
    // Methods that produce findings rather than figures: their objectives are not asked for a number.
    const qualitative = statementsOf(m.facts, 'qualitative').length > 0;
    return {
      text: [list.join('\n'), linked].filter(Boolean).join('\n'),
      questions: open.length
        ? [
            qualitative
              ? `What will ${unmeasured} produce (a finding, a framework, a publication), and when?`
              : `What measurable target (a number, a percentage or a date) does ${unmeasured} have?`,
          ]
        : [],
    };
  },
  novelty: (m) => ({ text: take(m, m.form.projectOverview, NOVELTY).join(' ') }),
  methods: (m) => {
    const said = take(m, m.form.projectOverview, METHOD);
    const steps = m.workPlan.rows
      .filter((r) => r.description)
      .map((r, i) => `Step ${i + 1}, ${r.milestone}: ${ensurePeriod(r.description)}`);
    return {
      text: [
        said.join(' '),
        steps.length ? `The work proceeds in ${steps.length} steps. ${steps.join(' ')}` : '',
      ]
        .filter(Boolean)
        .join('\n'),
      questions:
        said.length === 0 && steps.length === 0 ? ['What methods will the work use, step by step?'] : [],
    };
  },
  workplan: (m) => {
    if (m.workPlan.rows.length === 0) {
      return {
        text: take(m, m.form.projectTimeline ?? '').join(' '),
        questions: ['What are the dated milestones, each with its deliverable and budget?'],
      };
    }
    const span =
      m.workPlan.totalDurationDays !== null
        ? `The plan runs ${m.workPlan.totalDurationDays} days, from ${m.workPlan.startDate} to ${m.workPlan.endDate}, in ${m.workPlan.rows.length} milestone${m.workPlan.rows.length === 1 ? '' : 's'}.`
        : '';
    return {
      text: [span, take(m, m.form.projectTimeline ?? '').join(' ')].filter(Boolean).join(' '),
      table: milestoneTable(m),
    };
  },
  training: (m) => ({
    text: take(m, `${m.form.teamProfiles}\n${m.form.projectOverview}`, TRAINEE).join(' '),
  }),
  team: (m) => ({
    text: `${m.form.teamLeadName.trim()}, ${m.form.teamLeadRole.trim()}, leads the project. ${take(m, m.form.teamProfiles).join(' ')}`.trim(),
  }),
  partner: (m) => {
    const cash = partnerAmount(m.facts, 'partner_cash');
    const inKind = partnerAmount(m.facts, 'partner_in_kind');
    const gives = [
      cash !== null ? `${formatMoney(cash, m.currency)} in cash` : '',
      inKind !== null ? `${formatMoney(inKind, m.currency)} in kind` : '',
    ].filter(Boolean);
    if (!m.partner && gives.length === 0) {
      return requiresPartner(m.program)
        ? {
            text: '',
            questions: [
              'Which partner organization takes part, what is its role, and what does it contribute?',
            ],
          }
        : { text: '' };
    }
    const said = take(m, m.form.industryPartner ?? '');
    return {
      text: [
        m.partner ? `Partner organization: ${ensurePeriod(m.partner)}` : '',
        said.filter((x) => sentenceKey(x) !== sentenceKey(m.partner ?? '')).join(' '),
        gives.length ? `The partner contributes ${gives.join(' and ')} to the project.` : '',
      ]
        .filter(Boolean)
        .join(' '),
      questions: m.partner ? [] : ['Which organization is the partner, and what is its role?'],
    };
  },
  commercialisation: (m) => ({ text: take(m, m.form.projectOverview, COMMERCIAL).join(' ') }),
  impact: (m) => ({ text: take(m, m.form.projectOverview, IMPACT).join(' ') }),
  dissemination: (m) => ({
    text: take(
      m,
      m.form.projectOverview,
      /publish|journal|conference|open[- ]source|open data|workshop|share/i,
    ).join(' '),
  }),
  budget: (m) => writeBudget(m),
  otherSupport: (m) => ({
    text: take(m, m.form.teamProfiles, /funded by|grant|support from|award/i).join(' '),
  }),
  risk: (m) => ({
    text: take(m, m.form.projectOverview, /risk|fallback|contingen|alternative|mitigat/i).join(' '),
  }),
  data: (m) => ({ text: take(m, m.form.projectOverview, /\bdata\b|dataset|repository/i).join(' ') }),
  edi: (m) => ({
    text: take(m, m.all, /equity|diversity|inclusi|\bEDI\b|underrepresented|Indigenous/i).join(' '),
  }),
};

function milestoneTable(m: Material): SectionTable {
  return {
    caption: 'Work plan: milestones',
    columns: ['Milestone', 'Start', 'End', 'Days', `Budget (${m.currency})`, 'Deliverables'],
    rows: m.workPlan.rows.map((r) => [
      r.milestone,
      r.startDate ?? '—',
      r.endDate ?? '—',
      r.durationDays === null ? '—' : String(r.durationDays),
      r.budget !== null ? formatMoney(r.budget, m.currency) : r.budgetText || '—',
      r.deliverables || '—',
    ]),
  };
}

function writeBudget(m: Material): Written {
  const total = m.budget.statedTotal;
  const lines: string[] = [];
  const questions: string[] = [];
  if (total !== null) lines.push(`The total request is ${formatMoney(total, m.currency)}.`);
  else questions.push(`What is the total amount requested, in ${m.currency}?`);
  // A saved budget computed the request by the program's cost rules: say how (ADR 0453).
  if (m.form.budget && total !== null) lines.push(ensurePeriod(m.form.budget.basis.trim()));
  const cost = totalCost(m.facts);
  if (cost && total !== null && Math.abs(cost.value - total) > 1)
    lines.push(`The total project cost is ${formatMoney(cost.value, m.currency)}.`);
  lines.push(m.budget.message);
  // The money rules belong in the budget; the others are listed with the checks.
  for (const rule of ruleChecks(
    m.program,
    m.form,
    programShape(m.program).entry,
    m.budget,
    m.workPlan,
    m.facts,
  )) {
    if (MONEY_RULES.has(rule.rule)) lines.push(rule.message);
  }
  return { text: [...new Set(lines)].join('\n'), questions };
}

// --- what the applicant supplied ---------------------------------------------------------------

const has = (re: RegExp) => (m: Material) => re.test(m.all);

/** Whether the applicant's material already says what a question would ask. */
const NEEDS: Record<SectionNeed, (m: Material) => boolean> = {
  priorArt: has(
    /existing (?:approach|method|solution|tool)|current (?:approach|method|practice|solution)|state of the art|unlike|compared (?:to|with)|falls? short|outperform/i,
  ),
  validation: has(/validat|benchmark|ground truth|success criteri|tested against|accuracy of|field trial/i),
  risks: has(/\brisks?\b|fallback|contingenc|mitigat/i),
  goNoGo: has(/go\/no-go|go-no-go|no-go|decision point|success criteri/i),
  preliminaryData: (m) => statementsOf(m.facts, 'pilot').length > 0,
  partnerContribution: (m) =>
    partnerAmount(m.facts, 'partner_cash') !== null || partnerAmount(m.facts, 'partner_in_kind') !== null,
  partnerSize: has(
    /\d+\s*(?:employees|staff|FTE)|\bSME\b|small (?:or|and) medium|large (?:company|firm|organi[sz]ation)/i,
  ),
  trainees: (m) => statementsOf(m.facts, 'training').length > 0,
  edi: has(/equity|diversity|inclusi|\bEDI\b|underrepresented/i),
  market: has(/market (?:size|of|worth|valued)|addressable market|\bTAM\b/i),
  customers: has(/customer|client|buyer|adopter|end[- ]users?|letter of (?:intent|support)/i),
  ip: has(/patent|licen[cs]|intellectual property|\bIP\b/),
  dissemination: (m) =>
    statementsOf(m.facts, 'km').length > 0 || /publish|journal|open[- ]source|open data/i.test(m.all),
  dataPlan: has(/data (?:management|sharing)|repository|\bFAIR\b/i),
  budgetBreakdown: has(/salar|equipment|materials|travel|supplies|stipend/i),
  otherSupport: has(/other (?:support|funding|grants?)|current and pending|funded by/i),
  progress: (m) =>
    statementsOf(m.facts, 'pilot').length > 0 ||
    m.facts.people.some((p) => p.record.length > 0) ||
    /prototype|previous (?:grant|award)/i.test(m.form.teamProfiles),
  facilities: has(/facilit|laborator|\blab\b|equipment|cluster|instrument/i),
  beneficiaries: has(/benefit|patients|communit|farmers|\busers\b|Canadians|clinicians|operators/i),
  eligibleCosts: has(/eligible cost|contractor|salar/i),
};

// --- program rules -----------------------------------------------------------------------------

type RuleCheck = NonNullable<GeneratedApplication['ruleChecks']>[number];

/** The program's rules against the applicant's figures: cost share, caps, go/no-go, training, EDI. */
export function ruleChecks(
  program: GrantProgram,
  form: GenerationForm,
  entry: ProgramSectionsEntry,
  budget: BudgetCheck,
  workPlan: WorkPlan,
  facts: FactModel = readForm(form),
): RuleCheck[] {
  const rules = entry.rules;
  const out: RuleCheck[] = costRuleChecks(program, {
    request: budget.statedTotal,
    partnerCash: partnerAmount(facts, 'partner_cash'),
  });
  if (rules.goNoGo) {
    const stated = workPlan.rows.some((r) =>
      /go\/no-go|no-go|decision|success criteri/i.test(`${r.description} ${r.deliverables}`),
    );
    out.push({
      rule: 'Go/no-go milestones',
      status: stated ? 'met' : 'unknown',
      message: stated
        ? `${rules.goNoGo} A milestone states its decision criterion.`
        : `${rules.goNoGo} No milestone states one yet.`,
    });
  }
  for (const [rule, text, re] of [
    ['Training', rules.training, TRAINEE],
    ['Equity, diversity and inclusion', rules.edi, /equity|diversity|inclusi|\bEDI\b/i],
  ] as const) {
    if (!text) continue;
    const said = re.test(`${form.teamProfiles}\n${form.projectOverview}`);
    out.push({
      rule,
      status: said ? 'met' : 'unknown',
      message: said
        ? `${text} Your material addresses it.`
        : `${text} Your material does not address it yet.`,
    });
  }
  return out;
}

// --- limits ------------------------------------------------------------------------------------

export function countFor(body: string, limit: SectionLimit, wordsPerPage: number): SectionCount {
  const words = countWords(body);
  const characters = body.length;
  const used =
    limit.unit === 'characters'
      ? characters
      : limit.unit === 'words'
        ? words
        : Math.round((words / wordsPerPage) * 10) / 10;
  const assumption = limit.unit === 'pages' ? ` at ${wordsPerPage} words per page` : '';
  // Judged as the reviewer judges (parseLimit's flagAbove): a page count is an estimate in words,
  // flagged only above PAGE_LIMIT_TOLERANCE of them; words and characters are exact.
  const over =
    limit.unit === 'pages' ? words > limit.max * wordsPerPage * PAGE_LIMIT_TOLERANCE : used > limit.max;
  return {
    unit: limit.unit,
    max: limit.max,
    used,
    words,
    characters,
    wordsPerPage: limit.unit === 'pages' ? wordsPerPage : null,
    kind: limit.kind,
    status: over ? 'over' : 'within',
    note: `${used.toLocaleString('en-US')} of ${limitText(limit)}${assumption}.${limit.note ? ` ${limit.note}` : ''}`,
  };
}

function withCount(section: GeneratedSection, shape: ProgramShape): GeneratedSection {
  const spec = shape.entry.sections.find((s) => s.header === section.heading);
  if (!spec?.limit) return { ...section, count: section.count ?? null };
  return { ...section, count: countFor(section.body, spec.limit, shape.entry.wordsPerPage) };
}

function limitChecks(sections: GeneratedSection[], shape: ProgramShape): LimitCheck[] {
  const { entry } = shape;
  const toCheck = (name: string, body: string | null, limit: SectionLimit | null): LimitCheck => {
    if (body === null) {
      return {
        section: name,
        limit: limit ? limitText(limit) : null,
        unit: null,
        max: null,
        words: 0,
        characters: 0,
        status: 'missing',
        note: 'Section not found.',
      };
    }
    const words = countWords(body);
    if (!limit) {
      return {
        section: name,
        limit: null,
        unit: null,
        max: null,
        words,
        characters: body.length,
        status: 'no_limit',
        note: 'No limit published.',
      };
    }
    const count = countFor(body, limit, entry.wordsPerPage);
    const unit = limit.unit === 'characters' ? 'characters' : 'words';
    const max = limit.unit === 'pages' ? limit.max * entry.wordsPerPage : limit.max;
    return {
      section: name,
      limit: limitText(limit),
      unit,
      max: Math.round(max),
      words,
      characters: body.length,
      status: count.status === 'over' && limit.kind === 'maximum' ? 'over' : 'within',
      note: count.note,
    };
  };
  const bodyOf = (header: string) => sections.find((s) => s.heading === header)?.body ?? null;
  const own = entry.sections.map((s) => toCheck(s.header, bodyOf(s.header), s.limit));
  const shared = entry.sharedLimits.map((g) => {
    const bodies = g.sections.map((id) => bodyOf(entry.sections.find((s) => s.id === id)?.header ?? ''));
    return toCheck(g.header, bodies.filter((b) => b !== null).join('\n\n'), g.limit);
  });
  return [...own, ...shared];
}

function limitGaps(limits: LimitCheck[]): Gap[] {
  return limits
    .filter((l) => l.status === 'over')
    .map((l) => ({ severity: 'critical' as const, message: `"${l.section}" is over its limit: ${l.note}` }));
}

// --- repetition --------------------------------------------------------------------------------

function sentenceKey(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Drops any sentence already said earlier in the draft (a model may repeat itself too). */
function removeRepeats(sections: GeneratedSection[]): GeneratedSection[] {
  const seen = new Set<string>();
  return sections.map((section) => {
    const paragraphs = section.body.split(/\n/).map((line) => {
      const kept = splitSentences(line).filter((s) => {
        const key = sentenceKey(s);
        // Short fragments ("Objectives.") and list numbers are not statements.
        if (key.split(' ').length < 4) return true;
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return kept.join(' ');
    });
    return {
      ...section,
      body: paragraphs
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim(),
    };
  });
}

// --- gaps and criteria -------------------------------------------------------------------------

function materialGaps(
  program: GrantProgram,
  form: GenerationForm,
  workPlan: WorkPlan,
  facts: FactModel,
): Gap[] {
  const gaps: Gap[] = [];
  const partnerGiven =
    facts.organisations.some((o) => o.role === 'partner') ||
    partnerAmount(facts, 'partner_cash') !== null ||
    partnerAmount(facts, 'partner_in_kind') !== null;
  if (requiresPartner(program) && !partnerGiven) {
    gaps.push({ severity: 'critical', message: 'No industry partner named; this program requires one.' });
  }
  const dated = workPlan.rows.filter((r) => r.startDate && r.endDate);
  if (workPlan.rows.length === 0) {
    gaps.push({ severity: 'major', message: 'No milestones given; reviewers expect a dated work plan.' });
  } else if (dated.length < workPlan.rows.length) {
    gaps.push({
      severity: 'major',
      message: `${workPlan.rows.length - dated.length} milestone(s) have no valid start and end dates.`,
    });
  }
  for (const r of workPlan.rows) {
    if (r.durationDays !== null && r.durationDays < 0) {
      gaps.push({
        severity: 'critical',
        message: `Milestone "${r.milestone}" ends (${r.endDate}) before it starts (${r.startDate}).`,
      });
    }
  }
  if (program.durationMonths && workPlan.totalDurationDays !== null) {
    const maxDays = Math.round((program.durationMonths * 365) / 12);
    if (workPlan.totalDurationDays > maxDays) {
      gaps.push({
        severity: 'major',
        message: `The work plan runs ${workPlan.totalDurationDays} days; the program funds at most ${program.durationMonths} months (about ${maxDays} days).`,
      });
    }
  }
  if (countWords(form.teamProfiles) < 25) {
    gaps.push({
      severity: 'minor',
      message: 'Team profiles are brief; reviewers look for each member’s experience and record.',
    });
  }
  return gaps;
}

function mapCriteria(
  program: GrantProgram,
  sections: GeneratedSection[],
  shape: ProgramShape,
  modelMap?: { criterion: string; answeredIn: string[]; note: string }[],
): CriterionMapEntry[] {
  const { criteria } = programCriteria(program);
  const evidence = sections.map((s) => measureEvidence(s.body));
  const attachments = new Set(shape.attachments);
  return criteria.map((criterion) => {
    const elements = elementsForCriterion(criterion);
    // A section answers a criterion when its text carries the evidence, whatever its heading says.
    const answering = sections
      .map((s, i) => ({
        s,
        found: elements.filter((e) => (evidence[i]?.elements[e]?.strength ?? 0) >= ANSWERS),
      }))
      .filter(({ s, found }) => found.length > 0 && !attachments.has(s.heading));
    const answeredIn = answering.map(({ s }) => s.heading);
    const foundElements = ELEMENTS_IN_ORDER.filter((e) => answering.some(({ found }) => found.includes(e)));
    const fromModel = modelMap?.find(
      (e) => e.criterion.trim().toLowerCase() === criterion.name.trim().toLowerCase(),
    );
    const modelSections = (fromModel?.answeredIn ?? []).filter((h) => sections.some((s) => s.heading === h));
    const all = [...new Set([...answeredIn, ...modelSections])];
    const lookFor =
      criterion.description?.trim() ||
      `Reviewers look for ${elements.map((e: Element) => ELEMENT_LABELS[e]).join(', ')}.`;
    return {
      criterion: criterion.name,
      weight: criterion.weight ?? null,
      reviewersLookFor: lookFor,
      answeredIn: all,
      note:
        fromModel?.note ||
        (all.length
          ? `Answered with ${(foundElements.length ? foundElements : elements).map((e) => ELEMENT_LABELS[e]).join(', ')} in ${all.map((h) => `"${sectionHead(h)}"`).join(', ')}.${missingNote(elements, foundElements)}`
          : `No section of the draft addresses ${elements.map((e) => ELEMENT_LABELS[e]).join(', ')}.`),
    };
  });
}

const ELEMENTS_IN_ORDER = Object.keys(ELEMENT_LABELS) as Element[];

function missingNote(elements: Element[], found: Element[]): string {
  const missing = elements.filter((e) => !found.includes(e));
  return missing.length ? ` Not yet answered: ${missing.map((e) => ELEMENT_LABELS[e]).join(', ')}.` : '';
}

/**
 * The milestone an objective is delivered through, on content evidence only: at least two
 * content stems shared with it that no other milestone has, and no tie. Otherwise none.
 */
function bestMilestoneFor(objective: string, workPlan: WorkPlan) {
  const rows = workPlan.rows.map((row) => ({
    row,
    stems: new Set(contentStems(`${row.milestone} ${row.description} ${row.deliverables}`)),
  }));
  const spread = new Map<string, number>();
  for (const r of rows) for (const st of r.stems) spread.set(st, (spread.get(st) ?? 0) + 1);
  const wanted = contentStems(objective).filter((st) => (spread.get(st) ?? 0) === 1);
  const scored = rows.map((r) => ({ row: r.row, hits: wanted.filter((st) => r.stems.has(st)).length }));
  const best = Math.max(0, ...scored.map((x) => x.hits));
  const top = scored.filter((x) => x.hits === best);
  return best >= 2 && top.length === 1 ? (top[0]?.row ?? null) : null;
}

function dedupeGaps(gaps: Gap[]): Gap[] {
  const seen = new Set<string>();
  const order = { critical: 0, major: 1, minor: 2 } as const;
  return gaps
    .filter((g) => (seen.has(g.message) ? false : (seen.add(g.message), true)))
    .sort((a, b) => order[a.severity] - order[b.severity]);
}
