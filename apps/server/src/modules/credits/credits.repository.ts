import { and, count, desc, eq, gte, ilike, isNull, or, sql } from 'drizzle-orm';
import type { LedgerReason } from '@grantleaf/shared/paid-work';
import type { Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import { creditLedger, type LedgerRow } from './credits.schema.ts';

export type NewLedgerRow = typeof creditLedger.$inferInsert;

/** Inserts a ledger row unless its (reason, reference) exists; the new row's id, or undefined. */
export async function insertLedgerRow(tx: Tx, row: NewLedgerRow): Promise<number | undefined> {
  const [entry] = await tx
    .insert(creditLedger)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  return entry?.id;
}

/**
 * Adds `amount` tenths to a balance when the result stays at or above zero; false when it would
 * not. The conditional UPDATE is the row lock that makes parallel spends safe.
 */
export async function addToBalance(tx: Tx, userId: string, amount: number): Promise<boolean> {
  const updated = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${amount}` })
    .where(and(eq(users.id, userId), gte(users.credits, Math.max(0, -amount))))
    .returning({ credits: users.credits });
  return updated.length > 0;
}

/**
 * A live account's balance, its row locked until the transaction ends, so a spend in parallel
 * waits for what is read here to be used; undefined for a missing or deleted account.
 */
export async function lockBalance(tx: Tx, userId: string): Promise<number | undefined> {
  const [row] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  return row?.credits;
}

/** A live account as the admin credit pages show it (their search below reads the same rows). */
export async function findUser(db: Tx, userId: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row;
}

export async function findLedgerPage(db: Tx, userId: string, page: number, pageSize: number) {
  const [entries, [total]] = await Promise.all([
    db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.userId, userId))
      .orderBy(desc(creditLedger.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, userId)),
  ]);
  return { entries, total: Number(total?.n ?? 0) };
}

export async function findLedgerEntry(
  db: Tx,
  reason: LedgerReason,
  reference: string,
): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.reason, reason), eq(creditLedger.reference, reference)));
  return row;
}

const ADMIN_SEARCH_LIMIT = 50;

/** Users whose name or email contains the query (all users, newest first, when it is empty). */
export async function searchUsers(db: Tx, query: string) {
  const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select()
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        query ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined,
      ),
    )
    .orderBy(desc(users.createdAt))
    .limit(ADMIN_SEARCH_LIMIT);
}

/** Users whose balance differs from their ledger sum; always empty unless something is broken. */
export async function findBalanceMismatches(db: Tx) {
  const result = (await db.execute(sql`
    SELECT u.id, u.credits, coalesce(sum(l.amount), 0)::int AS ledger
    FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id
    GROUP BY u.id, u.credits
    HAVING u.credits <> coalesce(sum(l.amount), 0)
  `)) as unknown as { rows: Array<{ id: string; credits: number; ledger: number }> };
  return result.rows;
}
