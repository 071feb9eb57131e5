import { z } from 'zod';
import { PAID_WORK_STATUSES } from './paid-work-status.ts';

/**
 * The response section written as prose by a model (issue 27 §3; ADR 1035): paid work on the
 * kernel whose result is shown beside the offline text, checked before it is shown. Each kept
 * paragraph names the plan rows it answers (its provenance); what the check removed is listed with
 * the reason; the count against the funder's limit is the whole text's, never cut.
 */

export const REVIEW_RESPONSE_MESSAGES = {
  noModel:
    'Writing the response with a model needs a configured AI model; none is configured, so nothing was charged.',
  nothingToAnswer:
    'No critique is answered yet: mark a weakness done (with its sections changed) or declined with a reason first. Nothing was charged.',
} as const;

const answeredRowSchema = z.object({
  /** The plan row (critique) id. */
  id: z.uuid(),
  source: z.string(),
  quote: z.string(),
});

export const modelResponseSchema = z.object({
  id: z.uuid(),
  status: z.enum(PAID_WORK_STATUSES),
  error: z.string().nullable(),
  createdAt: z.string(),
  /** The funder's heading for the section. */
  heading: z.string(),
  /** Null until the work completes (or when it failed). */
  text: z.string().nullable(),
  words: z.number().int().nullable(),
  limit: z.object({ text: z.string(), words: z.number().int() }).nullable(),
  /** True when the whole text is over the funder's limit: the user is told; nothing is cut. */
  overLimit: z.boolean(),
  /** Each kept paragraph with the plan rows it answers. */
  paragraphs: z.array(z.object({ text: z.string(), rows: z.array(answeredRowSchema) })),
  /** Paragraphs the check removed, with why (a name or number not in the plan, no row named…). */
  removed: z.array(z.object({ text: z.string(), reason: z.string() })),
  /** Answered rows (done with a change shown, or declined) that no kept paragraph answers. */
  notAnswered: z.array(answeredRowSchema),
});
export type ModelResponse = z.infer<typeof modelResponseSchema>;

export const modelResponseListSchema = z.object({
  /** False without a configured model: the page then offers no button, only the offline text. */
  available: z.boolean(),
  /** Newest first. */
  data: z.array(modelResponseSchema),
});
export type ModelResponseList = z.infer<typeof modelResponseListSchema>;
