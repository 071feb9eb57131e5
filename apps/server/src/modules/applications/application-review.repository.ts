import { and, asc, eq, sql } from 'drizzle-orm';
import type { OrganisationRole } from '@grantleaf/shared/organisations.schema';
import type { ReviewAction, ReviewState } from '@grantleaf/shared/office-review.schema';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import {
  applicationOrgShares,
  applicationReviewEvents,
  type ApplicationReviewEventRow,
} from './applications.schema.ts';

/**
 * The office an application is shared with, its review, and the caller's role there (null when
 * the caller is no member): the one read every review action starts from. `lock` holds the share
 * row, so two officers deciding at once are ordered.
 */
export async function findReviewContext(db: Tx, applicationId: string, userId: string, lock = false) {
  const result = (await db.execute(sql`
    select o.organisation_id as "organisationId", g.name,
           coalesce(pd.days, g.internal_deadline_days) as "days",
           o.review_state as "state", o.review_version as "version", m.role as "role"
      from application_org_shares o
      join organisations g on g.id = o.organisation_id
      join applications a on a.id = o.application_id
      -- The program's own internal deadline where the office set one (ADR 0650).
      left join organisation_program_deadlines pd
             on pd.organisation_id = o.organisation_id and pd.program_id = a.program_id
      left join organisation_members m on m.organisation_id = o.organisation_id and m.user_id = ${userId}
     where o.application_id = ${applicationId}
     ${lock ? sql`for update of o` : sql``}
  `)) as unknown as {
    rows: Array<{
      organisationId: string;
      name: string;
      days: number;
      state: ReviewState | null;
      version: number | null;
      role: OrganisationRole | null;
    }>;
  };
  return result.rows[0];
}

export async function setReviewState(tx: Tx, applicationId: string, state: ReviewState, version: number) {
  await tx
    .update(applicationOrgShares)
    .set({ reviewState: state, reviewVersion: version, reviewChangedAt: sql`now()` })
    .where(eq(applicationOrgShares.applicationId, applicationId));
}

export async function insertReviewEvent(
  tx: Tx,
  values: {
    applicationId: string;
    organisationId: string;
    actorId: string;
    action: ReviewAction;
    message: string | null;
    sections?: string[] | null;
    version: number;
  },
): Promise<ApplicationReviewEventRow> {
  const [row] = await tx.insert(applicationReviewEvents).values(values).returning();
  return row!;
}

/** The review's record with this organisation, oldest first, with the actors' names. */
export async function listReviewEvents(db: Db, applicationId: string, organisationId: string) {
  return db
    .select({ event: applicationReviewEvents, actor: users.name })
    .from(applicationReviewEvents)
    .leftJoin(users, eq(users.id, applicationReviewEvents.actorId))
    .where(
      and(
        eq(applicationReviewEvents.applicationId, applicationId),
        eq(applicationReviewEvents.organisationId, organisationId),
      ),
    )
    .orderBy(asc(applicationReviewEvents.createdAt), asc(applicationReviewEvents.id))
    .limit(500);
}

/**
 * A saved change after approval returns the application to review (ADR 0440): called in the
 * save's transaction, so the new version and the state change are one. The event names the
 * sections that changed (ADR 0650). Returns the organisation when it did.
 */
export async function returnToReview(
  tx: Tx,
  applicationId: string,
  actorId: string,
  version: number,
  sections: string[],
): Promise<string | undefined> {
  const [row] = await tx
    .update(applicationOrgShares)
    .set({ reviewState: 'submitted', reviewVersion: version, reviewChangedAt: sql`now()` })
    .where(
      and(
        eq(applicationOrgShares.applicationId, applicationId),
        eq(applicationOrgShares.reviewState, 'approved'),
      ),
    )
    .returning({ organisationId: applicationOrgShares.organisationId });
  if (!row) return undefined;
  await insertReviewEvent(tx, {
    applicationId,
    organisationId: row.organisationId,
    actorId,
    action: 'returned',
    message: null,
    sections,
    version,
  });
  return row.organisationId;
}

/** Who reviews for the organisation: its owners and research officers, verified and not deleted. */
export async function officersOf(db: Db, organisationId: string) {
  const result = (await db.execute(sql`
    select u.id, u.email, u.name, u.language from organisation_members m
      join users u on u.id = m.user_id and u.deleted_at is null and u.email_verified
     where m.organisation_id = ${organisationId} and m.role in ('owner', 'officer')
  `)) as unknown as { rows: Array<{ id: string; email: string; name: string; language: string }> };
  return result.rows;
}

/** The institution's holidays, for the internal deadline's count (ADR 0441). */
export async function holidaysOf(db: Db, organisationId: string): Promise<Set<string>> {
  const result = (await db.execute(
    sql`select day::text as day from organisation_holidays where organisation_id = ${organisationId}`,
  )) as unknown as { rows: Array<{ day: string }> };
  return new Set(result.rows.map((r) => r.day));
}

/**
 * The applicant's address and interface language, for the office's decisions; undefined once the
 * account is deleted.
 */
export async function applicantAddress(
  db: Db,
  userId: string,
): Promise<{ email: string; language: string } | undefined> {
  const [row] = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  return row;
}

/**
 * The office deadlines of a user's own applications (ADR 0441): for each one shared with an
 * organisation, the organisation's name, its business-day count and its holidays, so the calendar
 * feed and the reminders compute the internal deadline the office list shows.
 */
export async function officeDeadlinesOf(db: Db, applicationIds: string[]) {
  const out = new Map<string, { organisation: string; days: number; holidays: Set<string> }>();
  if (applicationIds.length === 0) return out;
  const result = (await db.execute(sql`
    select o.application_id as "applicationId", g.name,
           coalesce(pd.days, g.internal_deadline_days) as days,
           coalesce((select array_agg(h.day::text) from organisation_holidays h
                      where h.organisation_id = g.id), '{}') as holidays
      from application_org_shares o
      join organisations g on g.id = o.organisation_id
      join applications a on a.id = o.application_id
      -- The program's own internal deadline where the office set one (ADR 0650).
      left join organisation_program_deadlines pd
             on pd.organisation_id = o.organisation_id and pd.program_id = a.program_id
     where o.application_id in (${sql.join(
       applicationIds.map((id) => sql`${id}`),
       sql`, `,
     )})
  `)) as unknown as {
    rows: Array<{ applicationId: string; name: string; days: number; holidays: string[] | string }>;
  };
  for (const r of result.rows) {
    // A text[] comes back as an array from node-postgres and PGlite; parse the literal otherwise.
    const days = Array.isArray(r.holidays)
      ? r.holidays
      : r.holidays
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);
    out.set(r.applicationId, { organisation: r.name, days: Number(r.days), holidays: new Set(days) });
  }
  return out;
}

/** The application's title, the organisation's name and who changed it, for the returned mail (ADR 0650). */
export async function returnedMailContext(
  db: Db,
  r: { applicationId: string; organisationId: string; actorId: string },
): Promise<{ title: string; organisation: string; actor: string | null } | undefined> {
  const result = (await db.execute(sql`
    select a.title, g.name as organisation,
           (select u.name from users u where u.id = ${r.actorId}) as actor
      from applications a
      join organisations g on g.id = ${r.organisationId}
     where a.id = ${r.applicationId} and a.deleted_at is null
  `)) as unknown as { rows: Array<{ title: string; organisation: string; actor: string | null }> };
  return result.rows[0];
}
