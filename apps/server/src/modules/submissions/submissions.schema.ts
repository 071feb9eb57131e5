import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const submissions = pgTable('submissions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  type: text('type').notNull(),
  programId: text('program_id').notNull(),
  status: text('status').notNull().default('processing'),
  contentJson: jsonb('content_json').notNull(),
  results: jsonb('results'),
  fileUrl: text('file_url'),
  error: text('error'),
  lastAttemptError: text('last_attempt_error'),
  cost: integer('cost').notNull(),
  submissionTimestamp: timestamp('submission_timestamp', { withTimezone: true }).notNull().defaultNow(),
  etaTimestamp: timestamp('eta_timestamp', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
export type SubmissionRow = typeof submissions.$inferSelect;

// The tables this feature brought with it, so db/schema.ts needs one line for the feature.
export { uploads } from '../uploads/uploads.schema.ts';
export { auditLog } from '../audit/audit.schema.ts';
export { webhookDeliveries } from '../webhooks/webhooks.schema.ts';
