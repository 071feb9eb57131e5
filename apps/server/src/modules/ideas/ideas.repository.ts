import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ideaRequests, type IdeaRequestRow } from './ideas.schema.ts';

const LIST_LIMIT = 200;

export async function insertIdeaRequest(
  tx: Tx,
  values: { userId: string; researchBackground: string; researchInterests: string; etaAt: Date },
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

export async function findOwnIdeaRequest(db: Db, userId: string, id: string): Promise<IdeaRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(ideaRequests)
    .where(and(eq(ideaRequests.id, id), eq(ideaRequests.userId, userId)));
  return row;
}

/** Writes the result once: a second run of the job finds the row no longer processing. */
export async function completeIdeaRequest(db: Tx, id: string, results: string, engine: string): Promise<boolean> {
  const rows = await db
    .update(ideaRequests)
    .set({ ideaResults: results, engine, status: 'complete', completedAt: sql`now()`, error: null })
    .where(and(eq(ideaRequests.id, id), eq(ideaRequests.status, 'processing')))
    .returning({ id: ideaRequests.id });
  return rows.length > 0;
}

export async function failIdeaRequest(tx: Tx, id: string, error: string): Promise<IdeaRequestRow | undefined> {
  const [row] = await tx
    .update(ideaRequests)
    .set({ status: 'error', error, completedAt: sql`now()` })
    .where(and(eq(ideaRequests.id, id), eq(ideaRequests.status, 'processing')))
    .returning();
  return row;
}

/**
 * Open catalogue programs matching any of the terms, best ranked first. The catalogue belongs to
 * another module and may not be installed; then there is simply nothing to quote.
 */
export async function findCataloguePrograms(db: Db, terms: string[], limit = 3): Promise<Array<{ name: string; agency: string }>> {
  const words = [...new Set(terms.flatMap((t) => t.split(/\s+/)).filter((w) => /^[a-z0-9]{3,}$/.test(w)))].slice(0, 12);
  if (words.length === 0) return [];
  const exists = (await db.execute(sql`SELECT to_regclass('public.grant_programs') IS NOT NULL AS ok`)) as unknown as {
    rows: Array<{ ok: boolean }>;
  };
  if (!exists.rows[0]?.ok) return [];
  const query = words.join(' | ');
  const result = (await db.execute(sql`
    SELECT name, agency FROM grant_programs
    WHERE closed_at IS NULL AND search @@ to_tsquery('english', ${query})
    ORDER BY ts_rank(search, to_tsquery('english', ${query})) DESC, name
    LIMIT ${limit}`)) as unknown as { rows: Array<{ name: string; agency: string }> };
  return result.rows.map((r) => ({ name: r.name, agency: r.agency }));
}
