import type { Jurisdiction, ProgramType } from '@grantleaf/shared/programs.schema';
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { ruleDates } from './program-seed.ts';
import { grantPrograms, type NewProgramRow, type ProgramRow } from './programs.schema.ts';

/** The spec's single deadline (stored; see migration 0013). */
export const deadlineSql = sql<string | null>`${grantPrograms.deadline}::text`;
// coalesce: a rolling program's deadline is NULL, and NULL < date would make the whole test NULL.
const closedSql = sql<boolean>`(${grantPrograms.closedAt} IS NOT NULL OR coalesce(${grantPrograms.deadline} < current_date, false))`;

const {
  search: _search,
  searchText: _searchText,
  searchTitle: _searchTitle,
  deadline: _deadline,
  ...storedColumns
} = getTableColumns(grantPrograms);
export const programColumns = { ...storedColumns, deadline: deadlineSql, closed: closedSql };
export type ProgramListRow = Omit<ProgramRow, 'search' | 'searchText' | 'searchTitle' | 'deadline'> & {
  deadline: string | null;
  closed: boolean;
};

const UPDATABLE = getTableConfig(grantPrograms)
  .columns.filter(
    (c) =>
      !c.generated &&
      // Curation state belongs to admins (migration 0135): a load never un-retires or un-flags.
      ![
        'id',
        'created_at',
        'closed_at',
        'updated_at',
        'deadline',
        'retired_at',
        'curated_at',
        'verification_due_at',
      ].includes(c.name),
  )
  .map((c) => c.name);
const KEY_BY_COLUMN = new Map(Object.entries(storedColumns).map(([key, col]) => [col.name, key]));

/**
 * Inserts new programs and updates changed ones; a row whose content hash is unchanged is not
 * touched at all, so a repeated load changes nothing (not even updated_at). A record an admin has
 * edited or verified is never overwritten by a load (ADR 135).
 */
export async function upsertPrograms(
  tx: Tx,
  rows: NewProgramRow[],
): Promise<{ inserted: number; updated: number }> {
  if (rows.length === 0) return { inserted: 0, updated: 0 };
  const set: Record<string, SQL> = { updatedAt: sql`now()` };
  for (const column of UPDATABLE) set[KEY_BY_COLUMN.get(column)!] = sql.raw(`excluded.${column}`);
  const result = await tx
    .insert(grantPrograms)
    .values(rows)
    .onConflictDoUpdate({
      target: grantPrograms.id,
      set,
      setWhere: sql`${grantPrograms.contentHash} IS DISTINCT FROM excluded.content_hash AND ${grantPrograms.curatedAt} IS NULL`,
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  const inserted = result.filter((r) => r.inserted).length;
  return { inserted, updated: result.length - inserted };
}

// Only a status that starts with the word closes a program ("2026-27 window closed" is one
// window of a program that recurs).
// A paused or archived intake (issue 25 §3) closes it too, whatever dates it still carries.
export const shouldCloseSql = sql<boolean>`(coalesce(${grantPrograms.deadline} < current_date, false) OR coalesce(${grantPrograms.status}, '') ~* '^(archived|closed)' OR coalesce(${grantPrograms.deadlineRule}->>'kind', '') IN ('paused', 'archived'))`;

/**
 * Marks programs whose dates have all passed, or whose source says they are archived or closed;
 * reopens those that gained a future date. Returns how many rows changed either way.
 */
export async function refreshClosedPrograms(
  db: Tx,
  today: Date = new Date(),
): Promise<{ closed: number; reopened: number }> {
  await rollRuleDeadlines(db, today);
  // Dates pass: move each program's deadline on to its next date (or its last, once all passed).
  // A trigger keeps the column right on every write, so only a date passing changes it: programs
  // whose stored deadline is behind today (an index range) are the only ones to recompute.
  const next = sql`program_deadline(${grantPrograms.nextDeadlines}, ${grantPrograms.projectedDeadlines})`;
  await db
    .update(grantPrograms)
    .set({ deadline: next })
    .where(
      and(
        sql`${grantPrograms.deadline} < current_date`,
        sql`${grantPrograms.deadline} IS DISTINCT FROM ${next}`,
      ),
    );
  const closed = await db
    .update(grantPrograms)
    .set({ closedAt: sql`now()` })
    .where(and(sql`${grantPrograms.closedAt} IS NULL`, shouldCloseSql))
    .returning({ id: grantPrograms.id });
  const reopened = await db
    .update(grantPrograms)
    .set({ closedAt: null })
    .where(and(sql`${grantPrograms.closedAt} IS NOT NULL`, sql`NOT ${shouldCloseSql}`))
    .returning({ id: grantPrograms.id });
  return { closed: closed.length, reopened: reopened.length };
}

/**
 * Programs with a recurring rule whose stored dates have all passed get the rule's next projected
 * dates, and rolling or continuous ones drop a published window that has passed, so nothing that
 * recurs is ever closed for good (issue 14).
 */
export async function rollRuleDeadlines(db: Tx, today: Date = new Date()): Promise<number> {
  const due = await db
    .select({
      id: grantPrograms.id,
      rule: grantPrograms.deadlineRule,
      published: grantPrograms.nextDeadlines,
    })
    .from(grantPrograms)
    .where(
      and(
        sql`${grantPrograms.deadlineRule}->>'kind' <> 'fixed'`,
        sql`(${grantPrograms.deadline} < current_date OR (${grantPrograms.deadline} IS NULL AND ${grantPrograms.deadlineRule}->>'kind' = 'recurring'))`,
      ),
    );
  for (const row of due) {
    await db
      .update(grantPrograms)
      .set(ruleDates(row.rule!, row.published, today))
      .where(eq(grantPrograms.id, row.id));
  }
  return due.length;
}

function jurisdictionFilter(value: Jurisdiction): SQL {
  if (value === 'CA' || value === 'US') return eq(grantPrograms.country, value);
  if (value === 'CA-FED') return and(eq(grantPrograms.country, 'CA'), eq(grantPrograms.region, 'CA'))!;
  return eq(grantPrograms.region, value);
}

export interface ProgramSearch {
  q?: string;
  jurisdiction?: Jurisdiction;
  programType?: ProgramType;
  deadlineWithinDays?: number;
  minAmount?: number;
  limit?: number;
  offset?: number;
  /** Typo-tolerant trigram matching instead of full-text search. */
  fuzzy?: boolean;
  /** Without a search: leave out closed Grants.gov imports (the full list stays readable). */
  hideClosedImports?: boolean;
  /** These programs only, retired ones included (a user's own history names them). */
  ids?: string[];
  /** Retired programs: left out for users (the default); admins list them apart. */
  retired?: 'exclude' | 'only';
  /** Admins: only the records the daily job flagged for re-verification. */
  verificationDue?: boolean;
}

/**
 * Open programs first, the soonest deadline first, then by name. "Open" is the stored closed_at,
 * which the refresh sets from the dates (at start-up and just after midnight, see index.ts), so
 * the order follows an index (migration 0136) and a page of 100,000 programs needs no sort.
 */
const catalogueOrder = [
  sql`${grantPrograms.closedAt} IS NOT NULL ASC`,
  sql`${grantPrograms.deadline} ASC NULLS LAST`,
  asc(grantPrograms.name),
  asc(grantPrograms.id),
];

function filters(search: ProgramSearch): SQL[] {
  const where: SQL[] = [];
  if (search.ids) where.push(inArray(grantPrograms.id, search.ids));
  else if (search.retired === 'only') where.push(sql`${grantPrograms.retiredAt} IS NOT NULL`);
  else where.push(sql`${grantPrograms.retiredAt} IS NULL`);
  if (search.verificationDue) where.push(sql`${grantPrograms.verificationDueAt} IS NOT NULL`);
  if (search.jurisdiction) where.push(jurisdictionFilter(search.jurisdiction));
  if (search.programType) where.push(eq(grantPrograms.programType, search.programType));
  if (search.deadlineWithinDays !== undefined) {
    where.push(
      sql`${grantPrograms.deadline} BETWEEN current_date AND current_date + ${search.deadlineWithinDays}::int`,
    );
  }
  if (search.minAmount !== undefined) {
    where.push(
      sql`coalesce(${grantPrograms.fundingMax}, ${grantPrograms.fundingMin}) >= ${search.minAmount}`,
    );
  }
  if (search.hideClosedImports)
    where.push(sql`NOT (${grantPrograms.source} = 'grants.gov' AND ${closedSql})`);
  return where;
}

/**
 * A text search pages through at most this many results. Past it, the total says so rather than
 * counting (and ranking) every match of a broad query; see ADR 10.
 */
export const SEARCH_RESULT_CAP = 1000;

export interface ProgramSearchResult {
  rows: ProgramListRow[];
  /** Results the query pages through: every match, or SEARCH_RESULT_CAP when `capped`. */
  total: number;
  /** More programs matched than SEARCH_RESULT_CAP. */
  capped: boolean;
}

/**
 * Catalogue search. Full-text: the stored weighted tsvector and its GIN index, ranked by
 * ts_rank_cd. Fuzzy: pg_trgm word similarity over name and agency (GIN trigram index), for typos.
 * Without text: the filtered catalogue in catalogue order, with its exact count.
 */
export async function searchPrograms(db: Tx, search: ProgramSearch): Promise<ProgramSearchResult> {
  const where = filters(search);
  const q = search.q?.trim();
  if (q) return searchText(db, search, q, where);
  const condition = where.length ? and(...where) : undefined;
  let query = db
    .select(programColumns)
    .from(grantPrograms)
    .where(condition)
    .orderBy(...catalogueOrder)
    .$dynamic();
  if (search.limit !== undefined) {
    // One page of a large catalogue: its ids are found on the order's index, and only the page's
    // rows are read in full (sorting 100,000 whole rows to show 5 took over a second).
    let ids = db
      .select({ id: grantPrograms.id })
      .from(grantPrograms)
      .where(condition)
      .orderBy(...catalogueOrder)
      .$dynamic();
    ids = ids.limit(search.limit);
    if (search.offset) ids = ids.offset(search.offset);
    query = db
      .select(programColumns)
      .from(grantPrograms)
      .where(inArray(grantPrograms.id, ids))
      .orderBy(...catalogueOrder)
      .$dynamic();
  }
  const [rows, [count]] = await Promise.all([
    query,
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(grantPrograms)
      .where(condition),
  ]);
  return { rows: rows as ProgramListRow[], total: Number(count?.n ?? 0), capped: false };
}

/**
 * Bounded, so a broad query costs about what a selective one does. The matches are counted up to
 * SEARCH_RESULT_CAP + 1 (the scan stops there). Up to the cap every match is ranked: exact.
 * Past it, the candidates are the first SEARCH_RESULT_CAP matches in id order with the words in
 * their name or agency (the heaviest weights, so the best matches are among them even when the
 * words are common in descriptions), plus the first SEARCH_RESULT_CAP matches of all when there
 * are fewer such; the best SEARCH_RESULT_CAP candidates are paged through. The candidate passes
 * are ordered by id, so pages agree with each other.
 */
async function searchText(
  db: Tx,
  search: ProgramSearch,
  q: string,
  where: SQL[],
): Promise<ProgramSearchResult> {
  let match: SQL;
  let titleMatch: SQL | undefined;
  let rank: SQL;
  if (search.fuzzy) {
    // Each word of a longer query must be found (give or take a typo): the whole query's
    // similarity let one shared word carry it, so "Idea to Innovation" in Ontario matched the
    // Ontario Innovation Tax Credit (issue 28 item 11), as the full-text pass (every word) does not.
    const words = fuzzyWords(q);
    const parts = words.length > 1 ? words : [q.toLowerCase()];
    match = and(...parts.map((w) => sql`${grantPrograms.searchText} %> ${w}`))!;
    rank = sql.join(
      parts.map((w) => sql`word_similarity(${w}, ${grantPrograms.searchText})`),
      sql` + `,
    );
  } else {
    const tsq = sql`websearch_to_tsquery('english', ${q})`;
    match = sql`${grantPrograms.search} @@ ${tsq}`;
    titleMatch = sql`${grantPrograms.searchTitle} @@ ${tsq}`;
    rank = sql`ts_rank_cd(${grantPrograms.search}, ${tsq})`;
  }
  const offset = search.offset ?? 0;
  const order = [sql`${rank} DESC`, ...catalogueOrder];
  const upToCap = db
    .select({ id: grantPrograms.id })
    .from(grantPrograms)
    .where(and(...where, match))
    .limit(SEARCH_RESULT_CAP + 1);
  const some = db.$with('some').as(upToCap);
  const matched = sql<number>`(SELECT count(*)::int FROM ${some})`;
  // Up to the cap, one statement: the count, and the page ranked over every match. Past it, the
  // same statement stops once it has counted. (The ranking reads the counted ids, so the planner
  // sizes it for at most the cap, never for a scan of every match.)
  const exact =
    offset < SEARCH_RESULT_CAP && search.limit !== 0
      ? await db
          .with(some)
          .select({ ...programColumns, matched })
          .from(grantPrograms)
          .where(
            and(
              sql`${grantPrograms.id} IN (SELECT id FROM ${some})`,
              sql`${matched} <= ${SEARCH_RESULT_CAP}`,
            ),
          )
          .orderBy(...order)
          .limit(Math.min(search.limit ?? SEARCH_RESULT_CAP, SEARCH_RESULT_CAP - offset))
          .offset(offset)
      : [];
  if (exact.length > 0) {
    return {
      rows: exact.map(({ matched: _m, ...row }) => row) as ProgramListRow[],
      total: exact[0]!.matched,
      capped: false,
    };
  }
  // No row: no match, a page past the end, or more matches than the cap.
  const [{ n: count } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(upToCap.as('m'));
  const capped = count > SEARCH_RESULT_CAP;
  const total = Math.min(count, SEARCH_RESULT_CAP);
  // Past the cap nothing is paged through, so a page never reaches beyond it.
  const limit = Math.min(search.limit ?? total, total - offset);
  if (!capped || limit <= 0) return { rows: [], total, capped };
  const firstIds = (condition: SQL) =>
    db
      .select({ id: grantPrograms.id })
      .from(grantPrograms)
      .where(and(...where, condition))
      .orderBy(asc(grantPrograms.id))
      .limit(SEARCH_RESULT_CAP);
  const titled = titleMatch ? db.$with('titled').as(firstIds(and(match, titleMatch)!)) : undefined;
  // A full set of name-and-agency matches outranks the rest (their weight is the highest), so
  // other matches join the candidates only when there are fewer than that.
  const candidates = titled
    ? sql`SELECT id FROM ${titled} UNION SELECT id FROM (${firstIds(match)}) AS f WHERE (SELECT count(*) FROM ${titled}) < ${SEARCH_RESULT_CAP}`
    : firstIds(match);
  // The candidates are ranked on the sort keys alone; only the page's rows are read in full.
  const page = db.$with('page').as(
    db
      .select({
        id: sql<string>`${grantPrograms.id}`.as('page_id'),
        rank: sql<number>`${rank}`.as('page_rank'),
      })
      .from(grantPrograms)
      .where(sql`${grantPrograms.id} IN (${candidates})`)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  );
  const rows = await db
    .with(...(titled ? [titled, page] : [page]))
    .select(programColumns)
    .from(grantPrograms)
    .innerJoin(page, eq(grantPrograms.id, page.id))
    .orderBy(sql`${page.rank} DESC`, ...catalogueOrder);
  return { rows: rows as ProgramListRow[], total, capped };
}

/**
 * The words a fuzzy search requires: three letters or more, less the joining words a title uses
 * ("to", "and", "for"), which match nearly any text. One word, or none: the query as typed.
 */
export function fuzzyWords(q: string): string[] {
  const words = q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !JOINING_WORDS.has(w));
  return [...new Set(words)];
}

const JOINING_WORDS = new Set(['and', 'for', 'the', 'with', 'from', 'into', 'des', 'les', 'pour', 'aux']);

/** Word-similarity threshold for fuzzy search: looser than pg_trgm's 0.6, since queries are short. */
export const FUZZY_THRESHOLD = 0.45;

/** Runs a fuzzy search with the looser threshold, set for this transaction only. */
export async function searchProgramsFuzzy(db: Tx, search: ProgramSearch) {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`,
    );
    return searchPrograms(tx, { ...search, fuzzy: true });
  });
}

/** Programs whose deadline has not passed, for the funding finder's candidates. */
export async function findOpenPrograms(
  db: Tx,
  opts: { source?: 'seed' | 'grants.gov'; ids?: string[]; textQuery?: string; limit?: number } = {},
) {
  const where: SQL[] = [sql`NOT ${closedSql}`, sql`${grantPrograms.retiredAt} IS NULL`];
  if (opts.source) where.push(eq(grantPrograms.source, opts.source));
  if (opts.ids) where.push(inArray(grantPrograms.id, opts.ids));
  let rank: SQL | undefined;
  if (opts.textQuery) {
    const tsq = sql`to_tsquery('english', ${opts.textQuery})`;
    where.push(sql`${grantPrograms.search} @@ ${tsq}`);
    rank = sql`ts_rank_cd(${grantPrograms.search}, ${tsq}) DESC`;
  }
  let query = db
    .select(programColumns)
    .from(grantPrograms)
    .where(and(...where))
    .orderBy(rank ?? asc(grantPrograms.id))
    .$dynamic();
  if (opts.limit) query = query.limit(opts.limit);
  return (await query) as ProgramListRow[];
}

/**
 * Curated programs that take no applications now (paused, archived, a round that has passed), for
 * the finder's "Not open now" list (issue 25 §3); never ranked among open ones.
 */
export async function findNotOpenCuratedPrograms(db: Tx) {
  return (await db
    .select(programColumns)
    .from(grantPrograms)
    .where(and(sql`${closedSql}`, sql`${grantPrograms.retiredAt} IS NULL`, eq(grantPrograms.source, 'seed')))
    .orderBy(asc(grantPrograms.id))) as ProgramListRow[];
}

export async function findSeedProgramIds(db: Tx): Promise<string[]> {
  const rows = await db
    .select({ id: grantPrograms.id })
    .from(grantPrograms)
    .where(eq(grantPrograms.source, 'seed'));
  return rows.map((r) => r.id);
}

// ---- The catalogue's door for other modules (re-exported by index.ts; ADR 53) ----

/** One program by id, as stored (the start-up seed has run before anything asks). */
export async function findProgramById(db: Tx, id: string): Promise<ProgramRow | undefined> {
  const [row] = await db.select().from(grantPrograms).where(eq(grantPrograms.id, id));
  return row;
}

/** Open programs matching any of the words, best ranked first (the idea generator quotes them). */
export async function findOpenProgramsMatching(
  db: Tx,
  words: string[],
  limit: number,
): Promise<Array<{ name: string; agency: string }>> {
  if (words.length === 0) return [];
  const query = sql`to_tsquery('english', ${words.join(' | ')})`;
  return db
    .select({ name: grantPrograms.name, agency: grantPrograms.agency })
    .from(grantPrograms)
    .where(
      sql`${grantPrograms.closedAt} IS NULL AND ${grantPrograms.retiredAt} IS NULL AND ${grantPrograms.search} @@ ${query}`,
    )
    .orderBy(sql`ts_rank(${grantPrograms.search}, ${query}) DESC`, asc(grantPrograms.name))
    .limit(limit);
}

/** Open programs with a deadline from today on, soonest first: the stored deadline the refresh keeps. */
export async function listUpcomingDeadlines(
  db: Tx,
  limit: number,
): Promise<Array<{ id: string; name: string; agency: string; deadline: string }>> {
  const rows = await db
    .select({
      id: grantPrograms.id,
      name: grantPrograms.name,
      agency: grantPrograms.agency,
      deadline: grantPrograms.deadline,
    })
    .from(grantPrograms)
    .where(
      sql`${grantPrograms.closedAt} IS NULL AND ${grantPrograms.retiredAt} IS NULL AND ${grantPrograms.deadline} >= current_date`,
    )
    .orderBy(asc(grantPrograms.deadline), asc(grantPrograms.name))
    .limit(limit);
  return rows.map((r) => ({ ...r, deadline: r.deadline! }));
}
