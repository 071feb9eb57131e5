import { and, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  grantPrograms,
  programChanges,
  programSyncs,
  type NewProgramRow,
  type ProgramSyncRow,
} from './programs.schema.ts';

/** The sync's source name in program_syncs. */
export const SIMPLER_GRANTS_SOURCE = 'simpler.grants.gov';

export interface StoredImport {
  id: string;
  opportunityNumber: string;
  source: 'seed' | 'grants.gov';
  curated: boolean;
  contentHash: string;
}

/** The catalogue rows that already hold these opportunity numbers (the sync's upsert key). */
export async function findByOpportunityNumbers(tx: Tx, numbers: string[]): Promise<StoredImport[]> {
  if (numbers.length === 0) return [];
  const rows = await tx
    .select({
      id: grantPrograms.id,
      opportunityNumber: grantPrograms.opportunityNumber,
      source: grantPrograms.source,
      curated: sql<boolean>`${grantPrograms.curatedAt} IS NOT NULL`,
      contentHash: grantPrograms.contentHash,
    })
    .from(grantPrograms)
    .where(inArray(grantPrograms.opportunityNumber, numbers));
  return rows.map((r) => ({ ...r, opportunityNumber: r.opportunityNumber! }));
}

/** The fields admins have set on each program (edits name them; a verification sets lastVerified). */
export async function curatedFieldsOf(tx: Tx, ids: string[]): Promise<Map<string, Set<string>>> {
  const result = new Map<string, Set<string>>(ids.map((id) => [id, new Set<string>()]));
  if (ids.length === 0) return result;
  const rows = await tx
    .select({ programId: programChanges.programId, fields: programChanges.fields })
    .from(programChanges)
    .where(and(inArray(programChanges.programId, ids), inArray(programChanges.action, ['edit', 'verify'])));
  for (const row of rows) {
    const set = result.get(row.programId)!;
    for (const field of row.fields) set.add(field);
  }
  return result;
}

/**
 * Writes a feed's values into a curated import: only the given columns (the caller leaves out
 * what admins set), and the feed's content hash, so the same feed record is not merged again.
 * curated_at stays: the record is still an admin's.
 */
export async function mergeIntoCuratedImport(
  tx: Tx,
  id: string,
  set: Partial<NewProgramRow> & { contentHash: string },
): Promise<void> {
  await tx
    .update(grantPrograms)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(grantPrograms.id, id));
}

/**
 * Imports the API no longer lists (it lists every posted and forecasted opportunity) are closed
 * or archived at the source: their status says so, and the refresh then closes them, as for an
 * extract's archived records. Admin-curated and retired rows are left to admins. The content
 * hash is cleared so that a record listed again is written again.
 */
export async function closeUnlistedImports(tx: Tx, listed: string[]): Promise<number> {
  // An empty listing is an outage or a filter, never "everything closed".
  if (listed.length === 0) return 0;
  const rows = await tx
    .update(grantPrograms)
    .set({ status: 'closed', contentHash: '', updatedAt: sql`now()` })
    .where(
      and(
        eq(grantPrograms.source, 'grants.gov'),
        sql`${grantPrograms.curatedAt} IS NULL`,
        sql`${grantPrograms.retiredAt} IS NULL`,
        sql`${grantPrograms.opportunityNumber} IS NOT NULL`,
        sql`coalesce(${grantPrograms.status}, '') !~* '^(archived|closed)'`,
        notInArray(grantPrograms.opportunityNumber, listed),
      ),
    )
    .returning({ id: grantPrograms.id });
  return rows.length;
}

export type SyncRunInput = Omit<ProgramSyncRow, 'id' | 'finishedAt'>;

export async function insertSyncRun(tx: Tx, run: SyncRunInput): Promise<number> {
  const [row] = await tx.insert(programSyncs).values(run).returning({ id: programSyncs.id });
  return row!.id;
}

/** The latest runs of a source, newest first. */
export async function listSyncRuns(tx: Tx, source: string, limit: number): Promise<ProgramSyncRow[]> {
  return tx
    .select()
    .from(programSyncs)
    .where(eq(programSyncs.source, source))
    .orderBy(desc(programSyncs.id))
    .limit(limit);
}
