import type { SectionLimit, SectionNeed } from '@grantleaf/shared/program-sections.schema';
import type { Element } from '../../profile/rubric.ts';
import type { CheckText } from './check.ts';
import { EN } from './en.ts';
import { FR } from './fr.ts';

export type { BudgetSaid, CheckText, TextBudgetSaid } from './check.ts';

/**
 * Every fixed sentence the offline writer puts into a draft or around it (headings it names,
 * questions it asks, linking sentences, the work-plan table, the gaps and notes it adds), by
 * language (issue 31 §2, ADR 1140). Writer files take their words from here only
 * (phrases.test.ts guards it); the applicant's own words never pass through this table.
 * Amounts and days arrive already formatted by the language layer (ai/text money.ts, days.ts).
 */

export type DraftLanguage = 'en' | 'fr';

/** The writer's words and the checks' (check.ts): one table per language. */
export interface WriterText extends CheckText {
  // draft.ts
  tooLong(limit: SectionLimit): string;
  /** The question a section with no material and no question of its own asks. */
  askSection(heading: string, guidance: string): string;
  attachment(a: { name: string; lead: string; partner: string | null; title: string }): string;
  /** The question the data asks for a need, in this language (null: the data's own wording). */
  ask(need: SectionNeed, dataQuestion: string): string;

  // topics.ts
  summaryLead(a: {
    lead: string;
    role: string;
    partner: string | null;
    total: string;
    projectCost: string | null;
    span: { from: string; to: string } | null;
  }): string;
  objectivesAsk: string;
  objectiveWord: string;
  deliveredThrough(name: string, milestone: string, due: string | null): string;
  /** "objective 1, 2" when the applicant gave no labels. */
  unlabelledObjectives(numbers: string[]): string;
  findingAsk(objectives: string): string;
  targetAsk(objectives: string): string;
  step(n: number, milestone: string, description: string): string;
  stepsLead(n: number): string;
  methodsAsk: string;
  milestonesAsk: string;
  planSpan(days: number, from: string, to: string, milestones: number): string;
  leads(lead: string, role: string): string;
  inCash(amount: string): string;
  inKind(amount: string): string;
  partnerNamed(partner: string): string;
  partnerGives(parts: string[]): string;
  partnerAsk: string;
  partnerWhichAsk: string;
  tableCaption: string;
  tableColumns(currency: string): string[];
  totalRequest(amount: string): string;
  totalAsk(currency: string): string;
  projectCost(amount: string): string;

  // assemble.ts, criteria-map.ts, limits.ts
  basis(a: {
    program: string;
    basis: 'program' | 'catalogue' | 'general';
    engine: 'offline' | 'llm';
  }): string;
  noPartner: string;
  noMilestones: string;
  undatedMilestones(n: number): string;
  endsBeforeStart(milestone: string, end: string, start: string): string;
  planTooLong(days: number, months: number, maxDays: number): string;
  briefProfiles: string;
  criterionUnanswered(criterion: string): string;
  /** A section's open question as a gap: "Team: Which facilities …?". */
  sectionQuestion(heading: string, question: string): string;
  notesToComplete(heading: string, n: number): string;
  toConfirm(heading: string, items: string[]): string;
  elementLabel(element: Element): string;
  reviewersLookFor(labels: string[]): string;
  answeredWith(labels: string[], headings: string[]): string;
  notYetAnswered(labels: string[]): string;
  notAddressed(labels: string[]): string;
  sectionNotFound: string;
  noLimitPublished: string;
  overLimit(section: string, note: string): string;
}

export const WRITER_TEXT: Record<DraftLanguage, WriterText> = { en: EN, fr: FR };

/** The writer's words in the draft's language; English when the form names none. */
export function writerText(language: DraftLanguage | null | undefined): WriterText {
  return WRITER_TEXT[language ?? 'en'];
}
