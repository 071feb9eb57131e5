import type { ApplicantFacts } from '@grantleaf/shared/applicant-profile.schema';
import type { FundingResults } from '@grantleaf/shared/funding.schema';
import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedJson, sealedText } from '../../adapters/storage/content-crypto.ts';

export const fundingFinderRequests = pgTable('funding_finder_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  // User content: sealed at rest (ADR 0084).
  researchTopic: sealedText('funding_finder_requests', 'research_topic').notNull(),
  researchDetails: sealedText('funding_finder_requests', 'research_details').notNull(),
  teamProfile: sealedText('funding_finder_requests', 'team_profile').notNull(),
  fileContent: sealedText('funding_finder_requests', 'file_content'),
  status: text('status', { enum: ['processing', 'complete', 'failed'] })
    .notNull()
    .default('processing'),
  // The facts this search was matched on: the profile with the request's override (issue 25 §1).
  applicant: sealedJson<ApplicantFacts>('funding_finder_requests', 'applicant'),
  fundingResults: sealedJson<FundingResults>('funding_finder_requests', 'funding_results'),
  error: text('error'),
  submissionTimestamp: timestamp('submission_timestamp', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
export type FundingRequestRow = typeof fundingFinderRequests.$inferSelect;
