import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { creditsRoutes } from './credits.routes.ts';
import { createCreditsService } from './credits.service.ts';
import { describeLedgerWork } from './ledger-work.ts';
import { idempotencySweepJob } from './idempotency-sweep.job.ts';

export const creditsModule: AppModule = {
  name: 'credits',
  routes: (app, { runtime }) =>
    app.register(creditsRoutes, {
      credits: createCreditsService({ db: runtime.database.db, describeWork: describeLedgerWork }),
    }),
  jobs: [idempotencySweepJob],
  // Idempotency-Key records (this module's table) leave as soon as their 24 hours are over.
  schedules: [{ job: idempotencySweepJob, cron: '*/10 * * * *' }],
  exportSections: [
    { file: 'ledger.json', table: 'credit_ledger', where: (id) => sql`user_id = ${id} order by id` },
  ],
};
