import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { modelResponseWork } from './model-response.work.ts';
import { createModelResponses } from './model-responses.ts';
import { modelResponseRoutes } from './model-responses.routes.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { createReviewsService } from './reviews.service.ts';

/** Reviewers' comments, the response plan and the funder's response section (issue 27; ADR 0330, 1035). */
export const reviewsModule: AppModule = {
  name: 'reviews',
  routes: async (app, { runtime: { database, env, queue } }) => {
    const reviews = createReviewsService({ db: database.db });
    await app.register(reviewsRoutes, { reviews });
    await app.register(modelResponseRoutes, {
      responses: createModelResponses({ db: database.db, queue, env, reviews }),
    });
  },
  jobs: [modelResponseWork.job],
  exportSections: [
    {
      file: 'review-imports.json',
      table: 'review_imports',
      where: (id) => sql`user_id = ${id} order by created_at`,
    },
    {
      file: 'review-critiques.json',
      table: 'review_critiques',
      where: (id) => sql`user_id = ${id} order by application_id, import_id, position`,
    },
    {
      file: 'review-model-responses.json',
      table: 'review_model_responses',
      where: (id) => sql`user_id = ${id} order by created_at`,
    },
  ],
};
