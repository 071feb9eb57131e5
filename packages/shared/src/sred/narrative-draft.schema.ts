/**
 * Model-drafted T661 Part 2 narratives (issue 30 §4, ADR 0710): the model writes from the
 * project's dated evidence entries and time records only, citing one of them per statement; the
 * server keeps what it could trace and says what it left out or could not trace.
 */
import { z } from 'zod';
import { paidWorkStatusSchema } from '../paid-work.ts';
import { narrativeFindingSchema } from './sred.schema.ts';

export const NARRATIVE_PARTS = ['uncertainty', 'work', 'advancements'] as const;
export type NarrativePart = (typeof NARRATIVE_PARTS)[number];

/** One entry the model may cite: `E1`… for the evidence log's dated lines, `T1`… for time records. */
export const draftSourceSchema = z.object({
  id: z.string(),
  kind: z.enum(['evidence', 'time']),
  /** The entry as the model read it ("2026-03-02 Bench test of …", "Ana Ruiz: 320 hours"). */
  text: z.string(),
});
export type DraftSource = z.infer<typeof draftSourceSchema>;

export const draftStatementSchema = z.object({
  text: z.string(),
  cites: z.array(z.string()),
  /**
   * Kept statements: numbers or dates found in none of the cited entries (to confirm before use).
   * Left-out statements: why they were left out.
   */
  problems: z.array(z.string()),
});
export type DraftStatement = z.infer<typeof draftStatementSchema>;

export const draftPartSchema = z.object({
  /** The kept statements as one text, without citations: what "Use this part" puts in the editor. */
  text: z.string(),
  statements: z.array(draftStatementSchema),
  /** Statements with no citation, or citing an entry that does not exist: not in `text`. */
  leftOut: z.array(draftStatementSchema),
});
export type DraftPart = z.infer<typeof draftPartSchema>;

export const narrativeDraftSchema = z.object({
  id: z.uuid(),
  projectId: z.uuid(),
  status: paidWorkStatusSchema,
  error: z.string().nullable(),
  createdAt: z.string(),
  sources: z.array(draftSourceSchema),
  /** Null until complete. */
  parts: z
    .object({ uncertainty: draftPartSchema, work: draftPartSchema, advancements: draftPartSchema })
    .nullable(),
  /** The offline narrative checks run on the drafted text (the same as on the user's text). */
  checks: z.array(narrativeFindingSchema),
});
export type NarrativeDraft = z.infer<typeof narrativeDraftSchema>;

export const narrativeDraftListSchema = z.object({
  /** False without a configured model: the button says a model is needed and nothing is charged. */
  available: z.boolean(),
  data: z.array(narrativeDraftSchema),
});
export type NarrativeDraftList = z.infer<typeof narrativeDraftListSchema>;
