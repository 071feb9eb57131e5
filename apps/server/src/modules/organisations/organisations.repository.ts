import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { ReviewState } from '@grantleaf/shared/office-review.schema';
import type {
  Holiday,
  OfficeListQuery,
  OrganisationRole,
  ProgramDeadline,
} from '@grantleaf/shared/organisations.schema';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import {
  organisationHolidays,
  organisationInvitations,
  organisationProgramDeadlines,
  organisationMembers,
  organisations,
  type HolidayRow,
  type InvitationRow,
  type OrganisationRow,
} from './organisations.schema.ts';

export async function insertOrganisation(
  tx: Tx,
  values: { name: string; domain: string | null; createdBy: string },
): Promise<OrganisationRow> {
  const [row] = await tx.insert(organisations).values(values).returning();
  return row!;
}

export async function updateOrganisation(
  tx: Tx,
  id: string,
  values: Partial<Pick<OrganisationRow, 'name' | 'domain' | 'internalDeadlineDays'>>,
): Promise<void> {
  await tx.update(organisations).set(values).where(eq(organisations.id, id));
}

/** Serialises changes to one organisation's members (the last-owner and size rules hold under races). */
export async function lockOrganisation(tx: Tx, id: string): Promise<OrganisationRow | undefined> {
  const [row] = await tx.select().from(organisations).where(eq(organisations.id, id)).for('update');
  return row;
}

/**
 * The organisation and the caller's role in it, or undefined for an organisation the caller is no
 * member of: every organisation route starts here, so a non-member's answer is the unknown id's 404.
 */
export async function findMembership(
  db: Tx,
  userId: string,
  organisationId: string,
): Promise<{ organisation: OrganisationRow; role: OrganisationRole } | undefined> {
  const [row] = await db
    .select({ organisation: organisations, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
    );
  return row;
}

const memberCount = sql<number>`(select count(*)::int from organisation_members m where m.organisation_id = ${organisations.id})`;

export async function listOrganisationsOf(db: Db, userId: string) {
  return db
    .select({ organisation: organisations, role: organisationMembers.role, members: memberCount })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(eq(organisationMembers.userId, userId))
    .orderBy(asc(organisations.name))
    .limit(200);
}

/** Organisations with a domain rule among `domains` that the user has not joined. */
export async function listByDomains(db: Db, userId: string, domains: string[]): Promise<OrganisationRow[]> {
  if (domains.length === 0) return [];
  return db
    .select()
    .from(organisations)
    .where(
      and(
        inArray(organisations.domain, domains),
        sql`not exists (select 1 from organisation_members m where m.organisation_id = ${organisations.id} and m.user_id = ${userId})`,
      ),
    )
    .orderBy(asc(organisations.name))
    .limit(50);
}

export async function findOrganisation(db: Tx, id: string): Promise<OrganisationRow | undefined> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  return row;
}

export async function listMembers(db: Tx, organisationId: string) {
  return db
    .select({
      userId: organisationMembers.userId,
      role: organisationMembers.role,
      joinedAt: organisationMembers.joinedAt,
      name: users.name,
      email: users.email,
    })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(eq(organisationMembers.organisationId, organisationId), isNull(users.deletedAt)))
    .orderBy(asc(organisationMembers.joinedAt));
}

/** True when the row was added; false when the user already was a member. */
export async function insertMember(
  tx: Tx,
  values: { organisationId: string; userId: string; role: OrganisationRole },
): Promise<boolean> {
  const rows = await tx
    .insert(organisationMembers)
    .values(values)
    .onConflictDoNothing()
    .returning({ userId: organisationMembers.userId });
  return rows.length > 0;
}

export async function updateMemberRole(
  tx: Tx,
  organisationId: string,
  userId: string,
  role: OrganisationRole,
) {
  const rows = await tx
    .update(organisationMembers)
    .set({ role })
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
    )
    .returning({ userId: organisationMembers.userId });
  return rows.length > 0;
}

export async function deleteMember(tx: Tx, organisationId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .delete(organisationMembers)
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
    )
    .returning({ userId: organisationMembers.userId });
  return rows.length > 0;
}

export async function countOwners(tx: Tx, organisationId: string, except?: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(organisationMembers)
    .where(
      and(
        eq(organisationMembers.organisationId, organisationId),
        eq(organisationMembers.role, 'owner'),
        except ? ne(organisationMembers.userId, except) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Members plus open invitations: what the size cap counts. */
export async function countSeats(tx: Tx, organisationId: string): Promise<number> {
  const result = (await tx.execute(sql`
    select (select count(*) from organisation_members where organisation_id = ${organisationId})
         + (select count(*) from organisation_invitations where organisation_id = ${organisationId}
              and used_at is null and revoked_at is null and expires_at > now()) as n
  `)) as unknown as { rows: Array<{ n: string | number }> };
  return Number(result.rows[0]?.n ?? 0);
}

export async function insertInvitation(
  tx: Tx,
  values: Pick<InvitationRow, 'organisationId' | 'email' | 'role' | 'tokenHash' | 'invitedBy' | 'expiresAt'>,
): Promise<InvitationRow> {
  const [row] = await tx.insert(organisationInvitations).values(values).returning();
  return row!;
}

/** Open invitations: not used, not withdrawn, not expired. */
export async function listOpenInvitations(db: Tx, organisationId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(organisationInvitations)
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        isNull(organisationInvitations.usedAt),
        isNull(organisationInvitations.revokedAt),
        gt(organisationInvitations.expiresAt, sql`now()`),
      ),
    )
    .orderBy(asc(organisationInvitations.createdAt));
}

/** An earlier open invitation to the same address is withdrawn by a new one (one link works). */
export async function revokeOpenInvitationsTo(tx: Tx, organisationId: string, email: string) {
  await tx
    .update(organisationInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        eq(organisationInvitations.email, email),
        isNull(organisationInvitations.usedAt),
        isNull(organisationInvitations.revokedAt),
      ),
    );
}

export async function revokeInvitation(tx: Tx, organisationId: string, id: string): Promise<boolean> {
  const rows = await tx
    .update(organisationInvitations)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(organisationInvitations.organisationId, organisationId),
        eq(organisationInvitations.id, id),
        isNull(organisationInvitations.usedAt),
        isNull(organisationInvitations.revokedAt),
      ),
    )
    .returning({ id: organisationInvitations.id });
  return rows.length > 0;
}

/**
 * Uses an invitation once: the update matches only an open, unexpired invitation to this address,
 * so of two parallel accepts one gets the row and the other nothing.
 */
export async function useInvitation(
  tx: Tx,
  tokenHash: string,
  email: string,
  userId: string,
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(organisationInvitations)
    .set({ usedAt: sql`now()`, usedBy: userId })
    .where(
      and(
        eq(organisationInvitations.tokenHash, tokenHash),
        eq(organisationInvitations.email, email),
        isNull(organisationInvitations.usedAt),
        isNull(organisationInvitations.revokedAt),
        gt(organisationInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** The organisations a user belongs to, with their role (account deletion walks these). */
export async function listMembershipsOf(tx: Tx, userId: string) {
  return tx
    .select({ organisationId: organisationMembers.organisationId, role: organisationMembers.role })
    .from(organisationMembers)
    .where(eq(organisationMembers.userId, userId));
}

/** The longest-standing remaining member, officers before members (a new owner when the last one goes). */
export async function firstSuccessor(tx: Tx, organisationId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ userId: organisationMembers.userId })
    .from(organisationMembers)
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(
      sql`case ${organisationMembers.role} when 'owner' then 0 when 'officer' then 1 else 2 end`,
      asc(organisationMembers.joinedAt),
    )
    .limit(1);
  return row?.userId;
}

export async function deleteOrganisation(tx: Tx, id: string) {
  await tx.delete(organisations).where(eq(organisations.id, id));
}

/**
 * The office's list (issue 32 §3): every live application shared with the organisation, with its
 * owner and the office's review, soonest funder deadline first, filtered by review status,
 * program (words in its name) and funder deadline range (ADR 0442). Read here, written only by
 * the applications module.
 */
export async function listOfficeApplications(db: Db, organisationId: string, filter: OfficeListQuery = {}) {
  const conditions = [sql`o.organisation_id = ${organisationId}`];
  if (filter.status === 'draft') conditions.push(sql`o.review_state is null`);
  else if (filter.status) conditions.push(sql`o.review_state = ${filter.status}`);
  if (filter.program) conditions.push(sql`strpos(lower(a.program), lower(${filter.program})) > 0`);
  if (filter.from) conditions.push(sql`a.deadline >= ${filter.from}::date`);
  if (filter.to) conditions.push(sql`a.deadline <= ${filter.to}::date`);
  const result = (await db.execute(sql`
    select a.id, a.title, a.program, a.status, a.deadline::text as deadline, a.updated_at as "updatedAt",
           o.created_at as "sharedAt", o.review_state as "reviewState", u.name as owner, u.email as "ownerEmail",
           pd.days as "programDays"
      from application_org_shares o
      join applications a on a.id = o.application_id and a.deleted_at is null
      join users u on u.id = a.user_id and u.deleted_at is null
      left join organisation_program_deadlines pd
             on pd.organisation_id = o.organisation_id and pd.program_id = a.program_id
     where ${sql.join(conditions, sql` and `)}
     order by a.deadline asc nulls last, a.title asc
     limit 2000
  `)) as unknown as {
    rows: Array<{
      id: string;
      title: string;
      program: string;
      status: string;
      deadline: string | null;
      updatedAt: string | Date;
      sharedAt: string | Date;
      reviewState: ReviewState | null;
      owner: string;
      ownerEmail: string;
      /** The program's own internal deadline, where the office set one (ADR 0650). */
      programDays: number | null;
    }>;
  };
  return result.rows;
}

export async function listHolidays(db: Tx, organisationId: string): Promise<HolidayRow[]> {
  return db
    .select()
    .from(organisationHolidays)
    .where(eq(organisationHolidays.organisationId, organisationId))
    .orderBy(asc(organisationHolidays.day));
}

/** The list is replaced whole: what the owner or officer sees after saving is what is stored. */
export async function replaceHolidays(tx: Tx, organisationId: string, holidays: Holiday[]): Promise<void> {
  await tx.delete(organisationHolidays).where(eq(organisationHolidays.organisationId, organisationId));
  if (holidays.length > 0)
    await tx
      .insert(organisationHolidays)
      .values(holidays.map((h) => ({ organisationId, day: h.date, name: h.name })));
}

/** The office's per-program internal deadlines with the programs' catalogue names (ADR 0650). */
export async function listProgramDeadlines(db: Tx, organisationId: string) {
  const result = (await db.execute(sql`
    select d.program_id as "programId", d.days, coalesce(p.name, d.program_id) as program
      from organisation_program_deadlines d
      left join grant_programs p on p.id = d.program_id
     where d.organisation_id = ${organisationId}
     order by program asc
  `)) as unknown as { rows: Array<{ programId: string; days: number; program: string }> };
  return result.rows.map((r) => ({ ...r, days: Number(r.days) }));
}

/** Replaced whole, like the holidays: what is saved is what the page showed. */
export async function replaceProgramDeadlines(
  tx: Tx,
  organisationId: string,
  deadlines: ProgramDeadline[],
): Promise<void> {
  await tx
    .delete(organisationProgramDeadlines)
    .where(eq(organisationProgramDeadlines.organisationId, organisationId));
  if (deadlines.length > 0)
    await tx
      .insert(organisationProgramDeadlines)
      .values(deadlines.map((d) => ({ organisationId, programId: d.programId, days: d.days })));
}
