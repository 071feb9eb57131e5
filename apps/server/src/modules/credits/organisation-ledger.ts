/**
 * The organisation side of the ledger door (ADR 0720): the only writes of an organisation's
 * balance, each with its ledger row, inside the caller's transaction, like applyLedgerChange for a
 * person's. credits.service.ts calls these from spendOnPaidWork and refundPaidWork.
 */
import { creditsFromTenths } from '@grantleaf/shared/constants';
import { ORGANISATION_CREDIT_MESSAGES as MESSAGES } from '@grantleaf/shared/organisation-credits.schema';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest } from '../../errors.ts';
import * as repo from './organisation-credits.repository.ts';

export interface OrganisationSpend {
  organisationId: string;
  /** The member who spends. */
  userId: string;
  /** The paid work's ledger reference (`<kind>:<id>`). */
  reference: string;
  /** Tenths, above zero. */
  amount: number;
}

/**
 * A member pays from the organisation: a member now (in this transaction), within their limit
 * (its row locked, so their parallel spends queue), and within the balance (the conditional
 * UPDATE: two members cannot both take the last credits). Any refusal throws, which rolls the
 * caller's transaction, and the work it would have paid for, back. False when already spent.
 */
export async function spendFromOrganisation(tx: Tx, spend: OrganisationSpend): Promise<boolean> {
  const member = await repo.findMember(tx, spend.organisationId, spend.userId);
  if (!member) throw badRequest(MESSAGES.notMember, { reason: 'not_member' });
  const limit = await repo.lockLimit(tx, spend.organisationId, spend.userId);
  if (limit) {
    const spent =
      (await repo.spentBy(tx, spend.organisationId, limit.period, [spend.userId])).get(spend.userId) ?? 0;
    const left = Math.max(0, limit.credits - spent);
    if (spend.amount > left) {
      const available = creditsFromTenths(left);
      throw new AppError(402, MESSAGES.limit(member.name, available, limit.period), {
        reason: 'organisation_limit',
        organisation: member.name,
        available,
        period: limit.period,
      });
    }
  }
  const inserted = await repo.insertRow(tx, {
    organisationId: spend.organisationId,
    userId: spend.userId,
    amount: -spend.amount,
    reason: 'spend',
    reference: spend.reference,
  });
  if (inserted === undefined) return false;
  if (!(await repo.addToBalance(tx, spend.organisationId, -spend.amount))) {
    throw new AppError(402, MESSAGES.notEnough(member.name), {
      reason: 'organisation_balance',
      organisation: member.name,
    });
  }
  return true;
}

/**
 * Gives a failed piece of work's cost back to the organisation that paid it, once; false when no
 * organisation paid for it (or another member's work is named).
 */
export async function refundToOrganisation(tx: Tx, userId: string, reference: string): Promise<boolean> {
  const spend = await repo.findEntry(tx, 'spend', reference);
  if (!spend || spend.userId !== userId) return false;
  const inserted = await repo.insertRow(tx, {
    organisationId: spend.organisationId,
    userId,
    amount: -spend.amount,
    reason: 'refund',
    reference,
  });
  if (inserted === undefined) return false;
  await repo.addToBalance(tx, spend.organisationId, -spend.amount);
  return true;
}

/** An owner's credits arrive in the organisation (the personal side is written by the caller). */
export async function creditOrganisation(
  tx: Tx,
  transfer: { organisationId: string; userId: string; reference: string; amount: number },
): Promise<boolean> {
  const inserted = await repo.insertRow(tx, { ...transfer, reason: 'transfer' });
  if (inserted === undefined) return false;
  await repo.addToBalance(tx, transfer.organisationId, transfer.amount);
  return true;
}
