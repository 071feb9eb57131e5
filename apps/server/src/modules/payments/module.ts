import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { creditRequestsRoutes } from './credit-requests.routes.ts';
import { createCreditRequestsService } from './credit-requests.service.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService } from './payments.service.ts';

export const paymentsModule: AppModule = {
  name: 'payments',
  routes: async (app, { runtime: { database, mailer, env } }) => {
    await app.register(paymentsRoutes, {
      payments: createPaymentsService({ db: database.db, mailer, env, log: app.log }),
    });
    await app.register(creditRequestsRoutes, {
      requests: createCreditRequestsService({ db: database.db, mailer, env }),
    });
  },
  exportSections: [
    { file: 'payments.json', table: 'payments', where: (id) => sql`user_id = ${id}` },
    { file: 'checkouts.json', table: 'checkouts', where: (id) => sql`user_id = ${id} order by created_at` },
    { file: 'refund-requests.json', table: 'refund_requests', where: (id) => sql`user_id = ${id}` },
    { file: 'credit-requests.json', table: 'credit_requests', where: (id) => sql`user_id = ${id}` },
  ],
};
