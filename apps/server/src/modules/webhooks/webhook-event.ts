import { z } from 'zod';

export const automationEventSchema = z.object({
  /** Unique per event; retries reuse it, so the receiver can drop duplicates. */
  eventId: z.string().min(1).max(200),
  event: z.enum([
    'submission.completed',
    'submission.failed',
    'idea.completed',
    'idea.failed',
    'funding.completed',
    'funding.failed',
  ]),
  /** A readable summary, the spec's `chatInput`. */
  chatInput: z.string().max(20_000),
  data: z.record(z.string(), z.unknown()),
});
export type AutomationEvent = z.infer<typeof automationEventSchema>;
