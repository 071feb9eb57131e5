import {
  businessDaysBefore,
  domainAdmits,
  emailHost,
  INVITATION_DAYS,
  mayClaimDomain,
  ORGANISATION_MAX_MEMBERS,
  ORGANISATION_MESSAGES,
  type CreateOrganisationInput,
  type HolidayList,
  type OfficeListQuery,
  type Readiness,
  type Invitation,
  type OfficeApplication,
  type InviteInput,
  type OrganisationDetail,
  type OrganisationRole,
  type OrganisationSummary,
  type ProgramDeadlineList,
  type ProgramDeadlineView,
  type UpdateOrganisationInput,
} from '@grantleaf/shared/organisations.schema';
import { csvTable } from '@grantleaf/shared/csv';
import type { ReviewFilter } from '@grantleaf/shared/office-review.schema';
import type { Db, Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { findUserByEmail, newSecretToken, sha256, type UserRow } from '../auth/index.ts';
import { invitationMail, type Mailer } from '../mail/index.ts';
import { findProgramById } from '../programs/index.ts';
import { deleteAllEntriesOf, deleteEntriesIn } from './competitions.repository.ts';
import * as repo from './organisations.repository.ts';
import type { InvitationRow } from './organisations.schema.ts';
import { addDaysTo } from '@grantleaf/shared/days';

const unverified = () => new AppError(403, ORGANISATION_MESSAGES.unverified, { reason: 'email_unverified' });

/** Owners and officers run the organisation's day to day; only owners change roles and settings. */
const manages = (role: OrganisationRole) => role === 'owner' || role === 'officer';

const toInvitation = (row: InvitationRow): Invitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});

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

  /** The caller's membership, or the unknown organisation's 404 (never 403: ADR 0370). */
  async function member(tx: Tx, user: UserRow, id: string) {
    const found = await repo.findMembership(tx, user.id, id);
    if (!found) throw notFound('Organisation not found');
    return found;
  }

  async function detail(user: UserRow, id: string): Promise<OrganisationDetail> {
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
  async function removeMember(tx: Tx, organisationId: string, userId: string) {
    const rows = await repo.listMembers(tx, organisationId);
    const leaving = rows.find((m) => m.userId === userId);
    if (!leaving) throw notFound('Member not found');
    if (leaving.role === 'owner' && (await repo.countOwners(tx, organisationId, userId)) === 0)
      throw conflict(ORGANISATION_MESSAGES.lastOwner);
    await repo.deleteMember(tx, organisationId, userId);
    // Their internal applications to the office's competitions are withdrawn with them (ADR 0650).
    await deleteEntriesIn(tx, organisationId, userId);
  }

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
      return detail(user, row.id);
    },

    detail,

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
      return detail(user, id);
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

    /** The office's list: owners and research officers only; members get the unknown id's 404. */
    async officeList(user: UserRow, id: string, filter: OfficeListQuery = {}): Promise<OfficeApplication[]> {
      const { organisation, role } = await member(db, user, id);
      if (!manages(role)) throw notFound('Organisation not found');
      const [rows, holidays] = await Promise.all([
        repo.listOfficeApplications(db, id, filter),
        repo.listHolidays(db, id),
      ]);
      const closed = new Set(holidays.map((h) => h.day));
      const readiness = await deps.readiness(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        owner: r.owner,
        ownerEmail: r.ownerEmail,
        program: r.program,
        status: r.status,
        deadline: r.deadline,
        // The program's own number where the office set one (ADR 0650), else the organisation's.
        internalDeadline: r.deadline
          ? businessDaysBefore(r.deadline, r.programDays ?? organisation.internalDeadlineDays, closed)
          : null,
        reviewState: r.reviewState,
        readiness: readiness.get(r.id) ?? { found: 0, expected: 0, left: 0, ready: false },
        sharedAt: new Date(r.sharedAt).toISOString(),
        updatedAt: new Date(r.updatedAt).toISOString(),
      }));
    },

    /** The institution's holidays: every member reads them (their internal deadlines follow them). */
    async holidays(user: UserRow, id: string): Promise<HolidayList> {
      await member(db, user, id);
      const rows = await repo.listHolidays(db, id);
      return { holidays: rows.map((h) => ({ date: h.day, name: h.name })) };
    },

    /** Owners and research officers keep the holiday list (ADR 0441); members get the 404. */
    async setHolidays(user: UserRow, id: string, input: HolidayList): Promise<HolidayList> {
      await db.transaction(async (tx) => {
        const { role } = await member(tx, user, id);
        if (!manages(role)) throw notFound('Organisation not found');
        await repo.lockOrganisation(tx, id);
        await repo.replaceHolidays(tx, id, input.holidays);
      });
      const rows = await repo.listHolidays(db, id);
      return { holidays: rows.map((h) => ({ date: h.day, name: h.name })) };
    },

    /** Per-program internal deadlines (ADR 0650): every member reads them, like the holidays. */
    async programDeadlines(user: UserRow, id: string): Promise<ProgramDeadlineView> {
      await member(db, user, id);
      return { deadlines: await repo.listProgramDeadlines(db, id) };
    },

    /**
     * Owners and research officers replace the list; a program the catalogue does not hold is
     * refused by name (400), so a typo never silently keeps the organisation's number.
     */
    async setProgramDeadlines(
      user: UserRow,
      id: string,
      input: ProgramDeadlineList,
    ): Promise<ProgramDeadlineView> {
      await db.transaction(async (tx) => {
        const { role } = await member(tx, user, id);
        if (!manages(role)) throw notFound('Organisation not found');
        for (const d of input.deadlines)
          if (!(await findProgramById(tx, d.programId)))
            throw new AppError(400, `Unknown program "${d.programId}": choose one from the catalogue.`, {
              reason: 'unknown_program',
            });
        await repo.lockOrganisation(tx, id);
        await repo.replaceProgramDeadlines(tx, id, input.deadlines);
      });
      return { deadlines: await repo.listProgramDeadlines(db, id) };
    },

    async revokeInvitation(user: UserRow, id: string, invitationId: string): Promise<void> {
      const { role } = await member(db, user, id);
      if (!manages(role)) throw notFound('Organisation not found');
      if (!(await repo.revokeInvitation(db, id, invitationId))) throw notFound('Invitation not found');
    },

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
      return detail(user, organisationId);
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
      return detail(user, id);
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
      return detail(user, id);
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
        await removeMember(tx, id, userId);
      });
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
