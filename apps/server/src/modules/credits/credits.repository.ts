import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paymentRequired } from '../../errors.ts';
import { users } from '../auth/auth.schema.ts';
import { creditLedger } from './credits.schema.ts';

export interface LedgerChange {
  userId: string;
  /** Tenths of a credit; negative for a spend. */
  amount: number;
  reason: string;
  /** What the change pays for or comes from; (reason, reference) happens once. */
  reference: string;
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
