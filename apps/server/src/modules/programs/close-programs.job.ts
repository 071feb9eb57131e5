import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import { refreshClosedPrograms } from './programs.repository.ts';

/** Marks programs whose deadlines have all passed (scheduled daily in index.ts). */
export const closeProgramsJob = defineJob({
  name: 'close-programs',
  payload: z.object({}).passthrough(),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  async handle(deps) {
    const result = await refreshClosedPrograms(deps.database.db);
    deps.log.info(result, 'programs closed/reopened');
  },
});
