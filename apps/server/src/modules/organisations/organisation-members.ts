import {
  domainAdmits,
  ORGANISATION_MAX_MEMBERS,
  ORGANISATION_MESSAGES,
  type Invitation,
  type OrganisationDetail,
  type OrganisationRole,
} from '@grantleaf/shared/organisations.schema';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { sha256, type UserRow } from '../auth/index.ts';
import { deleteEntriesIn } from './competitions.repository.ts';
import * as repo from './organisations.repository.ts';
import type { InvitationRow } from './organisations.schema.ts';

/**
 * Membership: who is in an organisation and with what role, the organisation as its members see
 * it, and joining, role changes and leaving (ADR 0370). Moved out of organisations.service.ts
 * unchanged (ADR 1180), so no one closure holds every operation.
 */

export const unverified = () =>
  new AppError(403, ORGANISATION_MESSAGES.unverified, { reason: 'email_unverified' });

/** Owners and officers run the organisation's day to day; only owners change roles and settings. */
export const manages = (role: OrganisationRole) => role === 'owner' || role === 'officer';

export const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

/** The caller's membership, or the unknown organisation's 404 (never 403: ADR 0370). */
export async function member(tx: Tx, user: UserRow, id: string) {
  const found = await repo.findMembership(tx, user.id, id);
  if (!found) throw notFound('Organisation not found');
  return found;
}

export async function organisationDetail(db: Tx, user: UserRow, id: string): Promise<OrganisationDetail> {
  const { organisation, role } = await member(db, user, id);
  const [members, invitations] = await Promise.all([
    repo.listMembers(db, id),
    manages(role) ? repo.listOpenInvitations(db, id) : Promise.resolve([]),
  ]);
  return {
    id: organisation.id,
    name: organisation.name,
    domain: organisation.domain,
    internalDeadlineDays: organisation.internalDeadlineDays,
    role,
    members: members.length,
    memberList: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      joinedAt: m.joinedAt.toISOString(),
    })),
    invitations: invitations.map(toInvitation),
  };
}

/** Removes a member; an organisation is never left without an owner. */
export async function dropMember(tx: Tx, organisationId: string, userId: string) {
  const rows = await repo.listMembers(tx, organisationId);
  const leaving = rows.find((m) => m.userId === userId);
  if (!leaving) throw notFound('Member not found');
  if (leaving.role === 'owner' && (await repo.countOwners(tx, organisationId, userId)) === 0)
    throw conflict(ORGANISATION_MESSAGES.lastOwner);
  await repo.deleteMember(tx, organisationId, userId);
  // Their internal applications to the office's competitions are withdrawn with them (ADR 0650).
  await deleteEntriesIn(tx, organisationId, userId);
}

/** Joining by invitation or by the domain rule, role changes and leaving. */
export function createOrganisationMembers(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** The invited address must be the caller's own, verified; the link then works once. */
    async accept(user: UserRow, token: string): Promise<OrganisationDetail> {
      if (!user.emailVerified) throw unverified();
      const organisationId = await db.transaction(async (tx) => {
        const used = await repo.useInvitation(tx, sha256(token), user.email.trim().toLowerCase(), user.id);
        if (!used) throw badRequest(ORGANISATION_MESSAGES.invitationInvalid);
        await repo.lockOrganisation(tx, used.organisationId);
        if (
          !(await repo.insertMember(tx, {
            organisationId: used.organisationId,
            userId: user.id,
            role: used.role,
          }))
        )
          throw conflict(ORGANISATION_MESSAGES.alreadyMember);
        return used.organisationId;
      });
      return organisationDetail(db, user, organisationId);
    },

    /** The domain rule: a verified address at the organisation's domain joins as a member. */
    async join(user: UserRow, id: string): Promise<OrganisationDetail> {
      if (!user.emailVerified) throw unverified();
      await db.transaction(async (tx) => {
        const organisation = await repo.lockOrganisation(tx, id);
        // An organisation whose rule does not admit the caller is not theirs to see: 404.
        if (!organisation || !domainAdmits(organisation.domain, user.email))
          throw notFound('Organisation not found');
        if ((await repo.countSeats(tx, id)) >= ORGANISATION_MAX_MEMBERS)
          throw conflict(ORGANISATION_MESSAGES.full);
        if (!(await repo.insertMember(tx, { organisationId: id, userId: user.id, role: 'member' })))
          throw conflict(ORGANISATION_MESSAGES.alreadyMember);
      });
      return organisationDetail(db, user, id);
    },

    async changeRole(
      user: UserRow,
      id: string,
      userId: string,
      role: OrganisationRole,
    ): Promise<OrganisationDetail> {
      await db.transaction(async (tx) => {
        const { role: mine } = await member(tx, user, id);
        if (mine !== 'owner') throw notFound('Organisation not found');
        await repo.lockOrganisation(tx, id);
        const target = await repo.findMembership(tx, userId, id);
        if (!target) throw notFound('Member not found');
        if (target.role === 'owner' && role !== 'owner' && (await repo.countOwners(tx, id, userId)) === 0)
          throw conflict(ORGANISATION_MESSAGES.lastOwner);
        await repo.updateMemberRole(tx, id, userId, role);
      });
      return organisationDetail(db, user, id);
    },

    /**
     * Leaving (the member themself) or removal (an owner): the row goes in this transaction, and
     * with it every access the organisation gave; the member's own applications stay theirs.
     */
    async removeMember(user: UserRow, id: string, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const { role: mine } = await member(tx, user, id);
        if (userId !== user.id && mine !== 'owner') throw notFound('Organisation not found');
        await repo.lockOrganisation(tx, id);
        await dropMember(tx, id, userId);
      });
    },
  };
}
