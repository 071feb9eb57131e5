import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { paidWorkExpirySeconds } from '../paid-work/index.ts';
import { ideaWork } from './idea.work.ts';
import { ideasRoutes } from './ideas.routes.ts';
import { createIdeasService } from './ideas.service.ts';

export const ideasModule: AppModule = {
  name: 'ideas',
  routes: (app, { runtime }) =>
    app.register(ideasRoutes, {
      ideas: createIdeasService({
        db: runtime.database.db,
        queue: runtime.queue,
        etaLimitMs: paidWorkExpirySeconds(runtime.env) * 1000,
      }),
    }),
  jobs: [ideaWork.job],
  exportSections: [
    { file: 'idea-requests.json', table: 'idea_requests', where: (id) => sql`user_id = ${id}` },
  ],
};
