import type { PlanStatus } from '@grantleaf/shared/reviews.schema';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedJson, sealedText } from '../../adapters/storage/content-crypto.ts';
import { createdAt } from '../auth/auth.schema.ts';

/** Scores, percentiles and ratings as printed in the reviews. */
export interface StoredFact {
  source: string;
  name: string;
  value: string;
}

// Reviews are private: every text a reviewer or the applicant wrote is sealed at rest (ADR 0084).
export const reviewImports = pgTable('review_imports', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  applicationId: uuid('application_id').notNull(),
  label: sealedText('review_imports', 'label').notNull(),
  fileName: sealedText('review_imports', 'file_name'),
  text: sealedText('review_imports', 'text').notNull(),
  layout: text('layout').notNull(),
  facts: sealedJson<StoredFact[]>('review_imports', 'facts').notNull(),
  reviewedVersion: integer('reviewed_version').notNull(),
  createdAt: createdAt(),
});
export type ReviewImportRow = typeof reviewImports.$inferSelect;

/** One critique and its plan row (a weakness is answered here; a strength stays visible). */
export const reviewCritiques = pgTable('review_critiques', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  importId: uuid('import_id').notNull(),
  userId: uuid('user_id').notNull(),
  applicationId: uuid('application_id').notNull(),
  position: integer('position').notNull(),
  source: sealedText('review_critiques', 'source').notNull(),
  criterion: sealedText('review_critiques', 'criterion').notNull(),
  kind: text('kind').$type<'strength' | 'weakness'>().notNull(),
  quote: sealedText('review_critiques', 'quote').notNull(),
  sections: sealedJson<string[]>('review_critiques', 'sections').notNull(),
  plannedChange: sealedText('review_critiques', 'planned_change').notNull(),
  status: text('status').$type<PlanStatus>().notNull().default('planned'),
  declineReason: sealedText('review_critiques', 'decline_reason').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ReviewCritiqueRow = typeof reviewCritiques.$inferSelect;
