import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { paidWorkExpirySeconds } from '../paid-work/index.ts';
import { fundingWork } from './funding.work.ts';
import { fundingRoutes } from './funding.routes.ts';
import { createFundingService } from './funding.service.ts';

export const fundingModule: AppModule = {
  name: 'funding',
  routes: (app, { runtime }) =>
    app.register(fundingRoutes, {
      funding: createFundingService({
        db: runtime.database.db,
        queue: runtime.queue,
        etaLimitMs: paidWorkExpirySeconds(runtime.env) * 1000,
      }),
    }),
  jobs: [fundingWork.job],
  exportSections: [
    { file: 'funding-requests.json', table: 'funding_finder_requests', where: (id) => sql`user_id = ${id}` },
  ],
};
