import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ACCESS_LEVELS, allows, type Access, type ShareRole } from '@grantleaf/shared/sharing.schema';
import type { Language } from '@grantleaf/shared/language';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import { listUpcomingDeadlines } from '../programs/index.ts';
import {
  applicationDocuments,
  applications,
  applicationStatusHistory,
  calendarTokens,
  deadlineReminders,
  type ApplicationRow,
} from './applications.schema.ts';

const LIST_LIMIT = 500;

export async function listApplications(db: Tx, userId: string): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(and(eq(applications.userId, userId), isNull(applications.deletedAt)))
    .orderBy(desc(applications.createdAt))
    .limit(LIST_LIMIT);
}

/**
 * The one place that decides who may open an application (issue 32 §2, ADR 0371): its owner; a
 * person it is shared with by name, once signed in with that address verified; an owner or research
 * officer of the organisation it is shared with. Anyone else, a removed member or a revoked share
 * included, gets undefined, which every route answers with the unknown id's 404. `need` is the
 * least access the caller's action takes; `lock` holds the row for a save.
 */
export async function findApplicationFor(
  db: Tx,
  userId: string,
  id: string,
  need: Access,
  lock = false,
): Promise<{ row: ApplicationRow; access: Access } | undefined> {
  const query = db
    .select()
    .from(applications)
    .where(and(eq(applications.id, id), isNull(applications.deletedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  if (row.userId === userId) return { row, access: 'owner' };
  if (need === 'owner') return undefined;
  const result = (await db.execute(sql`
    select
      (select s.role from application_shares s
         join users u on lower(u.email) = s.email
        where s.application_id = ${id} and u.id = ${userId}
          and u.email_verified and u.deleted_at is null) as "shared",
      exists (select 1 from application_org_shares o
                join organisation_members m on m.organisation_id = o.organisation_id
               where o.application_id = ${id} and m.user_id = ${userId}
                 and m.role in ('owner', 'officer')) as "officer",
      exists (select 1 from users w where w.id = ${row.userId} and w.deleted_at is null) as "ownerLive"
  `)) as unknown as { rows: Array<{ shared: ShareRole | null; officer: boolean; ownerLive: boolean }> };
  const found = result.rows[0];
  // A deleted owner's applications close to everyone they were shared with.
  if (!found?.ownerLive) return undefined;
  const levels: Access[] = [
    ...(found.shared ? [found.shared] : []),
    ...(found.officer ? (['commenter'] as const) : []),
  ];
  const access = levels.sort((a, b) => ACCESS_LEVELS.indexOf(b) - ACCESS_LEVELS.indexOf(a))[0];
  return access && allows(access, need) ? { row, access } : undefined;
}

/** Applications by id, whoever owns them: only for a caller that already decided access (the office list). */
export async function listApplicationsByIds(db: Tx, ids: string[]): Promise<ApplicationRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(applications).where(inArray(applications.id, ids));
}

/** The application, to its owner only (deleting, renaming, status, AI actions, attachments). */
export async function findOwnApplication(
  db: Tx,
  userId: string,
  id: string,
  lock = false,
): Promise<ApplicationRow | undefined> {
  return (await findApplicationFor(db, userId, id, 'owner', lock))?.row;
}

/** The (not deleted) application a generated draft became, the user's only. */
export async function findOwnApplicationOfDraft(
  db: Tx,
  userId: string,
  submissionId: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(
      and(
        eq(applications.submissionId, submissionId),
        eq(applications.userId, userId),
        isNull(applications.deletedAt),
      ),
    );
  return row;
}

export async function insertApplication(
  tx: Tx,
  values: Pick<ApplicationRow, 'userId' | 'title' | 'program' | 'programId' | 'amount' | 'deadline'>,
): Promise<ApplicationRow> {
  const [row] = await tx.insert(applications).values(values).returning();
  return row!;
}

export async function updateApplication(
  tx: Tx,
  id: string,
  values: Partial<Pick<ApplicationRow, 'title' | 'program' | 'amount' | 'deadline' | 'status'>>,
): Promise<ApplicationRow> {
  const [row] = await tx
    .update(applications)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(applications.id, id))
    .returning();
  return row!;
}

export async function softDeleteApplication(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(applications.id, id), eq(applications.userId, userId), isNull(applications.deletedAt)))
    .returning({ id: applications.id });
  return rows.length > 0;
}

export async function insertHistory(tx: Tx, applicationId: string, status: string) {
  await tx.insert(applicationStatusHistory).values({ applicationId, status });
}

export async function listHistory(db: Tx, applicationIds: string[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(applicationStatusHistory)
    .where(inArray(applicationStatusHistory.applicationId, applicationIds))
    .orderBy(asc(applicationStatusHistory.id));
}

export async function insertDocument(
  tx: Tx,
  values: { applicationId: string; fileUrl: string; fileName: string },
) {
  await tx.insert(applicationDocuments).values(values);
}

export async function listDocuments(db: Db, applicationIds: string[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select()
    .from(applicationDocuments)
    .where(inArray(applicationDocuments.applicationId, applicationIds))
    .orderBy(asc(applicationDocuments.createdAt));
}

export async function upsertCalendarToken(db: Db, userId: string, tokenHash: string) {
  await db
    .insert(calendarTokens)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({ target: calendarTokens.userId, set: { tokenHash, createdAt: sql`now()` } });
}

/** The feed's owner and their account language (the feed's words follow it, ADR 0861). */
export async function findCalendarOwner(
  db: Db,
  tokenHash: string,
): Promise<{ userId: string; language: Language } | undefined> {
  const [row] = await db
    .select({ userId: calendarTokens.userId, language: users.language })
    .from(calendarTokens)
    .innerJoin(users, eq(users.id, calendarTokens.userId))
    .where(and(eq(calendarTokens.tokenHash, tokenHash), isNull(users.deletedAt)));
  return row;
}

/** Upcoming program deadlines, as the catalogue stores them (through the programs module). */
export function listProgramDeadlines(
  db: Db,
  limit = 300,
): Promise<Array<{ id: string; name: string; agency: string; deadline: string }>> {
  return listUpcomingDeadlines(db, limit);
}

/** Open applications (not yet decided) whose deadline is `minDays`..`maxDays` days after `today`. */
export async function listApplicationsDueBetween(db: Db, today: string, minDays: number, maxDays: number) {
  return db
    .select({ application: applications, email: users.email, name: users.name, language: users.language })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(
      and(
        isNull(applications.deletedAt),
        isNull(users.deletedAt),
        inArray(applications.status, ['draft', 'submitted', 'under_review']),
        sql`${applications.deadline} >= ${today}::date + ${minDays}::int`,
        sql`${applications.deadline} <= ${today}::date + ${maxDays}::int`,
      ),
    );
}

/** What a reminder is about: an application, or an SR&ED claim's filing deadline (ADR 0541). */
export type ReminderSubject = { applicationId: string } | { sredClaimId: string };

/** Claims one reminder; false when it was already sent (the table's unique keys, ADR 0541). */
export async function claimReminder(
  db: Db,
  subject: ReminderSubject,
  deadline: string,
  daysBefore: number,
): Promise<boolean> {
  const rows = await db
    .insert(deadlineReminders)
    .values({ ...subject, deadline, daysBefore })
    .onConflictDoNothing()
    .returning({ deadline: deadlineReminders.deadline });
  return rows.length > 0;
}

/**
 * Whether the user has an open application for a catalogue program with its own deadline: that
 * application's reminders then cover the program (the alerts module skips its own, ADR 0180).
 */
export async function hasRemindedApplication(db: Db, userId: string, programId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.userId, userId),
        eq(applications.programId, programId),
        isNull(applications.deletedAt),
        inArray(applications.status, ['draft', 'submitted', 'under_review']),
        sql`${applications.deadline} IS NOT NULL`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** The calendar feed of an account that is going stops at once. */
export async function deleteCalendarTokensOf(tx: Tx, userId: string) {
  await tx.delete(calendarTokens).where(eq(calendarTokens.userId, userId));
}
