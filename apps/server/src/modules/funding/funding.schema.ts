import type { FundingResults } from '@grantleaf/shared/funding.schema';
import { sql } from 'drizzle-orm';
import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const fundingFinderRequests = pgTable('funding_finder_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  researchTopic: text('research_topic').notNull(),
  researchDetails: text('research_details').notNull(),
  teamProfile: text('team_profile').notNull(),
  fileContent: text('file_content'),
  status: text('status', { enum: ['processing', 'complete', 'failed'] }).notNull().default('processing'),
  fundingResults: jsonb('funding_results').$type<FundingResults>(),
  error: text('error'),
  submissionTimestamp: timestamp('submission_timestamp', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
export type FundingRequestRow = typeof fundingFinderRequests.$inferSelect;
