import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { createProgramsService } from '../programs/index.ts';
import { followRemindersJob, savedSearchDigestJob } from './alerts.job.ts';
import { alertsRoutes } from './alerts.routes.ts';
import { createAlertsService } from './alerts.service.ts';

/** Saved searches with a weekly digest, followed programs with deadline reminders (ADR 0180). */
export const alertsModule: AppModule = {
  name: 'alerts',
  routes: (app, { runtime: { database, env } }) =>
    app.register(alertsRoutes, {
      alerts: createAlertsService({
        db: database.db,
        env,
        programs: createProgramsService({ db: database.db }),
      }),
    }),
  jobs: [savedSearchDigestJob, followRemindersJob],
  schedules: [
    // Mondays 13:00 UTC (morning across Canada), for the week ahead.
    { job: savedSearchDigestJob, cron: '0 13 * * 1' },
    // Daily after the catalogue's deadline refresh (00:05 UTC) has rolled the dates forward.
    { job: followRemindersJob, cron: '15 13 * * *' },
  ],
  exportSections: [
    {
      file: 'saved-searches.json',
      table: 'saved_searches',
      where: (id) => sql`user_id = ${id} order by created_at`,
    },
    {
      file: 'program-follows.json',
      table: 'program_follows',
      where: (id) => sql`user_id = ${id} order by created_at`,
    },
    {
      file: 'alert-subscriptions.json',
      table: 'alert_subscriptions',
      where: (id) => sql`user_id = ${id} order by kind`,
    },
  ],
};
