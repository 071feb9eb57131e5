import { z } from 'zod';
import { defineJob, type JobDeps } from '../../jobs/job.ts';
import { createProgramsService } from '../programs/index.ts';
import { sendFollowReminders, sendWeeklyDigests } from './alerts.service.ts';

const depsOf = (deps: JobDeps) => ({
  db: deps.database.db,
  mailer: deps.mailer,
  env: deps.env,
  programs: createProgramsService({ db: deps.database.db }),
});

/** Weekly: new and soon-closing matches of each user's saved searches, one e-mail per user. */
export const savedSearchDigestJob = defineJob({
  name: 'saved-search-digest',
  payload: z.object({}).passthrough(),
  retryLimit: 3,
  retryDelaySeconds: 300,
  expireInSeconds: 60 * 60,
  async handle(deps) {
    const sent = await sendWeeklyDigests(depsOf(deps));
    if (sent > 0) deps.log.info({ sent }, 'saved-search digests sent');
  },
});

/** Daily: reminders before a followed program's next deadline. */
export const followRemindersJob = defineJob({
  name: 'program-follow-reminders',
  payload: z.object({}).passthrough(),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  async handle(deps) {
    const sent = await sendFollowReminders(depsOf(deps));
    if (sent > 0) deps.log.info({ sent }, 'program follow reminders sent');
  },
});
