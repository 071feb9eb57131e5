import type { AdminCreditChange, AdminUser, LedgerEntry, LedgerPage } from '@grantleaf/shared/credits.schema';
import { CREDIT_UNIT } from '@grantleaf/shared/constants';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { findUserById } from '../auth/auth.repository.ts';
import type { UserRow } from '../auth/auth.schema.ts';
import * as repo from './credits.repository.ts';
import type { LedgerRow } from './credits.schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toLedgerEntry = (row: LedgerRow): LedgerEntry => ({
  id: row.id,
  amount: row.amount,
  reason: row.reason,
  reference: row.reference,
  note: row.note,
  createdAt: new Date(row.createdAt).toISOString(),
});

const toAdminUser = (row: UserRow): AdminUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  credits: row.credits,
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
      const amount = Math.round(input.amount * CREDIT_UNIT);
      const reference = randomUUID();
      try {
        await db.transaction(async (tx) => {
          const user = await findUserById(tx, userId);
          if (!user) throw notFound();
          await repo.applyLedgerChange(tx, { userId, amount, reason: 'admin', reference, note: input.reason, actorId: admin.id });
        });
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 402) {
          throw conflict('The user does not have that many credits to remove');
        }
        throw err;
      }
      const [user, entry] = await Promise.all([findUserById(db, userId), repo.findLedgerEntry(db, 'admin', reference)]);
      return { user: toAdminUser(user!), entry: toLedgerEntry(entry!) };
    },
  };
}
