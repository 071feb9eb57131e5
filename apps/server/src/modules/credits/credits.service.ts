import type { AdminCreditChange, AdminUser, LedgerEntry, LedgerPage } from '@grantleaf/shared/credits.schema';
import { creditsFromTenths, tenthsFromCredits } from '@grantleaf/shared/constants';
import { randomUUID } from 'node:crypto';
import type { LedgerReason } from '@grantleaf/shared/paid-work';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, notFound, paymentRequired } from '../../errors.ts';
import { findUserById } from '../auth/auth.repository.ts';
import type { UserRow } from '../auth/auth.schema.ts';
import * as repo from './credits.repository.ts';
import type { LedgerRow } from './credits.schema.ts';

export interface LedgerChange {
  userId: string;
  /** Tenths of a credit; negative for a spend. */
  amount: number;
  reason: LedgerReason;
  /** What the change pays for or comes from; (reason, reference) happens once. */
  reference: string;
  /** Free text for manual changes. */
  note?: string;
  /** The admin who made a manual change. */
  actorId?: string;
}

/**
 * The one writer of the ledger (docs/decisions/0050-paid-work-kernel.md): one balance change and
 * its ledger row, inside the caller's transaction. Returns false when this (reason, reference)
 * was already applied. A spend the balance does not cover throws 402, which rolls the caller's
 * whole transaction back.
 */
export async function applyLedgerChange(tx: Tx, change: LedgerChange): Promise<boolean> {
  if ((await repo.insertLedgerRow(tx, change)) === undefined) return false;
  if (!(await repo.addToBalance(tx, change.userId, change.amount))) throw paymentRequired();
  return true;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toLedgerEntry = (row: LedgerRow): LedgerEntry => ({
  id: row.id,
  amount: creditsFromTenths(row.amount),
  reason: row.reason,
  reference: row.reference,
  note: row.note,
  createdAt: new Date(row.createdAt).toISOString(),
});

const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  credits: creditsFromTenths(row.credits),
  emailVerified: row.emailVerified,
  isAdmin: row.isAdmin,
  createdAt: new Date(row.createdAt).toISOString(),
});

export type CreditsService = ReturnType<typeof createCreditsService>;

export function createCreditsService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async listLedger(userId: string, page: number, pageSize: number): Promise<LedgerPage> {
      const { entries, total } = await repo.findLedgerPage(db, userId, page, pageSize);
      return { entries: entries.map(toLedgerEntry), page, pageSize, total };
    },

    async findUsers(query: string): Promise<AdminUser[]> {
      return (await repo.searchUsers(db, query)).map(toAdminUser);
    },

    /** Adds (or, negative, removes) credits by hand; the ledger keeps who and why. */
    async changeCredits(admin: UserRow, userId: string, input: AdminCreditChange) {
      if (!UUID.test(userId)) throw notFound();
      const amount = tenthsFromCredits(input.amount);
      const reference = randomUUID();
      try {
        await db.transaction(async (tx) => {
          const user = await findUserById(tx, userId);
          if (!user) throw notFound();
          await applyLedgerChange(tx, {
            userId,
            amount,
            reason: 'admin',
            reference,
            note: input.reason,
            actorId: admin.id,
          });
        });
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 402) {
          throw conflict('The user does not have that many credits to remove');
        }
        throw err;
      }
      const [user, entry] = await Promise.all([
        findUserById(db, userId),
        repo.findLedgerEntry(db, 'admin', reference),
      ]);
      return { user: toAdminUser(user!), entry: toLedgerEntry(entry!) };
    },
  };
}
