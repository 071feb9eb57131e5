import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { marketingRoutes } from './marketing.routes.ts';
import { createMarketingService } from './marketing.service.ts';

export const marketingModule: AppModule = {
  name: 'marketing',
  routes: (app, { runtime: { database, mailer, env } }) =>
    app.register(marketingRoutes, { marketing: createMarketingService({ db: database.db, mailer, env }) }),
  exportSections: [
    { file: 'marketing-requests.json', table: 'marketing_requests', where: (id) => sql`user_id = ${id}` },
  ],
};
