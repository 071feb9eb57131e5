import type { Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { defineJob } from '../../jobs/job.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { deliverAutomationWebhook } from './automation-webhook.ts';
import { automationEventSchema, type AutomationEvent } from './webhook-event.ts';

/** Delivers one automation event; the queue retries with backoff while the endpoint is down. */
export const automationWebhookJob = defineJob({
  name: 'automation-webhook',
  payload: automationEventSchema,
  retryLimit: 8,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
  handle: (deps, event) => deliverAutomationWebhook(deps, event),
});

/**
 * For other features (ideas, funding): enqueue a notification inside the transaction that finishes
 * the work. Does nothing when no AUTOMATION_WEBHOOK_URL is configured.
 */
export async function enqueueAutomationWebhook(
  tx: Tx,
  deps: { env: Pick<Env, 'AUTOMATION_WEBHOOK_URL'>; queue: Pick<JobQueue, 'send'> },
  event: AutomationEvent,
): Promise<void> {
  if (!deps.env.AUTOMATION_WEBHOOK_URL) return;
  await deps.queue.send(tx, automationWebhookJob, automationEventSchema.parse(event));
}
