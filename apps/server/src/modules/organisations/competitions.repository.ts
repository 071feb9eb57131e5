import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import {
  officeCompetitionEntries,
  officeCompetitions,
  officeCompetitionScores,
  type CompetitionRow,
  type EntryRow,
} from './competitions.schema.ts';

/**
 * Limited-submission competitions (ADR 0650): the only door to their three tables. Every read is
 * scoped by the organisation (competitions) or the competition (entries, scores); the service
 * checks the caller's membership first.
 */

export async function insertCompetition(
  tx: Tx,
  values: Pick<
    CompetitionRow,
    'organisationId' | 'programId' | 'title' | 'cap' | 'internalDeadline' | 'criteria' | 'createdBy'
  >,
): Promise<CompetitionRow> {
  const [row] = await tx.insert(officeCompetitions).values(values).returning();
  return row!;
}

/** The organisation's competitions, latest internal deadline first, with the program's name and counts. */
export async function listCompetitions(db: Db, organisationId: string) {
  const rows = await db
    .select({
      row: officeCompetitions,
      program: sql<string>`coalesce((select p.name from grant_programs p where p.id = ${officeCompetitions.programId}), ${officeCompetitions.programId})`,
      entries: sql<number>`(select count(*)::int from office_competition_entries e where e.competition_id = ${officeCompetitions.id})`,
      selected: sql<number>`(select count(*)::int from office_competition_entries e where e.competition_id = ${officeCompetitions.id} and e.selected_at is not null)`,
    })
    .from(officeCompetitions)
    .where(eq(officeCompetitions.organisationId, organisationId))
    .orderBy(sql`${officeCompetitions.internalDeadline} desc`, sql`${officeCompetitions.createdAt} desc`)
    .limit(200);
  return rows.map((r) => ({ ...r, entries: Number(r.entries), selected: Number(r.selected) }));
}

/** One competition of this organisation (undefined for another organisation's: its 404). */
export async function findCompetition(
  db: Tx,
  organisationId: string,
  competitionId: string,
  lock = false,
): Promise<CompetitionRow | undefined> {
  const query = db
    .select()
    .from(officeCompetitions)
    .where(
      and(eq(officeCompetitions.organisationId, organisationId), eq(officeCompetitions.id, competitionId)),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function programName(db: Tx, programId: string): Promise<string> {
  const result = (await db.execute(
    sql`select name from grant_programs where id = ${programId}`,
  )) as unknown as { rows: Array<{ name: string }> };
  return result.rows[0]?.name ?? programId;
}

/** The member's own application (not deleted), for linking it to an entry; undefined otherwise. */
export async function ownApplicationTitle(db: Tx, userId: string, applicationId: string) {
  const result = (await db.execute(sql`
    select title from applications where id = ${applicationId} and user_id = ${userId} and deleted_at is null
  `)) as unknown as { rows: Array<{ title: string }> };
  return result.rows[0]?.title;
}

/** One entry per member per competition: a second submission updates the first. */
export async function upsertEntry(
  tx: Tx,
  values: Pick<EntryRow, 'competitionId' | 'applicantId' | 'title' | 'summary' | 'applicationId'>,
): Promise<EntryRow> {
  const [row] = await tx
    .insert(officeCompetitionEntries)
    .values(values)
    .onConflictDoUpdate({
      target: [officeCompetitionEntries.competitionId, officeCompetitionEntries.applicantId],
      set: {
        title: values.title,
        summary: values.summary,
        applicationId: values.applicationId,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Entries with the applicant's name and the linked application's title (the applicant's own only). */
export async function listEntries(db: Db, competitionId: string, applicantId?: string) {
  return db
    .select({
      entry: officeCompetitionEntries,
      applicant: users.name,
      applicationTitle: sql<
        string | null
      >`(select a.title from applications a where a.id = ${officeCompetitionEntries.applicationId} and a.user_id = ${officeCompetitionEntries.applicantId} and a.deleted_at is null)`,
    })
    .from(officeCompetitionEntries)
    .innerJoin(users, eq(users.id, officeCompetitionEntries.applicantId))
    .where(
      and(
        eq(officeCompetitionEntries.competitionId, competitionId),
        applicantId ? eq(officeCompetitionEntries.applicantId, applicantId) : undefined,
      ),
    )
    .orderBy(asc(officeCompetitionEntries.createdAt))
    .limit(1000);
}

export async function findEntry(
  tx: Tx,
  competitionId: string,
  entryId: string,
): Promise<EntryRow | undefined> {
  const [row] = await tx
    .select()
    .from(officeCompetitionEntries)
    .where(
      and(
        eq(officeCompetitionEntries.competitionId, competitionId),
        eq(officeCompetitionEntries.id, entryId),
      ),
    );
  return row;
}

/** Every officer's scores of these entries, with the officer's name (null once the account is gone). */
export async function listScores(db: Db, entryIds: string[]) {
  if (entryIds.length === 0) return [];
  return db
    .select({ score: officeCompetitionScores, officer: users.name })
    .from(officeCompetitionScores)
    .leftJoin(users, eq(users.id, officeCompetitionScores.officerId))
    .where(inArray(officeCompetitionScores.entryId, entryIds))
    .orderBy(asc(officeCompetitionScores.updatedAt));
}

/** An officer's scores of an entry: a second scoring replaces their first. */
export async function upsertScore(
  tx: Tx,
  values: { entryId: string; officerId: string; scores: number[]; comment: string | null },
) {
  await tx
    .insert(officeCompetitionScores)
    .values(values)
    .onConflictDoUpdate({
      target: [officeCompetitionScores.entryId, officeCompetitionScores.officerId],
      set: { scores: values.scores, comment: values.comment, updatedAt: sql`now()` },
    });
}

export async function countSelected(tx: Tx, competitionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(officeCompetitionEntries)
    .where(
      and(
        eq(officeCompetitionEntries.competitionId, competitionId),
        isNotNull(officeCompetitionEntries.selectedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

export async function setSelected(tx: Tx, entryId: string, by: string | null): Promise<EntryRow> {
  const [row] = await tx
    .update(officeCompetitionEntries)
    .set(by ? { selectedAt: sql`now()`, selectedBy: by } : { selectedAt: null, selectedBy: null })
    .where(eq(officeCompetitionEntries.id, entryId))
    .returning();
  return row!;
}

/** Leaving or removal withdraws the member's entries to the organisation's competitions (ADR 0650). */
export async function deleteEntriesIn(tx: Tx, organisationId: string, userId: string): Promise<void> {
  await tx
    .delete(officeCompetitionEntries)
    .where(
      and(
        eq(officeCompetitionEntries.applicantId, userId),
        inArray(
          officeCompetitionEntries.competitionId,
          tx
            .select({ id: officeCompetitions.id })
            .from(officeCompetitions)
            .where(eq(officeCompetitions.organisationId, organisationId)),
        ),
      ),
    );
}

/** The applicant's address and interface language for the selection mail; undefined once deleted. */
export async function applicantAddress(db: Db, userId: string) {
  const [row] = await db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.id, userId), sql`${users.deletedAt} is null`));
  return row;
}

export async function organisationName(db: Db, organisationId: string): Promise<string> {
  const result = (await db.execute(
    sql`select name from organisations where id = ${organisationId}`,
  )) as unknown as { rows: Array<{ name: string }> };
  return result.rows[0]?.name ?? '';
}

/** A deleted account's entries go at once, in the deletion's transaction (ADR 0650). */
export async function deleteAllEntriesOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(officeCompetitionEntries).where(eq(officeCompetitionEntries.applicantId, userId));
}
