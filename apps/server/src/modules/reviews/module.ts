import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { reviewsRoutes } from './reviews.routes.ts';
import { createReviewsService } from './reviews.service.ts';

/** Reviewers' comments, the response plan and the funder's response section (issue 27; ADR 0330). */
export const reviewsModule: AppModule = {
  name: 'reviews',
  routes: (app, { runtime }) =>
    app.register(reviewsRoutes, { reviews: createReviewsService({ db: runtime.database.db }) }),
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
  ],
};
