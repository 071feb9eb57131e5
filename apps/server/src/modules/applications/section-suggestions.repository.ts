import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { sectionSuggestions, type SectionSuggestionRow } from './applications.schema.ts';

export async function insertSuggestion(
  tx: Tx,
  values: Pick<
    SectionSuggestionRow,
    | 'applicationId'
    | 'userId'
    | 'sectionId'
    | 'action'
    | 'baseVersion'
    | 'beforeText'
    | 'limitText'
    | 'missing'
    | 'context'
  >,
): Promise<SectionSuggestionRow> {
  const [row] = await tx.insert(sectionSuggestions).values(values).returning();
  return row!;
}

export async function findSuggestion(db: Tx, id: string): Promise<SectionSuggestionRow | undefined> {
  const [row] = await db.select().from(sectionSuggestions).where(eq(sectionSuggestions.id, id));
  return row;
}

const own = (userId: string, applicationId: string) =>
  and(eq(sectionSuggestions.userId, userId), eq(sectionSuggestions.applicationId, applicationId));

export async function findOwnSuggestion(db: Db, userId: string, applicationId: string, id: string) {
  const [row] = await db
    .select()
    .from(sectionSuggestions)
    .where(and(own(userId, applicationId), eq(sectionSuggestions.id, id)));
  return row;
}

/** Suggestions still waiting for the user: running, ready, or failed and not yet dismissed. */
export async function listOpenSuggestions(db: Db, userId: string, applicationId: string) {
  return db
    .select()
    .from(sectionSuggestions)
    .where(and(own(userId, applicationId), isNull(sectionSuggestions.resolvedAt)))
    .orderBy(asc(sectionSuggestions.createdAt));
}

/** Written once: a second run of the job finds the row no longer processing. */
export async function completeSuggestion(tx: Tx, id: string, text: string) {
  const [row] = await tx
    .update(sectionSuggestions)
    .set({ suggestion: text, status: 'complete', completedAt: sql`now()` })
    .where(and(eq(sectionSuggestions.id, id), eq(sectionSuggestions.status, 'processing')))
    .returning();
  return row;
}

export async function failSuggestion(tx: Tx, id: string, reason: string) {
  const [row] = await tx
    .update(sectionSuggestions)
    .set({ error: reason, status: 'failed', completedAt: sql`now()` })
    .where(and(eq(sectionSuggestions.id, id), eq(sectionSuggestions.status, 'processing')))
    .returning();
  return row;
}

/** Accepted, edited or rejected: no longer shown. A running one is not, so its charge stays whole. */
export async function resolveSuggestion(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .update(sectionSuggestions)
    .set({ resolvedAt: sql`now()` })
    .where(
      and(
        eq(sectionSuggestions.id, id),
        isNull(sectionSuggestions.resolvedAt),
        sql`${sectionSuggestions.status} <> 'processing'`,
      ),
    )
    .returning({ id: sectionSuggestions.id });
  return rows.length > 0;
}

/** For the credit ledger (issue 28 §5): the application each of the user's AI edits was made in. */
export async function ownSuggestionApplications(
  db: Tx,
  userId: string,
  ids: string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sectionSuggestions.id, applicationId: sectionSuggestions.applicationId })
    .from(sectionSuggestions)
    .where(and(eq(sectionSuggestions.userId, userId), inArray(sectionSuggestions.id, ids)));
  return new Map(rows.map((r) => [r.id, r.applicationId]));
}
