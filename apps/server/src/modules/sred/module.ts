import { sql } from 'drizzle-orm';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import type { AppModule } from '../contract.ts';
import { sredRoutes } from './sred.routes.ts';
import { createSredService } from './sred.service.ts';

/** SR&ED claims (issue 30; ADR 0341). */
export const sredModule: AppModule = {
  name: 'sred',
  routes: (app, { runtime: { database, env, log } }) =>
    app.register(sredRoutes, {
      sred: createSredService({ db: database.db, storage: createFileStorage(env, log) }),
    }),
  exportSections: [
    {
      file: 'sred-claims.json',
      table: 'sred_claims',
      where: (id) => sql`user_id = ${id} order by created_at`,
    },
    {
      file: 'sred-projects.json',
      table: 'sred_projects',
      where: (id) => sql`user_id = ${id} order by created_at`,
    },
    {
      file: 'sred-expense-lines.json',
      table: 'sred_expense_lines',
      where: (id) => sql`user_id = ${id} order by claim_id, source, row_no`,
    },
  ],
};
