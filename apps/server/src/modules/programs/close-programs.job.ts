import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import { refreshClosedPrograms } from './programs.repository.ts';

/** Daily (pg-boss cron, see programs.plugin.ts): marks programs whose deadlines have all passed. */
export const CLOSE_PROGRAMS_CRON = '15 4 * * *';

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
