import type { AdminCreditChange, AdminUser, LedgerEntry, LedgerPage } from '@grantleaf/shared/credits.schema';
import { creditsFromTenths, FREE_CREDITS_ON_SIGNUP, tenthsFromCredits } from '@grantleaf/shared/constants';
import { randomUUID } from 'node:crypto';
import {
  paidWorkReference,
  type LedgerReason,
  type LedgerWork,
  type PaidWorkKind,
} from '@grantleaf/shared/paid-work';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, notFound, paymentRequired } from '../../errors.ts';
import type { UserRow } from '../auth/index.ts';
import * as repo from './credits.repository.ts';
import { refundToOrganisation, spendFromOrganisation } from './organisation-ledger.ts';
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

/*
 * The ledger door (docs/decisions/0053-module-contract.md): what other modules may do to the
 * ledger, exported by credits/index.ts. Each operation has one fixed reason and reference and
 * runs in the caller's transaction, so a spend and the row it pays for commit together (ADR 50);
 * none takes a free reason or a signed amount. applyLedgerChange stays inside credits (and test
 * set-up).
 */

/** Amounts through the door are whole tenths above zero; the operation gives the sign. */
function positiveTenths(amount: number): number {
  if (!Number.isInteger(amount) || amount <= 0) {
    throw new Error(`A ledger amount is a positive number of tenths, not ${amount}`);
  }
  return amount;
}

/**
 * The free credit for an address verified for the first time (ADR 150); false when this user
 * already had it.
 */
export function grantVerificationCredit(tx: Tx, userId: string): Promise<boolean> {
  return applyLedgerChange(tx, {
    userId,
    amount: FREE_CREDITS_ON_SIGNUP,
    reason: 'signup',
    reference: userId,
  });
}

/** One piece of paid work, named as its ledger reference (`<kind>:<id>`). */
export interface PaidWorkCharge {
  userId: string;
  kind: PaidWorkKind;
  workId: string;
  /** Tenths of a credit. */
  amount: number;
  /** Pay from this organisation's balance, within the member's limit (ADR 0720); else the own. */
  organisationId?: string;
}

/**
 * Pays for a piece of paid work. A balance that does not cover it throws 402, which rolls the
 * caller's transaction (the row the spend pays for) back.
 */
export function spendOnPaidWork(tx: Tx, charge: PaidWorkCharge): Promise<boolean> {
  if (charge.organisationId) {
    return spendFromOrganisation(tx, {
      organisationId: charge.organisationId,
      userId: charge.userId,
      reference: paidWorkReference(charge.kind, charge.workId),
      amount: positiveTenths(charge.amount),
    });
  }
  return applyLedgerChange(tx, {
    userId: charge.userId,
    amount: -positiveTenths(charge.amount),
    reason: 'spend',
    reference: paidWorkReference(charge.kind, charge.workId),
  });
}

/**
 * Gives back what a failed piece of paid work cost: the amount its spend row took, not today's
 * price (a price change between the two refunds what was paid). Once: false when it was already
 * refunded or nothing was spent on it.
 */
export async function refundPaidWork(
  tx: Tx,
  work: Omit<PaidWorkCharge, 'amount' | 'organisationId'>,
): Promise<boolean> {
  const reference = paidWorkReference(work.kind, work.workId);
  const spend = await repo.findLedgerEntry(tx, 'spend', reference);
  // Work paid from an organisation goes back to it (ADR 0720), never to the member.
  if (!spend) return refundToOrganisation(tx, work.userId, reference);
  if (spend.userId !== work.userId) return false;
  return applyLedgerChange(tx, {
    userId: work.userId,
    amount: positiveTenths(-spend.amount),
    reason: 'refund',
    reference,
  });
}

export interface PurchaseCredit {
  userId: string;
  /** The payment row's id, the ledger reference. */
  paymentId: string;
  /** Tenths of a credit bought. */
  amount: number;
  /** The admin who recorded a manual payment or approved its refund. */
  actorId?: string;
}

/** Adds the credits a payment bought; once per payment: false when they were already added. */
export function creditPurchase(tx: Tx, purchase: PurchaseCredit): Promise<boolean> {
  return applyLedgerChange(tx, {
    userId: purchase.userId,
    amount: positiveTenths(purchase.amount),
    reason: 'purchase',
    reference: purchase.paymentId,
    actorId: purchase.actorId,
  });
}

/**
 * A refunded payment takes back its credits that are still unspent, never more than the
 * balance (what was spent is Grantleaf's to lose); once per payment. The balance is locked
 * while it is read, so a parallel spend cannot turn the take-back into a 402. Returns the
 * tenths taken back (0 for an account deleted since, or an empty balance).
 */
export async function takeBackRefundedPurchase(tx: Tx, purchase: PurchaseCredit): Promise<number> {
  const balance = (await repo.lockBalance(tx, purchase.userId)) ?? 0;
  const take = Math.min(purchase.amount, balance);
  if (take <= 0) return 0;
  const applied = await applyLedgerChange(tx, {
    userId: purchase.userId,
    amount: -positiveTenths(take),
    reason: 'purchase_refund',
    reference: purchase.paymentId,
    actorId: purchase.actorId,
  });
  return applied ? take : 0;
}

/** An approved credit request (issue 28 §2): who asked, which request, what the admin granted. */
export interface RequestedCredit {
  userId: string;
  requestId: string;
  /** Tenths of a credit granted. */
  amount: number;
  /** The admin who approved it. */
  actorId: string;
}

/**
 * Adds the credits an admin granted from a user's request (issue 28 §2); once per request: false
 * when they were already added. A manual change like the admin form's, under the request's id.
 */
export function grantRequestedCredits(tx: Tx, grant: RequestedCredit): Promise<boolean> {
  return applyLedgerChange(tx, {
    userId: grant.userId,
    amount: positiveTenths(grant.amount),
    reason: 'admin',
    reference: `credit-request:${grant.requestId}`,
    note: 'Credit request approved',
    actorId: grant.actorId,
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const toLedgerEntry = (row: LedgerRow, work: LedgerWork | null = null): LedgerEntry => ({
  id: row.id,
  amount: creditsFromTenths(row.amount),
  reason: row.reason,
  reference: row.reference,
  note: row.note,
  createdAt: new Date(row.createdAt).toISOString(),
  work,
});

/** Names and links the work of a page of ledger rows (ledger-work.ts, wired in module.ts). */
export type DescribeLedgerWork = (
  db: Tx,
  userId: string,
  references: string[],
) => Promise<Map<string, LedgerWork>>;

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

export function createCreditsService(deps: { db: Db; describeWork?: DescribeLedgerWork }) {
  const { db } = deps;
  return {
    async listLedger(userId: string, page: number, pageSize: number): Promise<LedgerPage> {
      const { entries, total } = await repo.findLedgerPage(db, userId, page, pageSize);
      const paidWork = entries.filter((e) => e.reason === 'spend' || e.reason === 'refund');
      const work = deps.describeWork
        ? await deps.describeWork(
            db,
            userId,
            paidWork.map((e) => e.reference),
          )
        : new Map<string, LedgerWork>();
      return {
        entries: entries.map((e) =>
          toLedgerEntry(
            e,
            e.reason === 'spend' || e.reason === 'refund' ? (work.get(e.reference) ?? null) : null,
          ),
        ),
        page,
        pageSize,
        total,
      };
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
          const user = await repo.findUser(tx, userId);
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
        repo.findUser(db, userId),
        repo.findLedgerEntry(db, 'admin', reference),
      ]);
      return { user: toAdminUser(user!), entry: toLedgerEntry(entry!) };
    },
  };
}
