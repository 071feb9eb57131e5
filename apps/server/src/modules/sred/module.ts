import { sql } from 'drizzle-orm';
import { createFileStorage } from '../../adapters/storage/file-storage.ts';
import type { AppModule } from '../contract.ts';
import { narrativeDraftWork } from './narrative-draft.work.ts';
import { createNarrativeDrafts } from './narrative-drafts.ts';
import { narrativeDraftRoutes } from './narrative-drafts.routes.ts';
import { sredRoutes } from './sred.routes.ts';
import { createSredService } from './sred.service.ts';

/** SR&ED claims (issue 30; ADR 0341). */
export const sredModule: AppModule = {
  name: 'sred',
  routes: async (app, { runtime: { database, env, log, queue } }) => {
    await app.register(sredRoutes, {
      sred: createSredService({ db: database.db, storage: createFileStorage(env, log) }),
    });
    await app.register(narrativeDraftRoutes, {
      drafts: createNarrativeDrafts({ db: database.db, queue, env }),
    });
  },
  jobs: [narrativeDraftWork.job],
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
    {
      file: 'sred-narrative-drafts.json',
      table: 'sred_narrative_drafts',
      where: (id) => sql`user_id = ${id} order by created_at`,
    },
  ],
};
