import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { creditsRoutes } from './credits.routes.ts';
import { createCreditsService } from './credits.service.ts';
import { describeLedgerWork } from './ledger-work.ts';
import { idempotencySweepJob } from './idempotency-sweep.job.ts';
import { organisationCreditsRoutes } from './organisation-credits.routes.ts';
import { createOrganisationCreditsService } from './organisation-credits.service.ts';

export const creditsModule: AppModule = {
  name: 'credits',
  routes: async (app, { runtime }) => {
    await app.register(creditsRoutes, {
      credits: createCreditsService({ db: runtime.database.db, describeWork: describeLedgerWork }),
    });
    await app.register(organisationCreditsRoutes, {
      organisationCredits: createOrganisationCreditsService({ db: runtime.database.db }),
    });
  },
  jobs: [idempotencySweepJob],
  // Idempotency-Key records (this module's table) leave as soon as their 24 hours are over.
  schedules: [{ job: idempotencySweepJob, cron: '*/10 * * * *' }],
  exportSections: [
    { file: 'ledger.json', table: 'credit_ledger', where: (id) => sql`user_id = ${id} order by id` },
    // What the user moved into or spent from an organisation's balance (ADR 0720); the rows stay
    // the organisation's, so deletion clears only the id, at purge.
    {
      file: 'organisation-credit-ledger.json',
      table: 'organisation_credit_ledger',
      where: (id) => sql`user_id = ${id} order by id`,
    },
  ],
};
