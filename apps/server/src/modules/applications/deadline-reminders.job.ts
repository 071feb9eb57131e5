import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import { sendDeadlineReminders } from './applications.service.ts';

export const deadlineRemindersJob = defineJob({
  name: 'deadline-reminders',
  payload: z.object({}).passthrough(),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  async handle(deps) {
    const sent = await sendDeadlineReminders({ db: deps.database.db, mailer: deps.mailer, env: deps.env });
    if (sent > 0) deps.log.info({ sent }, 'deadline reminders sent');
  },
});
