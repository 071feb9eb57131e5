import { z } from 'zod';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import { defineJob } from '../../jobs/job.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { createRetentionService } from './retention.service.ts';

/** Daily (pg-boss cron, UTC): hard-deletes accounts and uploads whose grace period has passed. */
export const RETENTION_CRON = '40 3 * * *';

export const retentionJob = defineJob({
  name: 'retention-hard-delete',
  payload: z.object({}).passthrough(),
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 30 * 60,
  async handle(deps) {
    const storage = createFileStorage(deps.env, deps.log);
    await createRetentionService({ db: deps.database.db, storage, log: deps.log }).run();
  },
});

export async function scheduleRetention(queue: JobQueue) {
  await queue.boss.schedule(retentionJob.name, RETENTION_CRON, {}, { tz: 'UTC' });
}
