import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { creditsRoutes } from './credits.routes.ts';
import { createCreditsService } from './credits.service.ts';

export const creditsModule: AppModule = {
  name: 'credits',
  routes: (app, { runtime }) =>
    app.register(creditsRoutes, { credits: createCreditsService({ db: runtime.database.db }) }),
  exportSections: [
    { file: 'ledger.json', table: 'credit_ledger', where: (id) => sql`user_id = ${id} order by id` },
  ],
};
