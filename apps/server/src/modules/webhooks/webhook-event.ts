import { AUTOMATION_EVENTS } from '@grantleaf/shared/paid-work-catalogue';
import { z } from 'zod';

export const automationEventSchema = z.object({
  /** Unique per event; retries reuse it, so the receiver can drop duplicates. */
  eventId: z.string().min(1).max(200),
  /** The paid-work catalogue's events (ADR 0811): a kind declares its own. */
  event: z.enum(AUTOMATION_EVENTS),
  /** A readable summary, the spec's `chatInput`. */
  chatInput: z.string().max(20_000),
  data: z.record(z.string(), z.unknown()),
});
export type AutomationEvent = z.infer<typeof automationEventSchema>;
