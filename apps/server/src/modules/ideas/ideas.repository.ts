import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { findOpenProgramsMatching } from '../programs/index.ts';
import { ideaRequests, type IdeaRequestRow } from './ideas.schema.ts';
import type { TimedWork } from '../paid-work/durations.repository.ts';

const LIST_LIMIT = 200;

export async function insertIdeaRequest(
  tx: Tx,
  values: { userId: string; researchBackground: string; researchInterests: string; etaAt: Date | null },
): Promise<IdeaRequestRow> {
  const [row] = await tx.insert(ideaRequests).values(values).returning();
  return row!;
}

export async function listIdeaRequests(db: Db, userId: string): Promise<IdeaRequestRow[]> {
  return db
    .select()
    .from(ideaRequests)
    .where(eq(ideaRequests.userId, userId))
    .orderBy(desc(ideaRequests.createdAt))
    .limit(LIST_LIMIT);
}

export async function findIdeaRequest(db: Tx, id: string): Promise<IdeaRequestRow | undefined> {
  const [row] = await db.select().from(ideaRequests).where(eq(ideaRequests.id, id));
  return row;
}

export async function findOwnIdeaRequest(
  db: Db,
  userId: string,
  id: string,
): Promise<IdeaRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(ideaRequests)
    .where(and(eq(ideaRequests.id, id), eq(ideaRequests.userId, userId)));
  return row;
}

/** Writes the result once: a second run of the job finds the row no longer processing. */
export async function completeIdeaRequest(
  db: Tx,
  id: string,
  results: string,
  engine: string,
): Promise<IdeaRequestRow | undefined> {
  const [row] = await db
    .update(ideaRequests)
    .set({ ideaResults: results, engine, status: 'complete', completedAt: sql`now()`, error: null })
    .where(and(eq(ideaRequests.id, id), eq(ideaRequests.status, 'processing')))
    .returning();
  return row;
}

export async function failIdeaRequest(
  tx: Tx,
  id: string,
  error: string,
): Promise<IdeaRequestRow | undefined> {
  const [row] = await tx
    .update(ideaRequests)
    .set({ status: 'failed', error, completedAt: sql`now()` })
    .where(and(eq(ideaRequests.id, id), eq(ideaRequests.status, 'processing')))
    .returning();
  return row;
}

/** Open catalogue programs matching any of the terms, best ranked first (through the programs module). */
export async function findCataloguePrograms(
  db: Db,
  terms: string[],
  limit = 3,
): Promise<Array<{ name: string; agency: string }>> {
  const words = [
    ...new Set(terms.flatMap((t) => t.split(/\s+/)).filter((w) => /^[a-z0-9]{3,}$/.test(w))),
  ].slice(0, 12);
  return findOpenProgramsMatching(db, words, limit);
}

/** Completed idea requests, for the measured ETA (modules/paid-work/durations.repository.ts). */
export const timedIdeas: TimedWork = {
  key: 'idea',
  table: ideaRequests,
  askedAt: ideaRequests.createdAt,
  completedAt: ideaRequests.completedAt,
  completed: eq(ideaRequests.status, 'complete'),
};
