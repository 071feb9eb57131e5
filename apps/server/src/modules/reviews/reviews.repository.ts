import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  reviewCritiques,
  reviewImports,
  type ReviewCritiqueRow,
  type ReviewImportRow,
} from './reviews.schema.ts';

/** The owner's imports on one application, oldest first. */
export async function listImports(db: Tx, userId: string, applicationId: string): Promise<ReviewImportRow[]> {
  return db
    .select()
    .from(reviewImports)
    .where(and(eq(reviewImports.userId, userId), eq(reviewImports.applicationId, applicationId)))
    .orderBy(asc(reviewImports.createdAt));
}

/** Serialises one user's imports, so the cap holds under parallel requests. */
export async function lockOwner(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

export async function countImports(tx: Tx, userId: string, applicationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(reviewImports)
    .where(and(eq(reviewImports.userId, userId), eq(reviewImports.applicationId, applicationId)));
  return Number(row?.n ?? 0);
}

export async function insertImport(
  tx: Tx,
  values: Pick<
    ReviewImportRow,
    'userId' | 'applicationId' | 'label' | 'fileName' | 'text' | 'layout' | 'facts' | 'reviewedVersion'
  >,
): Promise<ReviewImportRow> {
  const [row] = await tx.insert(reviewImports).values(values).returning();
  return row!;
}

/** Its critiques go with it (ON DELETE CASCADE). */
export async function deleteImport(
  db: Db,
  userId: string,
  applicationId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .delete(reviewImports)
    .where(
      and(
        eq(reviewImports.userId, userId),
        eq(reviewImports.applicationId, applicationId),
        eq(reviewImports.id, id),
      ),
    )
    .returning({ id: reviewImports.id });
  return rows.length > 0;
}

export async function insertCritiques(
  tx: Tx,
  rows: Pick<
    ReviewCritiqueRow,
    | 'importId'
    | 'userId'
    | 'applicationId'
    | 'position'
    | 'source'
    | 'criterion'
    | 'kind'
    | 'quote'
    | 'sections'
    | 'plannedChange'
    | 'declineReason'
  >[],
): Promise<void> {
  if (rows.length > 0) await tx.insert(reviewCritiques).values(rows);
}

export async function listCritiques(
  db: Tx,
  userId: string,
  applicationId: string,
): Promise<ReviewCritiqueRow[]> {
  return db
    .select()
    .from(reviewCritiques)
    .where(and(eq(reviewCritiques.userId, userId), eq(reviewCritiques.applicationId, applicationId)))
    .orderBy(asc(reviewCritiques.importId), asc(reviewCritiques.position));
}

export async function findCritique(
  db: Tx,
  userId: string,
  applicationId: string,
  id: string,
): Promise<ReviewCritiqueRow | undefined> {
  const [row] = await db
    .select()
    .from(reviewCritiques)
    .where(
      and(
        eq(reviewCritiques.userId, userId),
        eq(reviewCritiques.applicationId, applicationId),
        eq(reviewCritiques.id, id),
      ),
    );
  return row;
}

export async function updateCritique(
  db: Tx,
  userId: string,
  id: string,
  values: Partial<Pick<ReviewCritiqueRow, 'sections' | 'plannedChange' | 'status' | 'declineReason'>>,
  ifUpdatedAt?: string,
): Promise<boolean> {
  const rows = await db
    .update(reviewCritiques)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(reviewCritiques.userId, userId),
        eq(reviewCritiques.id, id),
        // Compared at the millisecond the client was sent (a JS Date holds no microseconds), in
        // the same statement as the write, so two saves cannot both pass the check.
        ifUpdatedAt
          ? sql`date_trunc('milliseconds', ${reviewCritiques.updatedAt}) = ${ifUpdatedAt}::timestamptz`
          : undefined,
      ),
    )
    .returning({ id: reviewCritiques.id });
  return rows.length > 0;
}
