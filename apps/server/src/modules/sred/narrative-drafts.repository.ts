import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { sredNarrativeDrafts, type SredNarrativeDraftRow, type StoredDraft } from './sred.schema.ts';

/** Model drafts of T661 narratives (ADR 0710). Reads for a user are scoped by the owner. */

export async function insertDraft(
  tx: Tx,
  values: Pick<
    SredNarrativeDraftRow,
    'claimId' | 'projectId' | 'userId' | 'sources' | 'taxYearStart' | 'taxYearEnd'
  >,
): Promise<SredNarrativeDraftRow> {
  const [row] = await tx.insert(sredNarrativeDrafts).values(values).returning();
  return row!;
}

/** The job's read, by id alone (the row was the user's when they paid for it). */
export async function findDraft(db: Tx, id: string): Promise<SredNarrativeDraftRow | undefined> {
  const [row] = await db.select().from(sredNarrativeDrafts).where(eq(sredNarrativeDrafts.id, id));
  return row;
}

export async function findOwnDraft(db: Tx, userId: string, claimId: string, id: string) {
  const [row] = await db
    .select()
    .from(sredNarrativeDrafts)
    .where(
      and(
        eq(sredNarrativeDrafts.userId, userId),
        eq(sredNarrativeDrafts.claimId, claimId),
        eq(sredNarrativeDrafts.id, id),
      ),
    );
  return row;
}

/** Drafts still waiting for the user: running, ready, or failed and not yet dismissed. */
export async function listOpenDrafts(db: Tx, userId: string, claimId: string) {
  return db
    .select()
    .from(sredNarrativeDrafts)
    .where(
      and(
        eq(sredNarrativeDrafts.userId, userId),
        eq(sredNarrativeDrafts.claimId, claimId),
        isNull(sredNarrativeDrafts.resolvedAt),
      ),
    )
    .orderBy(asc(sredNarrativeDrafts.createdAt));
}

/** Written once: a second run of the job finds the row no longer processing. */
export async function completeDraft(tx: Tx, id: string, draft: StoredDraft) {
  const [row] = await tx
    .update(sredNarrativeDrafts)
    .set({ draft, status: 'complete', completedAt: sql`now()` })
    .where(and(eq(sredNarrativeDrafts.id, id), eq(sredNarrativeDrafts.status, 'processing')))
    .returning();
  return row;
}

export async function failDraft(tx: Tx, id: string, reason: string) {
  const [row] = await tx
    .update(sredNarrativeDrafts)
    .set({ error: reason, status: 'failed', completedAt: sql`now()` })
    .where(and(eq(sredNarrativeDrafts.id, id), eq(sredNarrativeDrafts.status, 'processing')))
    .returning();
  return row;
}

/** Used or rejected: no longer shown. A running one is not, so its charge stays whole. */
export async function resolveDraft(db: Tx, id: string): Promise<boolean> {
  const rows = await db
    .update(sredNarrativeDrafts)
    .set({ resolvedAt: sql`now()` })
    .where(
      and(
        eq(sredNarrativeDrafts.id, id),
        isNull(sredNarrativeDrafts.resolvedAt),
        sql`${sredNarrativeDrafts.status} <> 'processing'`,
      ),
    )
    .returning({ id: sredNarrativeDrafts.id });
  return rows.length > 0;
}

/** The claim each of the user's drafts belongs to, for the credit history's links. */
export async function ownDraftClaims(db: Tx, userId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sredNarrativeDrafts.id, claimId: sredNarrativeDrafts.claimId })
    .from(sredNarrativeDrafts)
    .where(and(eq(sredNarrativeDrafts.userId, userId), inArray(sredNarrativeDrafts.id, ids)));
  return new Map(rows.map((r) => [r.id, r.claimId]));
}
