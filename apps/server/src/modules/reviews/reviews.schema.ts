import type { PlanStatus } from '@grantleaf/shared/reviews.schema';
import type { PaidWorkStatus } from '@grantleaf/shared/paid-work';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedJson, sealedText } from '../../adapters/storage/content-crypto.ts';
import type { CheckedModelResponse, ModelRow } from '../../ai/reviews/response-model.ts';
import type { ResponseTarget } from '../../ai/reviews/response.ts';
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

/** The response section written by a model (ADR 1035): the rows and target it read, the checked text. */
export const reviewModelResponses = pgTable('review_model_responses', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  applicationId: uuid('application_id').notNull(),
  rows: sealedJson<ModelRow[]>('review_model_responses', 'rows').notNull(),
  target: sealedJson<ResponseTarget>('review_model_responses', 'target').notNull(),
  result: sealedJson<CheckedModelResponse>('review_model_responses', 'result'),
  status: text('status').$type<PaidWorkStatus>().notNull().default('processing'),
  error: text('error'),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
export type ReviewModelResponseRow = typeof reviewModelResponses.$inferSelect;
