import type { ApplicantFacts } from '@grantleaf/shared/applicant-profile.schema';
import type { FundingResults } from '@grantleaf/shared/funding.schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { fundingFinderRequests, type FundingRequestRow } from './funding.schema.ts';
import type { TimedWork } from '../paid-work/durations.repository.ts';

const LIST_LIMIT = 200;

export async function insertRequest(
  tx: Tx,
  values: {
    userId: string;
    researchTopic: string;
    researchDetails: string;
    teamProfile: string;
    fileContent: string | null;
    applicant?: ApplicantFacts | null;
  },
): Promise<FundingRequestRow> {
  const [row] = await tx.insert(fundingFinderRequests).values(values).returning();
  return row!;
}

export async function listRequests(db: Tx, userId: string): Promise<FundingRequestRow[]> {
  return db
    .select()
    .from(fundingFinderRequests)
    .where(eq(fundingFinderRequests.userId, userId))
    .orderBy(desc(fundingFinderRequests.submissionTimestamp), desc(fundingFinderRequests.id))
    .limit(LIST_LIMIT);
}

export async function findOwnRequest(
  db: Tx,
  userId: string,
  id: string,
): Promise<FundingRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(fundingFinderRequests)
    .where(and(eq(fundingFinderRequests.id, id), eq(fundingFinderRequests.userId, userId)));
  return row;
}

export async function findRequest(db: Tx, id: string): Promise<FundingRequestRow | undefined> {
  const [row] = await db.select().from(fundingFinderRequests).where(eq(fundingFinderRequests.id, id));
  return row;
}

/** Stores the results once: a repeated run (jobs run at least once) finds the row complete and changes nothing. */
export async function completeRequest(
  db: Tx,
  id: string,
  results: FundingResults,
): Promise<FundingRequestRow | undefined> {
  const [row] = await db
    .update(fundingFinderRequests)
    .set({ status: 'complete', fundingResults: results, completedAt: sql`now()`, error: null })
    .where(and(eq(fundingFinderRequests.id, id), eq(fundingFinderRequests.status, 'processing')))
    .returning();
  return row;
}

export async function failRequest(db: Tx, id: string, error: string): Promise<FundingRequestRow | undefined> {
  const [row] = await db
    .update(fundingFinderRequests)
    .set({ status: 'failed', error, completedAt: sql`now()` })
    .where(and(eq(fundingFinderRequests.id, id), eq(fundingFinderRequests.status, 'processing')))
    .returning();
  return row;
}

/** Completed funding searches, for the measured ETA (modules/paid-work/durations.repository.ts). */
export const timedFunding: TimedWork = {
  key: 'funding',
  table: fundingFinderRequests,
  askedAt: fundingFinderRequests.submissionTimestamp,
  completedAt: fundingFinderRequests.completedAt,
  completed: eq(fundingFinderRequests.status, 'complete'),
};
