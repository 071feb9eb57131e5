import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PAID_WORK_STATUSES } from '@grantleaf/shared/paid-work';
import { createdAt } from '../auth/auth.schema.ts';
import { sealedText } from '../../adapters/storage/content-crypto.ts';

export const ideaRequests = pgTable('idea_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  // User content: sealed at rest (ADR 0084).
  researchBackground: sealedText('idea_requests', 'research_background').notNull().default(''),
  researchInterests: sealedText('idea_requests', 'research_interests').notNull().default(''),
  status: text('status', { enum: PAID_WORK_STATUSES }).notNull().default('processing'),
  /** JSON text of the §3 idea shape. */
  ideaResults: sealedText('idea_requests', 'idea_results'),
  engine: text('engine'),
  error: text('error'),
  createdAt: createdAt(),
  etaAt: timestamp('eta_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
export type IdeaRequestRow = typeof ideaRequests.$inferSelect;
