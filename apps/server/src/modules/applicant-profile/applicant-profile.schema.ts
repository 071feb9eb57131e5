import type { ApplicantFacts } from '@grantleaf/shared/applicant-profile.schema';
import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedJson } from '../../adapters/storage/content-crypto.ts';
import { createdAt } from '../auth/auth.schema.ts';

/** One applicant profile per account (issue 25 §1, ADR 0251). */
export const applicantProfiles = pgTable('applicant_profiles', {
  userId: uuid('user_id').primaryKey(),
  // Citizenship, degrees, career years, headcount: private facts, sealed at rest (ADR 0084).
  facts: sealedJson<ApplicantFacts>('applicant_profiles', 'facts').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ApplicantProfileRow = typeof applicantProfiles.$inferSelect;
