import type { AppModule } from '../contract.ts';
import { leadsRoutes } from './leads.routes.ts';
import { createLeadsService } from './leads.service.ts';
import { publicConfigRoutes } from './public-config.routes.ts';

export const leadsModule: AppModule = {
  name: 'leads',
  async routes(app, { runtime: { database, mailer, env } }) {
    await app.register(leadsRoutes, { leads: createLeadsService({ db: database.db, mailer, env }) });
    await app.register(publicConfigRoutes, { env });
  },
};
