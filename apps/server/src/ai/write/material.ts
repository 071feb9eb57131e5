import type { BudgetCheck, SectionTable, WorkPlan } from '@grantleaf/shared/grant-results.schema';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { type FactModel, type ObjectiveFact, readForm, statementsOf } from '../read/index.ts';
import { buildWorkPlan, checkBudget, programCurrency } from '../check/budget.ts';
import { ensurePeriod } from '../text/review-text.ts';
import { splitSentences } from '../text/sentences.ts';
import { type DraftLanguage, type WriterText, writerText } from './phrases/index.ts';

/**
 * What the writer works from: the applicant's material read once (the fact model, the work plan,
 * the budget), and the sentences already written, so that each piece of it is said once.
 */

export interface Material {
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
  language: DraftLanguage;
  /** The writer's own words in the draft's language (phrases/). */
  t: WriterText;
}

export function gatherMaterial(program: GrantProgram, form: GenerationForm): Material {
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
    language: form.language ?? 'en',
    t: writerText(form.language),
  };
}

export interface Written {
  text: string;
  questions?: string[];
  table?: SectionTable;
}

/** Sentences of `text` matching `re` that no section has written yet; marks them written. */
export function take(m: Material, text: string, re: RegExp = /./): string[] {
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
export function pilotText(m: Material): string {
  return statementsOf(m.facts, 'pilot')
    .filter((st) => st.source.field !== 'teamProfiles')
    .map((st) => st.text)
    .join('\n');
}

export function sentenceKey(sentence: string): string {
  return sentence
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}
