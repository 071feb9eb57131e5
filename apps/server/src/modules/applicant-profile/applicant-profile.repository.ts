import type { ApplicantFacts } from '@grantleaf/shared/applicant-profile.schema';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { applicantProfiles, type ApplicantProfileRow } from './applicant-profile.schema.ts';

export async function findProfile(db: Tx, userId: string): Promise<ApplicantProfileRow | undefined> {
  const [row] = await db.select().from(applicantProfiles).where(eq(applicantProfiles.userId, userId));
  return row;
}

/** Saves the whole profile (a PUT replaces it), one row per account. */
export async function saveProfile(
  db: Tx,
  userId: string,
  facts: ApplicantFacts,
): Promise<ApplicantProfileRow> {
  const [row] = await db
    .insert(applicantProfiles)
    .values({ userId, facts })
    .onConflictDoUpdate({ target: applicantProfiles.userId, set: { facts, updatedAt: sql`now()` } })
    .returning();
  return row!;
}
