import { z } from 'zod';
import { paidWorkStatusSchema } from './paid-work.ts';

/**
 * AI actions on one section of an application (issue 16 §5, ADR 0140). Each is paid work whose
 * result is a suggestion beside the section, never a write: the user accepts, edits or rejects it.
 */
export const SECTION_ACTIONS = ['draft', 'shorten', 'improve', 'lay_summary'] as const;
export type SectionAction = (typeof SECTION_ACTIONS)[number];

export const SECTION_ACTION_LABELS: Record<SectionAction, string> = {
  draft: 'Draft this section',
  shorten: 'Shorten to the limit',
  improve: 'Improve against missing elements',
  lay_summary: 'Rewrite as a lay summary',
};

/**
 * Below this many words a section counts as near-empty: "Draft this section" is offered, since a
 * heading or a note to self is a start to draft from, not a text to rewrite.
 */
export const NEAR_EMPTY_WORDS = 40;

const wordsIn = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/**
 * The actions a section can take, the same for the buttons and for the server's refusal: drafting
 * a near-empty section; shortening to a limit, improving against missing elements and a lay
 * rewrite of a section that has text.
 */
export function sectionActionsFor(section: {
  text: string;
  hasLimit: boolean;
  hasMissing: boolean;
}): SectionAction[] {
  const words = wordsIn(section.text);
  const actions: SectionAction[] = [];
  if (words < NEAR_EMPTY_WORDS) actions.push('draft');
  if (words > 0 && section.hasLimit) actions.push('shorten');
  if (words > 0 && section.hasMissing) actions.push('improve');
  if (words > 0) actions.push('lay_summary');
  return actions;
}

export const sectionActionRequestSchema = z.object({
  action: z.enum(SECTION_ACTIONS),
  /** The application version the section was read at; the suggestion is based on it. */
  baseVersion: z.number().int().min(1),
});
export type SectionActionRequest = z.infer<typeof sectionActionRequestSchema>;

export const suggestionSchema = z.object({
  id: z.uuid(),
  sectionId: z.string(),
  action: z.enum(SECTION_ACTIONS),
  status: paidWorkStatusSchema,
  baseVersion: z.number().int(),
  /** The section's text the suggestion was made from, and the suggested text (complete only). */
  before: z.string(),
  text: z.string().nullable(),
  /** Numbers in the suggestion found nowhere in the application's text: to confirm before use. */
  newNumbers: z.array(z.string()),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionListSchema = z.object({
  /** False without a configured model: the actions are not offered. */
  available: z.boolean(),
  data: z.array(suggestionSchema),
});
export type SuggestionList = z.infer<typeof suggestionListSchema>;

// Digits with their decimal and thousands separators, and a trailing % when there is one.
const NUMBER = /\d[\d,.]*%?/g;
const normal = (n: string) => n.replace(/[.,]+$/, '').replace(/,/g, '');

/** Numbers the suggestion states that the application does not (issue 16 §5). */
export function numbersNotIn(suggestion: string, application: string): string[] {
  const known = new Set((application.match(NUMBER) ?? []).map(normal).map((n) => n.replace(/%$/, '')));
  const found = new Set<string>();
  // A numbered list's "2." (the suggestion is Markdown) is an ordinal, not a figure to confirm.
  const figures = suggestion.replace(/^(\s*)\d{1,4}[.)]\s/gm, '$1');
  for (const raw of figures.match(NUMBER) ?? []) {
    const n = normal(raw);
    if (n && !known.has(n.replace(/%$/, ''))) found.add(raw.replace(/[.,]+$/, ''));
  }
  return [...found];
}
