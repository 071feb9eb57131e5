import type { SubmissionResults } from '@grantleaf/shared/grant-results.schema';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { PAID_WORK_STATUSES } from '@grantleaf/shared/paid-work';
import { sealedJson } from '../../adapters/storage/content-crypto.ts';

export const submissions = pgTable('submissions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  type: text('type').notNull(),
  programId: text('program_id').notNull(),
  status: text('status', { enum: PAID_WORK_STATUSES }).notNull().default('processing'),
  // User content: sealed at rest (ADR 0084).
  contentJson: sealedJson<unknown>('submissions', 'content_json').notNull(),
  results: sealedJson<SubmissionResults>('submissions', 'results'),
  fileUrl: text('file_url'),
  error: text('error'),
  lastAttemptError: text('last_attempt_error'),
  cost: integer('cost').notNull(),
  submissionTimestamp: timestamp('submission_timestamp', { withTimezone: true }).notNull().defaultNow(),
  etaTimestamp: timestamp('eta_timestamp', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  // An analysis attached to one of its owner's applications (migration 0210; ON DELETE SET NULL).
  applicationId: uuid('application_id'),
});
export type SubmissionRow = typeof submissions.$inferSelect;
