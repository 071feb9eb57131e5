import type { AppModule } from '../contract.ts';
import { retentionJob } from './retention.job.ts';

export const retentionModule: AppModule = {
  name: 'retention',
  jobs: [retentionJob],
  // Daily: hard-deletes accounts and uploads whose grace period has passed.
  schedules: [{ job: retentionJob, cron: '40 3 * * *' }],
};
