import { randomUUID } from 'node:crypto';
import { creditsFromTenths, tenthsFromCredits } from '@grantleaf/shared/constants';
import {
  ORGANISATION_CREDIT_MESSAGES as MESSAGES,
  ORGANISATION_LEDGER_PAGE_SIZE,
  type MemberAllowance,
  type OrganisationCredits,
  type OrganisationLimitInput,
  type OrganisationTransferInput,
} from '@grantleaf/shared/organisation-credits.schema';
import type { OrganisationRole } from '@grantleaf/shared/organisations.schema';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { UserRow } from '../auth/index.ts';
import { applyLedgerChange } from './credits.service.ts';
import { creditOrganisation } from './organisation-ledger.ts';
import * as repo from './organisation-credits.repository.ts';

const manages = (role: OrganisationRole) => role === 'owner' || role === 'officer';

/** Every route starts here: a non-member (an outsider, a removed member) gets the unknown id's 404. */
async function membership(db: Tx, organisationId: string, userId: string) {
  const member = await repo.findMember(db, organisationId, userId);
  if (!member) throw notFound();
  return member;
}

type LimitRow = Awaited<ReturnType<typeof repo.listLimits>>[number];

/** Each member's limit, spent and available, from one read of limits and two of spending. */
async function allowances(
  db: Tx,
  organisationId: string,
  balance: number,
  members: Array<{ userId: string; name: string; role: OrganisationRole }>,
): Promise<MemberAllowance[]> {
  const limits = new Map<string, LimitRow>(
    (await repo.listLimits(db, organisationId)).map((l) => [l.userId, l]),
  );
  const ids = members.map((m) => m.userId);
  const [month, total] = await Promise.all([
    repo.spentBy(db, organisationId, 'month', ids),
    repo.spentBy(db, organisationId, 'total', ids),
  ]);
  return members.map((m) => {
    const limit = limits.get(m.userId);
    const spent = (limit?.period === 'month' ? month : total).get(m.userId) ?? 0;
    const available = limit ? Math.min(balance, Math.max(0, limit.credits - spent)) : balance;
    return {
      userId: m.userId,
      name: m.name,
      role: m.role,
      limit: limit ? { credits: creditsFromTenths(limit.credits), period: limit.period } : null,
      spent: creditsFromTenths(spent),
      available: creditsFromTenths(available),
    };
  });
}

export type OrganisationCreditsService = ReturnType<typeof createOrganisationCreditsService>;

export function createOrganisationCreditsService(deps: { db: Db }) {
  const { db } = deps;
  const service = {
    /**
     * The balance and the caller's own allowance for every member; every member's allowance and
     * every row for owners and research officers; a member's own rows for a member.
     */
    async view(user: UserRow, organisationId: string, page: number): Promise<OrganisationCredits> {
      const member = await membership(db, organisationId, user.id);
      const canManage = manages(member.role);
      const balance = await repo.findBalance(db, organisationId);
      const everyone = await repo.listMembers(db, organisationId);
      const shown = canManage ? everyone : everyone.filter((m) => m.userId === user.id);
      const members = await allowances(db, organisationId, balance, shown);
      const pageSize = ORGANISATION_LEDGER_PAGE_SIZE;
      const { entries, total } = await repo.findLedgerPage(
        db,
        organisationId,
        canManage ? undefined : user.id,
        page,
        pageSize,
      );
      return {
        balance: creditsFromTenths(balance),
        canManage,
        canTransfer: member.role === 'owner',
        own: members.find((m) => m.userId === user.id)!,
        members: canManage ? members : [],
        entries: entries.map(({ row, name }) => ({
          id: row.id,
          amount: creditsFromTenths(row.amount),
          reason: row.reason,
          reference: row.reference,
          member: row.userId && name !== null ? { id: row.userId, name } : null,
          createdAt: new Date(row.createdAt).toISOString(),
        })),
        page,
        pageSize,
        total,
      };
    },

    /**
     * An owner moves their own credits into the organisation: both ledgers in one transaction,
     * under one reference. Nothing moves back (personal credits stay personal; ADR 0720).
     */
    async transfer(user: UserRow, organisationId: string, input: OrganisationTransferInput) {
      const amount = tenthsFromCredits(input.credits);
      const reference = `organisation-transfer:${randomUUID()}`;
      try {
        await db.transaction(async (tx) => {
          const member = await membership(tx, organisationId, user.id);
          if (member.role !== 'owner') throw notFound();
          await applyLedgerChange(tx, {
            userId: user.id,
            amount: -amount,
            reason: 'organisation_transfer',
            reference,
          });
          await creditOrganisation(tx, { organisationId, userId: user.id, reference, amount });
        });
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 402) throw conflict(MESSAGES.ownBalance);
        throw err;
      }
      return service.view(user, organisationId, 1);
    },

    /** Owners and research officers set or remove a member's limit; others get 404 (ADR 0370). */
    async setLimit(user: UserRow, organisationId: string, memberId: string, input: OrganisationLimitInput) {
      await db.transaction(async (tx) => {
        const member = await membership(tx, organisationId, user.id);
        if (!manages(member.role)) throw notFound();
        if (!(await repo.findMember(tx, organisationId, memberId))) throw notFound();
        if (input.limit === null) await repo.deleteLimit(tx, organisationId, memberId);
        else
          await repo.upsertLimit(tx, {
            organisationId,
            userId: memberId,
            credits: tenthsFromCredits(input.limit.credits),
            period: input.limit.period,
            setBy: user.id,
          });
      });
      return service.view(user, organisationId, 1);
    },
  };
  return service;
}

/** Test helper: throws unless every organisation's balance equals the sum of its ledger rows. */
export async function assertOrganisationLedgerMatches(db: Db): Promise<void> {
  const mismatches = await repo.findOrganisationMismatches(db);
  if (mismatches.length > 0) {
    throw new Error(`organisation credits differ from the ledger sum: ${JSON.stringify(mismatches)}`);
  }
}
