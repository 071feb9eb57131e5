import type { AppModule } from '../contract.ts';
import { automationWebhookJob } from './automation-webhook.job.ts';

export const webhooksModule: AppModule = {
  name: 'webhooks',
  jobs: [automationWebhookJob],
};

/** Other modules post their events to the user's automation webhook through here (ADR 53). */
export { deliverAutomationWebhook } from './automation-webhook.ts';
