import type {
  Gap,
  GeneratedApplication,
  GeneratedSection,
  WorkPlan,
} from '@grantleaf/shared/grant-results.schema';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { resultVerdict } from '@grantleaf/shared/verdict';
import { type FactModel, partnerAmount, readForm } from '../read/index.ts';
import { reviewDraft } from '../assess/draft-review.ts';
import type { OfflineEvaluation } from '../assess/analysis.ts';
import { buildWorkPlan, checkBudget } from '../check/budget.ts';
import { runOfflineChecks } from '../check/checks.ts';
import { ruleChecks } from '../check/program-rules.ts';
import { projectCap } from '../check/cost-rules.ts';
import { programShape } from '../profile/sections.ts';
import { profileOf } from '../profile/profile.ts';
import { requiresPartner } from '../profile/catalogue.ts';
import { countWords } from '../text/review-text.ts';
import { splitSentences } from '../text/sentences.ts';
import { mapCriteria } from './criteria-map.ts';
import { limitChecks, limitGaps, withCount } from './limits.ts';
import { sentenceKey } from './material.ts';
import { sectionHeading } from './headings.ts';
import { type WriterText, writerText } from './phrases/index.ts';
import { formatDayIn } from '../text/days.ts';

/**
 * Everything around a draft's prose, for the offline writer and a model's draft alike: work plan,
 * budget arithmetic, program rules, criteria map, coverage, limits, gaps, review and verdict.
 */

/** How many gap messages the certification names. */
const CERTIFICATION_REASONS = 3;

/** The words a draft uses to say where it came from. */
export function draftBasis(
  program: GrantProgram,
  engine: 'offline' | 'llm',
  shape = programShape(program),
  t: WriterText = writerText('en'),
): string {
  return t.basis({ program: program.name, basis: shape.basis, engine });
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
  const language = form.language ?? 'en';
  const t = writerText(language);
  // Checked under the funder's English headers; the draft's language names them at the end.
  const named = (header: string) => sectionHeading({ program, language }, header);
  const shape = programShape(program);
  const sections = removeRepeats(input.sections).map((s) => withCount(s, shape, t));
  const workPlan = buildWorkPlan(form);
  // Coverage is measured against the program profile's sections, the ones this draft is shaped by.
  const checks = runOfflineChecks({ program, sections, form, name: named });
  const budgetCheck = checks.budget ?? checkBudget(form, program, workPlan);
  const limits = limitChecks(sections, shape, t).map((l) => ({ ...l, section: named(l.section) }));
  const facts = readForm(form);
  const rules = ruleChecks(program, form, shape.entry, budgetCheck, workPlan, facts);
  const criteriaMap = mapCriteria(program, sections, shape, t, input.modelCriteriaMap, named);
  const overLimit = new Set(
    checks.limits.filter((l) => l.status === 'over').map((l) => t.overLimit(named(l.section), l.note)),
  );
  const gaps: Gap[] = [
    ...materialGaps(program, form, workPlan, facts, t),
    // Limits are counted below in the funder's units.
    ...checks.gaps.filter((g) => !overLimit.has(g.message)),
    ...limitGaps(limits, t),
  ];
  for (const rule of rules) {
    if (rule.status === 'unmet') gaps.push({ severity: 'critical', message: rule.message });
    // Over a cap the funder's page did not confirm: not a blocker, but not ready either (ADR 0451).
    else if (rule.rule === 'Budget cap' && overCap(program, budgetCheck.statedTotal))
      gaps.push({ severity: 'major', message: rule.message });
  }
  for (const entry of criteriaMap) {
    if (entry.answeredIn.length === 0) {
      gaps.push({ severity: 'major', message: t.criterionUnanswered(entry.criterion) });
    }
  }
  for (const section of sections) {
    for (const question of section.questions ?? []) {
      gaps.push({ severity: 'major', message: t.sectionQuestion(named(section.heading), question) });
    }
    const notes = section.body.match(/\[To complete:[^\]]*\]/g)?.length ?? 0;
    if (notes > 0) {
      gaps.push({ severity: 'major', message: t.notesToComplete(named(section.heading), notes) });
    }
    if (section.toConfirm?.length) {
      gaps.push({ severity: 'major', message: t.toConfirm(named(section.heading), section.toConfirm) });
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
    sections: sections.map((s) => ({ ...s, heading: named(s.heading) })),
    workPlan,
    budgetCheck,
    criteriaMap,
    gaps: allGaps,
    coverage: checks.coverage,
    limits,
    ruleChecks: rules,
    basis: draftBasis(program, input.engine, shape, t),
    sectionNames: profileOf(program).sections.flatMap((s) =>
      s.french ? [{ name: s.name, fr: s.french.name, verified: s.french.verified }] : [],
    ),
    // Marked only on a French draft: English results keep their shape (ADR 1175).
    ...(language === 'fr' ? { language } : {}),
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

function materialGaps(
  program: GrantProgram,
  form: GenerationForm,
  workPlan: WorkPlan,
  facts: FactModel,
  t: WriterText,
): Gap[] {
  const gaps: Gap[] = [];
  const day = (d: string | null) => (d ? formatDayIn(d, form.language ?? 'en') : String(d));
  const partnerGiven =
    facts.organisations.some((o) => o.role === 'partner') ||
    partnerAmount(facts, 'partner_cash') !== null ||
    partnerAmount(facts, 'partner_in_kind') !== null;
  if (requiresPartner(program) && !partnerGiven) {
    gaps.push({ severity: 'critical', message: t.noPartner });
  }
  const dated = workPlan.rows.filter((r) => r.startDate && r.endDate);
  if (workPlan.rows.length === 0) {
    gaps.push({ severity: 'major', message: t.noMilestones });
  } else if (dated.length < workPlan.rows.length) {
    gaps.push({ severity: 'major', message: t.undatedMilestones(workPlan.rows.length - dated.length) });
  }
  for (const r of workPlan.rows) {
    if (r.durationDays !== null && r.durationDays < 0) {
      gaps.push({
        severity: 'critical',
        message: t.endsBeforeStart(r.milestone, day(r.endDate), day(r.startDate)),
      });
    }
  }
  if (program.durationMonths && workPlan.totalDurationDays !== null) {
    const maxDays = Math.round((program.durationMonths * 365) / 12);
    if (workPlan.totalDurationDays > maxDays) {
      gaps.push({
        severity: 'major',
        message: t.planTooLong(workPlan.totalDurationDays, program.durationMonths, maxDays),
      });
    }
  }
  if (countWords(form.teamProfiles) < 25) {
    gaps.push({ severity: 'minor', message: t.briefProfiles });
  }
  return gaps;
}

/** Whether the request is over the program's per-project cap (check/cost-rules.ts `projectCap`). */
function overCap(program: GrantProgram, request: number | null): boolean {
  const max = projectCap(program)?.max;
  return max !== undefined && request !== null && request > max;
}

function dedupeGaps(gaps: Gap[]): Gap[] {
  const seen = new Set<string>();
  const order = { critical: 0, major: 1, minor: 2 } as const;
  return gaps
    .filter((g) => (seen.has(g.message) ? false : (seen.add(g.message), true)))
    .sort((a, b) => order[a.severity] - order[b.severity]);
}
