import type {
  BudgetCheck,
  CriterionMapEntry,
  Gap,
  GeneratedApplication,
  GeneratedSection,
  WorkPlan,
} from '@grantleaf/shared/grant-results.schema';
import type { GenerationForm, GrantProgram, ProgramSection } from '../grant-input.ts';
import { evaluateText } from './analysis.engine.ts';
import { measureEvidence } from './evidence.ts';
import { buildWorkPlan, checkBudget, programCurrency, runOfflineChecks } from './checks.ts';
import {
  type Element,
  ELEMENT_LABELS,
  elementsForCriterion,
  attachmentSections,
  programCriteria,
  programSections,
  requiresPartner,
  sectionHead,
  TOPIC_ELEMENTS,
  type Topic,
  topicsForSection,
} from './rubric.ts';
import {
  countWords,
  ensurePeriod,
  formatMoney,
  parseLimit,
  splitList,
  splitSentences,
} from './text-utils.ts';

/**
 * The offline writer: a complete, program-shaped draft built only from the applicant's own
 * material. Where the material is silent it leaves a visible "[To complete: …]" note and lists the
 * gap, instead of inventing facts.
 */

/** Evidence strength from which a section counts as answering a criterion. */
const ANSWERS = 0.35;

interface Material {
  program: GrantProgram;
  form: GenerationForm;
  workPlan: WorkPlan;
  budget: BudgetCheck;
  currency: string;
  objectives: string[];
  overviewSentences: string[];
  partner: string | null;
  teamText: string;
}

export function draftApplication(program: GrantProgram, form: GenerationForm): GeneratedApplication {
  const material = gatherMaterial(program, form);
  const { sections: required } = programSections(program);
  const attachments = attachmentSections(program);
  const narrative = required.filter((s) => !attachments.has(s.name));
  const extra = topicsForUnansweredCriteria(program, narrative);
  const main = required.indexOf(mainNarrative(narrative) ?? required[0]!);
  const sections: GeneratedSection[] = required.map((section, i) => ({
    heading: section.name,
    body: attachments.has(section.name)
      ? writeAttachment(section, material)
      : writeSection(section, material, i === main ? extra : []),
  }));
  return assembleApplication({
    program,
    form,
    sections,
    engine: 'offline',
    provider: null,
    fallbackReason: null,
  });
}

/**
 * Everything around the prose: work plan, budget arithmetic, criteria map, coverage, limits,
 * gaps and the offline review. Shared by the offline writer and a model's draft.
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
  const { program, form, sections } = input;
  const workPlan = buildWorkPlan(form);
  const checks = runOfflineChecks({ program, sections, form });
  const budgetCheck = checks.budget ?? checkBudget(form, program, workPlan);
  const criteriaMap = mapCriteria(program, sections, input.modelCriteriaMap);
  const gaps: Gap[] = [...materialGaps(program, form, workPlan), ...checks.gaps];
  for (const entry of criteriaMap) {
    if (entry.answeredIn.length === 0) {
      gaps.push({ severity: 'major', message: `No section answers the criterion "${entry.criterion}".` });
    }
  }
  for (const section of sections) {
    const notes = section.body.match(/\[To complete:[^\]]*\]/g)?.length ?? 0;
    if (notes > 0) {
      gaps.push({
        severity: 'minor',
        message: `"${section.heading}" has ${notes} note${notes === 1 ? '' : 's'} to complete with your own material.`,
      });
    }
  }
  const text = sections.map((s) => `${s.heading}\n${s.body}`).join('\n\n');
  const review = evaluateText(program, text);
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
    gaps: dedupeGaps(gaps),
    coverage: checks.coverage,
    limits: checks.limits,
    evaluation_scores: review.evaluation_scores,
    funding_probability: review.funding_probability,
    certification_status: review.certification_status,
  };
}

function gatherMaterial(program: GrantProgram, form: GenerationForm): Material {
  const workPlan = buildWorkPlan(form);
  return {
    program,
    form,
    workPlan,
    budget: checkBudget(form, program, workPlan),
    currency: programCurrency(program),
    objectives: splitList(form.keyObjectives),
    overviewSentences: splitSentences(form.projectOverview),
    partner: form.industryPartner?.trim() || null,
    teamText: form.teamProfiles.trim(),
  };
}

const ELEMENT_TOPIC: Record<Element, Topic> = {
  objectives: 'objectives',
  methods: 'methods',
  milestones: 'workplan',
  budget: 'budget',
  team: 'team',
  impact: 'impact',
  training: 'training',
  commercialisation: 'commercialisation',
  partnership: 'partner',
  novelty: 'novelty',
  risk: 'risk',
  dissemination: 'dissemination',
  environment: 'team',
  edi: 'edi',
};

/** The section that carries the proposal itself: the first narrative one that asks for methods. */
function mainNarrative(narrative: ProgramSection[]): ProgramSection | undefined {
  return narrative.find((s) => topicsForSection(s.name).includes('methods')) ?? narrative[0];
}

/**
 * A funder's template often names one "proposal" section for everything; the criteria then say
 * what it must contain. Topics a criterion needs that no section asks for go into the main one.
 */
function topicsForUnansweredCriteria(program: GrantProgram, narrative: ProgramSection[]): Topic[] {
  const asked = new Set<Topic>(narrative.flatMap((s) => topicsForSection(s.name)));
  const covered = new Set<Element>([...asked].flatMap((t) => TOPIC_ELEMENTS[t]));
  // Every proposal opens with what it is about, unless the funder asks for a summary section.
  const extra: Topic[] = asked.has('summary') ? [] : ['summary'];
  for (const criterion of programCriteria(program).criteria) {
    for (const e of elementsForCriterion(criterion)) {
      if (covered.has(e)) continue;
      const topic = ELEMENT_TOPIC[e];
      if (!asked.has(topic) && !extra.includes(topic)) extra.push(topic);
    }
  }
  return extra;
}

function writeSection(section: ProgramSection, m: Material, extraTopics: Topic[]): string {
  let topics = topicsForSection(section.name);
  if (topics.length === 0) topics = ['summary', 'objectives'];
  const opening =
    extraTopics.includes('summary') && !topics.includes('summary') ? (['summary'] as Topic[]) : [];
  topics = [...opening, ...topics, ...extraTopics.filter((t) => t !== 'summary' && !topics.includes(t))];
  const paragraphs = topics.map((t) => WRITERS[t](m)).filter(Boolean);
  return fitToLimit(paragraphs, section);
}

/**
 * Keeps a section within its countable limit: whole paragraphs first, in order, then the words
 * of the paragraph that crosses the limit; the cut is said in a note.
 */
function fitToLimit(paragraphs: string[], section: ProgramSection): string {
  const full = paragraphs.join('\n\n');
  const limit = parseLimit(section.limit);
  if (!limit) return full;
  const size = (t: string) => (limit.unit === 'words' ? countWords(t) : t.length);
  const note = `[To complete: shortened to fit the limit of ${limit.max} ${limit.unit}.]`;
  if (size(full) <= limit.max) return full;
  const budget = limit.max - size(note) - 2;
  const kept: string[] = [];
  for (const p of paragraphs) {
    const candidate = [...kept, p].join('\n\n');
    if (size(candidate) <= budget) {
      kept.push(p);
      continue;
    }
    const room = budget - size(kept.join('\n\n')) - 2;
    if (room > 10) {
      const words = p.split(/\s+/);
      let cut = '';
      for (const w of words) {
        const next = cut ? `${cut} ${w}` : w;
        if (size(next) > room) break;
        cut = next;
      }
      if (cut) kept.push(`${cut}…`);
    }
    break;
  }
  return [...kept, note].join('\n\n');
}

function writeAttachment(section: ProgramSection, m: Material): string {
  const lead = `${m.form.teamLeadName.trim()} (${m.form.teamLeadRole.trim()})`;
  const lines = [
    `This item is filed with the application rather than written in the narrative: ${sectionHead(section.name)}.`,
    `Prepare it for ${lead}${m.partner ? ` and for the partner, ${m.partner}` : ''}, using the project title "${m.form.projectTitle.trim()}" and the total of ${m.budget.statedTotal !== null ? formatMoney(m.budget.statedTotal, m.currency) : m.form.totalBudget.trim()} so that every form agrees with this draft.`,
  ];
  if (section.limit) lines.push(`Funder's note on this item: ${section.limit}.`);
  return lines.join(' ');
}

const WRITERS: Record<Topic, (m: Material) => string> = {
  summary: (m) => {
    const overview = m.overviewSentences.slice(0, 3).map(ensurePeriod).join(' ');
    const span =
      m.workPlan.startDate && m.workPlan.endDate
        ? ` from ${m.workPlan.startDate} to ${m.workPlan.endDate}`
        : '';
    const total =
      m.budget.statedTotal !== null
        ? formatMoney(m.budget.statedTotal, m.currency)
        : m.form.totalBudget.trim();
    return [
      `${m.form.projectTitle.trim()}. ${overview}`,
      `The project is led by ${m.form.teamLeadName.trim()}, ${m.form.teamLeadRole.trim()}${m.partner ? `, in partnership with ${m.partner}` : ''}. It requests ${total} for ${m.workPlan.rows.length} milestone${m.workPlan.rows.length === 1 ? '' : 's'}${span}.`,
      m.objectives.length
        ? `Its objectives are to ${m.objectives.map((o) => lowerFirst(stripPeriod(o))).join('; ')}.`
        : '',
    ]
      .filter(Boolean)
      .join(' ');
  },
  progress: (m) =>
    `Recent progress and track record. ${firstSentences(m.teamText, 3)} [To complete: summarise results of the last funding period with publications, prototypes or data sets, and how they lead to this project.]`,
  objectives: (m) => {
    if (m.objectives.length === 0)
      return '[To complete: list the objectives, each with a measurable target.]';
    const list = m.objectives.map((o, i) => `${i + 1}. ${ensurePeriod(o)}`).join('\n');
    const linked = m.objectives
      .map((o, i) => {
        const row = bestMilestoneFor(o, m.workPlan);
        return row
          ? `Objective ${i + 1} is delivered through "${row.milestone}"${row.endDate ? ` (due ${row.endDate})` : ''}.`
          : '';
      })
      .filter(Boolean)
      .join(' ');
    const quantified = m.objectives.filter((o) => /\d/.test(o)).length;
    const note =
      quantified < m.objectives.length
        ? ` [To complete: give ${m.objectives.length - quantified} objective${m.objectives.length - quantified === 1 ? '' : 's'} a measurable target (a number, a percentage or a date).]`
        : '';
    return `Objectives.\n${list}\n${linked}${note}`.trim();
  },
  novelty: (m) => {
    const said = sentencesMatching(
      m.form.projectOverview,
      /current|existing|unlike|novel|first|state of the art|today|limitation|gap|instead/i,
    );
    return `Significance and novelty. ${said.join(' ')} [To complete: cite the closest existing approaches from the literature and state what this project does that they do not.]`.replace(
      /\s+/g,
      ' ',
    );
  },
  methods: (m) => {
    const steps = m.workPlan.rows
      .map((r, i) => `Step ${i + 1}, ${r.milestone}: ${ensurePeriod(r.description || 'see the work plan')}`)
      .join(' ');
    return [
      `Approach and methods. ${(methodSentences(m).length ? methodSentences(m) : m.overviewSentences.map(ensurePeriod)).join(' ')}`,
      steps
        ? `The work proceeds in ${m.workPlan.rows.length} steps. ${steps}`
        : '[To complete: describe the methods step by step.]',
      '[To complete: name the data, samples or test conditions, and how each result will be validated.]',
    ].join('\n');
  },
  workplan: (m) => {
    if (m.workPlan.rows.length === 0) {
      return `Work plan. ${ensurePeriod(m.form.projectTimeline?.trim() || 'No timeline given')} [To complete: add dated milestones with a budget each.]`;
    }
    const header = '| Milestone | Start | End | Days | Budget | Deliverables |';
    const rule = '|---|---|---|---|---|---|';
    const rows = m.workPlan.rows.map(
      (r) =>
        `| ${cell(r.milestone)} | ${r.startDate ?? '—'} | ${r.endDate ?? '—'} | ${r.durationDays ?? '—'} | ${r.budget !== null ? formatMoney(r.budget, m.currency) : cell(r.budgetText || '—')} | ${cell(r.deliverables || '—')} |`,
    );
    const total =
      m.workPlan.totalDurationDays !== null
        ? ` The plan runs ${m.workPlan.totalDurationDays} days, from ${m.workPlan.startDate} to ${m.workPlan.endDate}.`
        : '';
    const timeline = m.form.projectTimeline?.trim()
      ? ` Timeline as stated by the team: ${ensurePeriod(m.form.projectTimeline.trim())}`
      : '';
    return `Work plan and milestones.${total}${timeline}\n${[header, rule, ...rows].join('\n')}`;
  },
  training: (m) => {
    const mentions = sentencesMatching(
      m.teamText,
      /student|postdoc|trainee|intern|HQP|graduate|mentor|train/i,
    );
    const body = mentions.length
      ? `Training. ${mentions.join(' ')} Trainees take part in every milestone of the work plan, from ${m.workPlan.rows[0]?.milestone ?? 'the first phase'} onward.`
      : 'Training. [To complete: name the trainees (number and level: undergraduate, graduate, postdoctoral), what each will learn, and how they are mentored.]';
    return body;
  },
  team: (m) =>
    `Team and expertise. ${m.form.teamLeadName.trim()}, ${m.form.teamLeadRole.trim()}, leads the project. ${ensurePeriod(m.teamText)}${m.partner ? ` The partner, ${m.partner}, contributes its own staff and expertise.` : ''}`,
  partner: (m) => {
    if (!m.partner) {
      return 'Partnership. [To complete: no partner organisation is named yet; name it, its role, and its cash and in-kind contribution.]';
    }
    const rows = m.workPlan.rows;
    const span =
      m.workPlan.startDate && m.workPlan.endDate ? ` (${m.workPlan.startDate} to ${m.workPlan.endDate})` : '';
    const deliverables = rows.map((r) => r.deliverables).filter(Boolean);
    return [
      `Partnership. ${m.partner} is the partner organisation.`,
      rows.length
        ? `The partnership with ${m.partner} covers all ${rows.length} milestone${rows.length === 1 ? '' : 's'}${span}: ${rows.map((r) => `"${r.milestone}"`).join(', ')}.`
        : '',
      `The research team collaborates with ${m.partner} at every milestone review${deliverables.length ? ` and hands over each deliverable to the partner: ${deliverables.map(stripPeriod).join('; ')}` : ''}.`,
      "[To complete: state the partner's cash and in-kind contribution and attach its letter of support.]",
    ]
      .filter(Boolean)
      .join(' ');
  },
  commercialisation: (m) => {
    const deliverables = m.workPlan.rows.map((r) => r.deliverables).filter(Boolean);
    return `Path to use and commercialisation. ${deliverables.length ? `The project delivers ${deliverables.map(stripPeriod).join('; ')}.` : ''}${m.partner ? ` ${m.partner} is the first adopter of the results.` : ''} [To complete: size the market, name target customers, and state the intellectual-property and licensing plan.]`.replace(
      '. . ',
      '. ',
    );
  },
  impact: (m) => {
    const outcomes = m.objectives.map((o) => lowerFirst(stripPeriod(o)));
    const said = sentencesMatching(
      m.form.projectOverview,
      /impact|benefit|outcome|save|reduce|improv|patients|communit|econom|jobs|emission|users/i,
    );
    return `Expected impact. ${outcomes.length ? `If the objectives are met, the project will ${outcomes.join('; ')}.` : ''} ${said.join(' ')} [To complete: quantify who benefits and by how much.]`.replace(
      /\s+/g,
      ' ',
    );
  },
  dissemination: (m) =>
    `Knowledge mobilisation. Results of each milestone (${m.workPlan.rows.map((r) => r.milestone).join(', ') || 'each phase'}) are shared with ${m.partner ?? 'end users'} as they are delivered. [To complete: list target journals, conferences and open data or code releases.]`,
  budget: (m) => writeBudget(m),
  otherSupport: () =>
    'Other support. [To complete: list current and pending grants of each applicant and explain why this request does not overlap with them.]',
  risk: (m) =>
    `Risks and mitigation. ${m.workPlan.rows.length ? `Each milestone has a review point at its end date (${m.workPlan.rows.map((r) => r.endDate ?? '—').join(', ')}), where the team decides to continue or adjust.` : ''} [To complete: name the main technical and schedule risks and the fallback for each.]`,
  data: () =>
    'Data management. [To complete: state what data the project produces, its formats, where it is stored and for how long, and how it is shared.]',
  edi: () =>
    'Equity, diversity and inclusion. [To complete: describe how trainees and team members are recruited and supported with equity, diversity and inclusion in mind.]',
};

function writeBudget(m: Material): string {
  const total = m.budget.statedTotal;
  const lines: string[] = [];
  lines.push(
    total !== null
      ? `Budget. The total request is ${formatMoney(total, m.currency)} (stated as "${m.form.totalBudget.trim()}").`
      : `Budget. The total request is stated as "${m.form.totalBudget.trim()}". [To complete: give the total as an amount.]`,
  );
  for (const r of m.workPlan.rows) {
    if (r.budget === null) continue;
    lines.push(
      `- ${r.milestone}: ${formatMoney(r.budget, m.currency)} for ${stripPeriod(lowerFirst(r.description || r.milestone))}${r.deliverables ? `, delivering ${stripPeriod(lowerFirst(r.deliverables))}` : ''}.`,
    );
  }
  lines.push(m.budget.message);
  lines.push('[To complete: break each amount down into salaries, equipment, materials and travel.]');
  return lines.join('\n');
}

function materialGaps(program: GrantProgram, form: GenerationForm, workPlan: WorkPlan): Gap[] {
  const gaps: Gap[] = [];
  if (requiresPartner(program) && !form.industryPartner?.trim()) {
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
  const objectives = splitList(form.keyObjectives);
  if (objectives.length > 0 && objectives.every((o) => !/\d/.test(o))) {
    gaps.push({
      severity: 'minor',
      message: 'No objective has a measurable target (a number, percentage or date).',
    });
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
  modelMap?: { criterion: string; answeredIn: string[]; note: string }[],
): CriterionMapEntry[] {
  const { criteria } = programCriteria(program);
  const evidence = sections.map((s) => measureEvidence(s.body));
  const attachments = attachmentSections(program);
  return criteria.map((criterion) => {
    const elements = elementsForCriterion(criterion);
    // A section answers a criterion when its text carries the evidence, whatever its heading says.
    const answering = sections
      .map((s, i) => ({
        s,
        found: elements.filter((e) => (evidence[i]?.elements[e].strength ?? 0) >= ANSWERS),
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

function bestMilestoneFor(objective: string, workPlan: WorkPlan) {
  const words = new Set(objective.toLowerCase().match(/[a-z]{5,}/g) ?? []);
  const scored = workPlan.rows.map((row) => {
    const text = `${row.milestone} ${row.description} ${row.deliverables}`.toLowerCase();
    return { row, hits: [...words].filter((w) => text.includes(w.slice(0, 6))).length };
  });
  const best = Math.max(0, ...scored.map((x) => x.hits));
  const top = scored.filter((x) => x.hits === best);
  // Link only a clear match: two shared words or more, and no tie.
  return best >= 2 && top.length === 1 ? (top[0]?.row ?? null) : null;
}

/** The overview's sentences about what the team will do (the rest is context, said in the summary). */
function methodSentences(m: Material): string[] {
  return sentencesMatching(
    m.form.projectOverview,
    /\bwill\b|\busing\b|\bmodel|\bmeasur|\btest|\bvalidat|\bdevelop|\bbuild|\bestimat|\banaly|\bsurvey|\binterview|\btrial|\bexperiment/i,
  );
}

function sentencesMatching(text: string, re: RegExp): string[] {
  return splitSentences(text)
    .filter((s) => re.test(s))
    .map(ensurePeriod);
}

function firstSentences(text: string, n: number): string {
  return splitSentences(text).slice(0, n).map(ensurePeriod).join(' ');
}

function stripPeriod(s: string): string {
  return s.trim().replace(/[.;]+$/, '');
}

function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? (s[0]?.toLowerCase() ?? '') + s.slice(1) : s;
}

function cell(s: string): string {
  return s.replace(/\|/g, '/').replace(/\s+/g, ' ').trim();
}

function dedupeGaps(gaps: Gap[]): Gap[] {
  const seen = new Set<string>();
  const order = { critical: 0, major: 1, minor: 2 } as const;
  return gaps
    .filter((g) => (seen.has(g.message) ? false : (seen.add(g.message), true)))
    .sort((a, b) => order[a.severity] - order[b.severity]);
}
