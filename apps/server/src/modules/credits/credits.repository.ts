import { and, count, desc, eq, gte, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paymentRequired } from '../../errors.ts';
import { users } from '../auth/auth.schema.ts';
import { creditLedger, type LedgerRow } from './credits.schema.ts';

export interface LedgerChange {
  userId: string;
  /** Tenths of a credit; negative for a spend. */
  amount: number;
  reason: string;
  /** What the change pays for or comes from; (reason, reference) happens once. */
  reference: string;
  /** Free text for manual changes. */
  note?: string;
  /** The admin who made a manual change. */
  actorId?: string;
}

/**
 * Applies one balance change and its ledger row, inside the caller's transaction. Returns false
 * when this (reason, reference) was already applied. A spend the balance does not cover throws
 * 402, which rolls the caller's whole transaction back; the conditional UPDATE is the lock that
 * makes parallel spends safe.
 */
export async function applyLedgerChange(tx: Tx, change: LedgerChange): Promise<boolean> {
  const [entry] = await tx
    .insert(creditLedger)
    .values(change)
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  if (!entry) return false;
  const updated = await tx
    .update(users)
    .set({ credits: sql`${users.credits} + ${change.amount}` })
    .where(and(eq(users.id, change.userId), gte(users.credits, Math.max(0, -change.amount))))
    .returning({ credits: users.credits });
  if (updated.length === 0) throw paymentRequired();
  return true;
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

export async function findLedgerEntry(db: Tx, reason: string, reference: string): Promise<LedgerRow | undefined> {
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
    .where(and(isNull(users.deletedAt), query ? or(ilike(users.email, pattern), ilike(users.name, pattern)) : undefined))
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
