import { z } from 'zod';
import { sweepIdempotencyKeys } from '../../http/idempotency.ts';
import { defineJob } from '../../jobs/job.ts';

/**
 * Deletes Idempotency-Key records past their 24 hours (scheduled every 10 minutes in module.ts):
 * a stored answer quotes the user's request, so it is kept no longer than a retry needs it
 * (issue 23 M-B). Deleting what has expired is safe to run twice.
 */
export const idempotencySweepJob = defineJob({
  name: 'idempotency-sweep',
  payload: z.object({}).passthrough(),
  retryLimit: 1,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  async handle(deps) {
    const swept = await sweepIdempotencyKeys(deps.database.db);
    if (swept > 0) deps.log.info({ swept }, 'expired idempotency records deleted');
  },
});
