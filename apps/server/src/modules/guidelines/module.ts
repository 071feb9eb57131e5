import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { guidelinesRoutes } from './guidelines.routes.ts';
import { createGuidelinesService } from './guidelines.service.ts';

/** Guidelines → checklist (issue 16 §3; ADR 0115). */
export const guidelinesModule: AppModule = {
  name: 'guidelines',
  routes: (app, { runtime, limiter }) =>
    app.register(guidelinesRoutes, {
      guidelines: createGuidelinesService({ db: runtime.database.db, env: runtime.env, limiter }),
    }),
  exportSections: [
    {
      file: 'guideline-checklists.json',
      table: 'guideline_items',
      where: (id) => sql`user_id = ${id} order by application_id, position`,
    },
  ],
};
