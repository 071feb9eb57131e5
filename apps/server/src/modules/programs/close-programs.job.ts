import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import { flagUnverifiedPrograms } from './catalogue.repository.ts';
import { refreshClosedPrograms } from './programs.repository.ts';

/**
 * The catalogue's daily pass (scheduled in index.ts): the start-up's deadline refresh again (rules
 * roll recurring dates forward, passed programs close), then records not verified for
 * VERIFICATION_MAX_AGE_MONTHS are flagged for admins (ADR 135). The name predates the flagging
 * and stays, so deployed schedules keep running.
 */
export const closeProgramsJob = defineJob({
  name: 'close-programs',
  payload: z.object({}).passthrough(),
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  async handle(deps) {
    const closing = await refreshClosedPrograms(deps.database.db);
    const flags = await flagUnverifiedPrograms(deps.database.db);
    deps.log.info(
      { ...closing, ...flags },
      'catalogue refreshed: programs closed/reopened, verification flags',
    );
  },
});
