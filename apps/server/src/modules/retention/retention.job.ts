import { z } from 'zod';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import { defineJob } from '../../jobs/job.ts';
import { createRetentionService } from './retention.service.ts';

/** Hard-deletes accounts and uploads whose grace period has passed (scheduled daily in index.ts). */
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
