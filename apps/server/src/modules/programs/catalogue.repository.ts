import { VERIFICATION_MAX_AGE_MONTHS, type ProgramChange } from '@grantleaf/shared/catalogue.schema';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { programChanges, grantPrograms, type ProgramRow } from './programs.schema.ts';
import { shouldCloseSql } from './programs.repository.ts';

/** One program, locked for the rest of the transaction (an edit reads, compares and writes it). */
export async function lockProgram(tx: Tx, id: string): Promise<ProgramRow | undefined> {
  const [row] = await tx.select().from(grantPrograms).where(eq(grantPrograms.id, id)).for('update');
  return row;
}

/** Today in the database's calendar, the one the daily flag compares with. */
export const TODAY = sql<string>`current_date`;

/** Writes an admin's change; the row counts as curated from now on (the seed leaves it alone). */
export async function updateProgram(
  tx: Tx,
  id: string,
  set: PgUpdateSetSource<typeof grantPrograms>,
): Promise<void> {
  await tx
    .update(grantPrograms)
    .set({ ...set, curatedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(grantPrograms.id, id));
  // New dates may reopen (or close) the program at once rather than at the daily refresh.
  await tx
    .update(grantPrograms)
    .set({
      closedAt: sql`CASE WHEN ${shouldCloseSql} THEN coalesce(${grantPrograms.closedAt}, now()) ELSE NULL END`,
    })
    .where(eq(grantPrograms.id, id));
}

export async function insertProgramChange(
  tx: Tx,
  change: { programId: string; actorId: string; action: ProgramChange['action']; fields: string[] },
): Promise<void> {
  await tx.insert(programChanges).values(change);
}

/** Newest first; the actor's e-mail is joined for reading and is null once the account is deleted. */
export async function listProgramChanges(tx: Tx, programId: string): Promise<ProgramChange[]> {
  const rows = await tx
    .select({
      id: programChanges.id,
      at: programChanges.at,
      actorId: programChanges.actorId,
      actorEmail: sql<string | null>`(SELECT email FROM users WHERE users.id = ${programChanges.actorId})`,
      action: programChanges.action,
      fields: programChanges.fields,
    })
    .from(programChanges)
    .where(eq(programChanges.programId, programId))
    .orderBy(desc(programChanges.id));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

const dueSql = sql`(${grantPrograms.lastVerified} IS NULL OR ${grantPrograms.lastVerified} <= current_date - make_interval(months => ${VERIFICATION_MAX_AGE_MONTHS}))`;

/**
 * The daily job's flag: curated records (imports follow their feed) not verified for
 * VERIFICATION_MAX_AGE_MONTHS, or never, are flagged for admins; a record verified since (by an
 * admin, or a newer seed) loses its flag. Only rows whose flag changes are written.
 */
export async function flagUnverifiedPrograms(db: Tx): Promise<{ flagged: number; cleared: number }> {
  const flagged = await db
    .update(grantPrograms)
    .set({ verificationDueAt: sql`now()` })
    .where(
      and(
        sql`${grantPrograms.verificationDueAt} IS NULL`,
        sql`${grantPrograms.retiredAt} IS NULL`,
        eq(grantPrograms.source, 'seed'),
        dueSql,
      ),
    )
    .returning({ id: grantPrograms.id });
  const cleared = await db
    .update(grantPrograms)
    .set({ verificationDueAt: null })
    .where(and(sql`${grantPrograms.verificationDueAt} IS NOT NULL`, sql`NOT ${dueSql}`))
    .returning({ id: grantPrograms.id });
  return { flagged: flagged.length, cleared: cleared.length };
}
