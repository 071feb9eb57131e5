import { defineJob } from '../../jobs/job.ts';
import { deliverAutomationWebhook } from './automation-webhook.ts';
import { automationEventSchema } from './webhook-event.ts';

/** Delivers one automation event; the queue retries with backoff while the endpoint is down. */
export const automationWebhookJob = defineJob({
  name: 'automation-webhook',
  payload: automationEventSchema,
  retryLimit: 8,
  retryDelaySeconds: 5,
  expireInSeconds: 60,
  handle: (deps, event) => deliverAutomationWebhook(deps, event),
});
