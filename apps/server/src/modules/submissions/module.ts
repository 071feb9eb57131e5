import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { paidWorkExpirySeconds } from '../paid-work/index.ts';
import { grantSubmissionWork } from './grant-submission.work.ts';
import { submissionsRoutes } from './submissions.routes.ts';
import { createSubmissionsService } from './submissions.service.ts';

export const submissionsModule: AppModule = {
  name: 'submissions',
  routes: (app, { runtime }) =>
    app.register(submissionsRoutes, {
      submissions: createSubmissionsService({
        db: runtime.database.db,
        queue: runtime.queue,
        etaLimitMs: paidWorkExpirySeconds(runtime.env) * 1000,
      }),
    }),
  jobs: [grantSubmissionWork.job],
  exportSections: [
    {
      file: 'submissions.json',
      table: 'submissions',
      where: (id) => sql`user_id = ${id} order by submission_timestamp`,
    },
  ],
};
