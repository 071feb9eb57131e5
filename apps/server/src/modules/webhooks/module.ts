import type { AppModule } from '../contract.ts';
import { automationWebhookJob } from './automation-webhook.job.ts';

export const webhooksModule: AppModule = {
  name: 'webhooks',
  jobs: [automationWebhookJob],
};
