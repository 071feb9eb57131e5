import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import {
  sredClaims,
  sredExpenseLines,
  sredProjects,
  type SredClaimRow,
  type SredExpenseLineRow,
  type SredProjectRow,
} from './sred.schema.ts';

/** Every query is scoped by the owner: another user's id reads as absent (404). */

export async function listClaims(db: Tx, userId: string): Promise<SredClaimRow[]> {
  return db
    .select()
    .from(sredClaims)
    .where(eq(sredClaims.userId, userId))
    .orderBy(desc(sredClaims.taxYearEnd));
}

/**
 * Every live account's claims whose tax year ended between `from` and `to` (ISO dates), with the
 * owner's address: the deadline-reminders job's only cross-user read (ADR 0541), by the plain
 * tax-year column; the deadline itself is in the sealed record.
 */
export async function listClaimsEndedBetween(db: Tx, from: string, to: string) {
  return db
    .select({ claim: sredClaims, email: users.email, name: users.name, language: users.language })
    .from(sredClaims)
    .innerJoin(users, eq(users.id, sredClaims.userId))
    .where(and(isNull(users.deletedAt), gte(sredClaims.taxYearEnd, from), lte(sredClaims.taxYearEnd, to)));
}

export async function countClaims(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sredClaims)
    .where(eq(sredClaims.userId, userId));
  return Number(row?.n ?? 0);
}

/** Serialises one user's claim inserts so the cap holds under parallel requests. */
export async function lockOwner(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

/** The claim, locked for the rest of the transaction when `forUpdate`. */
export async function findClaim(
  db: Tx,
  userId: string,
  id: string,
  forUpdate = false,
): Promise<SredClaimRow | undefined> {
  const q = db
    .select()
    .from(sredClaims)
    .where(and(eq(sredClaims.userId, userId), eq(sredClaims.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function insertClaim(
  tx: Tx,
  values: Pick<SredClaimRow, 'userId' | 'taxYearStart' | 'taxYearEnd' | 'settings' | 'timeEntries'>,
): Promise<SredClaimRow> {
  const [row] = await tx.insert(sredClaims).values(values).returning();
  return row!;
}

export async function updateClaim(
  tx: Tx,
  userId: string,
  id: string,
  values: Partial<
    Pick<
      SredClaimRow,
      'taxYearStart' | 'taxYearEnd' | 'settings' | 'timeEntries' | 'grants' | 'result' | 'resultError'
    >
  >,
): Promise<void> {
  await tx
    .update(sredClaims)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(sredClaims.userId, userId), eq(sredClaims.id, id)));
}

export async function deleteClaim(tx: Tx, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(sredClaims)
    .where(and(eq(sredClaims.userId, userId), eq(sredClaims.id, id)))
    .returning({ id: sredClaims.id });
  return rows.length > 0;
}

export async function listProjects(db: Tx, userId: string, claimId: string): Promise<SredProjectRow[]> {
  return db
    .select()
    .from(sredProjects)
    .where(and(eq(sredProjects.userId, userId), eq(sredProjects.claimId, claimId)))
    .orderBy(asc(sredProjects.createdAt));
}

export async function insertProject(
  tx: Tx,
  values: Pick<SredProjectRow, 'userId' | 'claimId' | 'data'>,
): Promise<SredProjectRow> {
  const [row] = await tx.insert(sredProjects).values(values).returning();
  return row!;
}

export async function updateProject(
  tx: Tx,
  userId: string,
  claimId: string,
  id: string,
  data: SredProjectRow['data'],
): Promise<boolean> {
  const rows = await tx
    .update(sredProjects)
    .set({ data, updatedAt: sql`now()` })
    .where(and(eq(sredProjects.userId, userId), eq(sredProjects.claimId, claimId), eq(sredProjects.id, id)))
    .returning({ id: sredProjects.id });
  return rows.length > 0;
}

export async function listLines(db: Tx, userId: string, claimId: string): Promise<SredExpenseLineRow[]> {
  return db
    .select()
    .from(sredExpenseLines)
    .where(and(eq(sredExpenseLines.userId, userId), eq(sredExpenseLines.claimId, claimId)))
    .orderBy(asc(sredExpenseLines.source), asc(sredExpenseLines.rowNo));
}

export async function countLines(tx: Tx, userId: string, claimId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(sredExpenseLines)
    .where(and(eq(sredExpenseLines.userId, userId), eq(sredExpenseLines.claimId, claimId)));
  return Number(row?.n ?? 0);
}

export async function insertLines(
  tx: Tx,
  values: Pick<
    SredExpenseLineRow,
    | 'userId'
    | 'claimId'
    | 'source'
    | 'rowNo'
    | 'data'
    | 'ruleCategory'
    | 'ruleReason'
    | 'category'
    | 'overrides'
  >[],
): Promise<void> {
  // Batches keep each statement's parameter count well under PostgreSQL's limit.
  for (let i = 0; i < values.length; i += 500)
    await tx.insert(sredExpenseLines).values(values.slice(i, i + 500));
}

export async function findLine(
  tx: Tx,
  userId: string,
  claimId: string,
  id: string,
): Promise<SredExpenseLineRow | undefined> {
  const [row] = await tx
    .select()
    .from(sredExpenseLines)
    .where(
      and(
        eq(sredExpenseLines.userId, userId),
        eq(sredExpenseLines.claimId, claimId),
        eq(sredExpenseLines.id, id),
      ),
    )
    .for('update');
  return row;
}

export async function setLineCategory(
  tx: Tx,
  id: string,
  category: SredExpenseLineRow['category'],
  overrides: SredExpenseLineRow['overrides'],
): Promise<void> {
  await tx.update(sredExpenseLines).set({ category, overrides }).where(eq(sredExpenseLines.id, id));
}
