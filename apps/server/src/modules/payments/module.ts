import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { paymentsRoutes } from './payments.routes.ts';
import { createPaymentsService } from './payments.service.ts';

export const paymentsModule: AppModule = {
  name: 'payments',
  routes: (app, { runtime: { database, mailer, env } }) =>
    app.register(paymentsRoutes, {
      payments: createPaymentsService({ db: database.db, mailer, env, log: app.log }),
    }),
  exportSections: [
    { file: 'payments.json', table: 'payments', where: (id) => sql`user_id = ${id}` },
    { file: 'checkouts.json', table: 'checkouts', where: (id) => sql`user_id = ${id} order by created_at` },
    { file: 'refund-requests.json', table: 'refund_requests', where: (id) => sql`user_id = ${id}` },
  ],
};
