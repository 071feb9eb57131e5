import { z } from 'zod';
import { paidWorkStatusSchema } from './paid-work.ts';

/**
 * AI actions on one section of an application (issue 16 §5, ADR 0140). Each is paid work whose
 * result is a suggestion beside the section, never a write: the user accepts, edits or rejects it.
 */
export const SECTION_ACTIONS = ['shorten', 'improve'] as const;
export type SectionAction = (typeof SECTION_ACTIONS)[number];

export const SECTION_ACTION_LABELS: Record<SectionAction, string> = {
  shorten: 'Shorten to the limit',
  improve: 'Improve against missing elements',
};

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
  for (const raw of suggestion.match(NUMBER) ?? []) {
    const n = normal(raw);
    if (n && !known.has(n.replace(/%$/, ''))) found.add(raw.replace(/[.,]+$/, ''));
  }
  return [...found];
}
