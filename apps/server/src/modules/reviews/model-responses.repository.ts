import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { CheckedModelResponse } from '../../ai/reviews/response-model.ts';
import type { Db, Tx } from '../../db/client.ts';
import { reviewModelResponses, type ReviewModelResponseRow } from './reviews.schema.ts';

/** The model-written response sections (ADR 1035), scoped by their owner. */

/** How many earlier responses the page lists (newest first): enough to compare, bounded. */
const LISTED = 5;

export async function insertResponse(
  tx: Tx,
  values: Pick<ReviewModelResponseRow, 'userId' | 'applicationId' | 'rows' | 'target'>,
): Promise<ReviewModelResponseRow> {
  const [row] = await tx.insert(reviewModelResponses).values(values).returning();
  return row!;
}

export async function findResponse(db: Tx, id: string): Promise<ReviewModelResponseRow | undefined> {
  const [row] = await db.select().from(reviewModelResponses).where(eq(reviewModelResponses.id, id));
  return row;
}

export async function listResponses(db: Db, userId: string, applicationId: string) {
  return db
    .select()
    .from(reviewModelResponses)
    .where(
      and(eq(reviewModelResponses.userId, userId), eq(reviewModelResponses.applicationId, applicationId)),
    )
    .orderBy(desc(reviewModelResponses.createdAt))
    .limit(LISTED);
}

/** Written once: a second run of the job finds the row no longer processing. */
export async function completeResponse(tx: Tx, id: string, result: CheckedModelResponse) {
  const [row] = await tx
    .update(reviewModelResponses)
    .set({ result, status: 'complete', completedAt: sql`now()` })
    .where(and(eq(reviewModelResponses.id, id), eq(reviewModelResponses.status, 'processing')))
    .returning();
  return row;
}

export async function failResponse(tx: Tx, id: string, reason: string) {
  const [row] = await tx
    .update(reviewModelResponses)
    .set({ error: reason, status: 'failed', completedAt: sql`now()` })
    .where(and(eq(reviewModelResponses.id, id), eq(reviewModelResponses.status, 'processing')))
    .returning();
  return row;
}

/** For the credit ledger: the application each of the user's model responses was written for. */
export async function ownResponseApplications(
  db: Tx,
  userId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: reviewModelResponses.id, applicationId: reviewModelResponses.applicationId })
    .from(reviewModelResponses)
    .where(and(eq(reviewModelResponses.userId, userId), inArray(reviewModelResponses.id, ids)));
  return new Map(rows.map((r) => [r.id, r.applicationId]));
}
