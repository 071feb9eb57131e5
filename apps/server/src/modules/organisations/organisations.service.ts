import {
  emailHost,
  INVITATION_DAYS,
  mayClaimDomain,
  ORGANISATION_MAX_MEMBERS,
  ORGANISATION_MESSAGES,
  type CreateOrganisationInput,
  type Readiness,
  type Invitation,
  type OfficeApplication,
  type InviteInput,
  type OrganisationDetail,
  type OrganisationSummary,
  type UpdateOrganisationInput,
} from '@grantleaf/shared/organisations.schema';
import { csvTable } from '@grantleaf/shared/csv';
import type { ReviewFilter } from '@grantleaf/shared/office-review.schema';
import type { Db, Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { findUserByEmail, newSecretToken, sha256, type UserRow } from '../auth/index.ts';
import { invitationMail, type Mailer } from '../mail/index.ts';
import { deleteAllEntriesOf } from './competitions.repository.ts';
import {
  createOrganisationMembers,
  manages,
  member,
  organisationDetail,
  toInvitation,
  unverified,
} from './organisation-members.ts';
import { createOrganisationOffice } from './organisation-office.service.ts';
import * as repo from './organisations.repository.ts';
import { addDaysTo } from '@grantleaf/shared/days';

/** The domains (the address's host and each parent) a domain rule could name for this address. */
function domainsOf(email: string): string[] {
  const parts = emailHost(email).split('.');
  return parts.slice(0, -1).map((_, i) => parts.slice(i).join('.'));
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;

export function createOrganisationsService(deps: {
  db: Db;
  env: Env;
  mailer: Mailer;
  /** The live checks' summary per application (the applications module's, ADR 0442). */
  readiness: (db: Db, ids: string[]) => Promise<Map<string, Readiness>>;
}) {
  const { db } = deps;

  return {
    async list(user: UserRow): Promise<{
      data: OrganisationSummary[];
      joinable: Array<{ id: string; name: string; domain: string }>;
    }> {
      const [mine, joinable] = await Promise.all([
        repo.listOrganisationsOf(db, user.id),
        user.emailVerified ? repo.listByDomains(db, user.id, domainsOf(user.email)) : Promise.resolve([]),
      ]);
      return {
        data: mine.map((m) => ({
          id: m.organisation.id,
          name: m.organisation.name,
          domain: m.organisation.domain,
          internalDeadlineDays: m.organisation.internalDeadlineDays,
          role: m.role,
          members: Number(m.members),
        })),
        joinable: joinable.map((o) => ({ id: o.id, name: o.name, domain: o.domain! })),
      };
    },

    async create(user: UserRow, input: CreateOrganisationInput): Promise<OrganisationDetail> {
      if (!user.emailVerified) throw unverified();
      const domain = input.domain ?? null;
      if (domain && !mayClaimDomain(domain, user.email))
        throw badRequest(ORGANISATION_MESSAGES.domainNotYours);
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertOrganisation(tx, {
          name: input.name.trim(),
          domain,
          createdBy: user.id,
        });
        await repo.insertMember(tx, { organisationId: created.id, userId: user.id, role: 'owner' });
        return created;
      });
      return organisationDetail(db, user, row.id);
    },

    detail: (user: UserRow, id: string) => organisationDetail(db, user, id),

    async update(user: UserRow, id: string, input: UpdateOrganisationInput): Promise<OrganisationDetail> {
      const { role } = await member(db, user, id);
      if (role !== 'owner') throw notFound('Organisation not found');
      if (input.domain && !mayClaimDomain(input.domain, user.email))
        throw badRequest(ORGANISATION_MESSAGES.domainNotYours);
      await repo.updateOrganisation(db, id, {
        ...(input.name !== undefined ? { name: input.name.trim() } : {}),
        ...(input.domain !== undefined ? { domain: input.domain } : {}),
        ...(input.internalDeadlineDays !== undefined
          ? { internalDeadlineDays: input.internalDeadlineDays }
          : {}),
      });
      return organisationDetail(db, user, id);
    },

    /**
     * E-mails a one-use link good for INVITATION_DAYS to the address; a new invitation to the same
     * address withdraws the earlier one. Officers invite members; only owners invite officers and owners.
     */
    async invite(user: UserRow, id: string, input: InviteInput): Promise<Invitation> {
      const role = input.role ?? 'member';
      const token = newSecretToken();
      const { invitation, organisation } = await db.transaction(async (tx) => {
        const { organisation, role: mine } = await member(tx, user, id);
        if (!manages(mine)) throw notFound('Organisation not found');
        if (role !== 'member' && mine !== 'owner')
          throw badRequest('Only an owner can invite research officers and owners.');
        await repo.lockOrganisation(tx, id);
        if ((await repo.countSeats(tx, id)) >= ORGANISATION_MAX_MEMBERS)
          throw conflict(ORGANISATION_MESSAGES.full);
        const members = await repo.listMembers(tx, id);
        if (members.some((m) => m.email.toLowerCase() === input.email))
          throw conflict('This address already belongs to a member.');
        await repo.revokeOpenInvitationsTo(tx, id, input.email);
        const invitation = await repo.insertInvitation(tx, {
          organisationId: id,
          email: input.email,
          role,
          tokenHash: sha256(token),
          invitedBy: user.id,
          expiresAt: addDaysTo(Date.now(), INVITATION_DAYS),
        });
        return { invitation, organisation };
      });
      const link = `${deps.env.APP_URL.replace(/\/$/, '')}/organisations/join?token=${token}`;
      // The invitee's language when the address has an account, else the inviter's.
      const invitee = await findUserByEmail(db, input.email);
      await deps.mailer.send({
        to: input.email,
        dedupeKey: `organisation-invitation:${invitation.id}`,
        ...invitationMail(invitee?.language ?? user.language, {
          inviter: user.name,
          organisation: organisation.name,
          role,
          expiresAt: invitation.expiresAt,
          link,
        }),
      });
      return toInvitation(invitation);
    },

    ...createOrganisationOffice(deps),

    ...createOrganisationMembers(deps),

    async revokeInvitation(user: UserRow, id: string, invitationId: string): Promise<void> {
      const { role } = await member(db, user, id);
      if (!manages(role)) throw notFound('Organisation not found');
      if (!(await repo.revokeInvitation(db, id, invitationId))) throw notFound('Invitation not found');
    },
  };
}

/**
 * A deleted account leaves every organisation at once (ADR 0372). Where it was the last owner,
 * the longest-standing officer (else member) becomes owner; an organisation left empty goes,
 * and with it its shares.
 */
export async function leaveAllOrganisations(tx: Tx, userId: string): Promise<void> {
  // The account's internal applications to competitions are its words: they go at once (ADR 0650).
  await deleteAllEntriesOf(tx, userId);
  for (const { organisationId } of await repo.listMembershipsOf(tx, userId)) {
    await repo.lockOrganisation(tx, organisationId);
    await repo.deleteMember(tx, organisationId, userId);
    if ((await repo.countOwners(tx, organisationId)) > 0) continue;
    const next = await repo.firstSuccessor(tx, organisationId);
    if (next) await repo.updateMemberRole(tx, organisationId, next, 'owner');
    else await repo.deleteOrganisation(tx, organisationId);
  }
}

/** The review status as the page and the CSV name it. */
const REVIEW_LABELS: Record<ReviewFilter, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};

/** "Ready", or what is left and how many expected elements the text shows. */
const readinessText = (r: Readiness) =>
  r.ready ? 'Ready' : `${r.left} to do; ${r.found} of ${r.expected} expected elements`;

/** The office's list as CSV (RFC 4180, CRLF), the columns the page shows. */
export function officeCsv(rows: OfficeApplication[]): string {
  const header = [
    'Title',
    'Applicant',
    'Applicant e-mail',
    'Program',
    'Status',
    'Funder deadline',
    'Internal deadline',
    'Office review',
    'Readiness',
    'Shared',
    'Last change',
  ];
  // One CSV writer for every export (packages/shared/src/csv.ts): quoted cells, formulas made inert.
  return csvTable([
    header,
    ...rows.map((r) => [
      r.title,
      r.owner,
      r.ownerEmail,
      r.program,
      r.status,
      r.deadline,
      r.internalDeadline,
      REVIEW_LABELS[r.reviewState ?? 'draft'],
      readinessText(r.readiness),
      r.sharedAt.slice(0, 10),
      r.updatedAt.slice(0, 10),
    ]),
  ]);
}
