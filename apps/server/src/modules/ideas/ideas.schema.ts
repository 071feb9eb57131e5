import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';

export const ideaRequests = pgTable('idea_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  researchBackground: text('research_background').notNull().default(''),
  researchInterests: text('research_interests').notNull().default(''),
  status: text('status', { enum: ['processing', 'complete', 'error'] }).notNull().default('processing'),
  /** JSON text of the §3 idea shape. */
  ideaResults: text('idea_results'),
  engine: text('engine'),
  error: text('error'),
  createdAt: createdAt(),
  etaAt: timestamp('eta_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
export type IdeaRequestRow = typeof ideaRequests.$inferSelect;
