import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { asc, ilike, or, sql, type SQL } from 'drizzle-orm';
import { createDatabase, type Database } from '../../apps/server/src/db/client.ts';
import {
  FUZZY_THRESHOLD,
  programColumns,
} from '../../apps/server/src/modules/programs/programs.repository.ts';
import { grantPrograms } from '../../apps/server/src/modules/programs/programs.schema.ts';
import { createProgramsService } from '../../apps/server/src/modules/programs/programs.service.ts';
import type { PreparedDb } from '../lib/databases.ts';
import { skip, type Context, type Row } from '../lib/report.ts';
import { fmt, percentile, round, summarize, type Summary } from '../lib/stats.ts';

const SEARCH_RESULTS = fileURLToPath(new URL('../results/search.json', import.meta.url));
const PAGE_SIZE = 20;
/** Issue 8: p95 per database. */
const TARGET_MS = { postgres: 20, pglite: 60 } as const;
const SELECTIVE_SPEEDUP = 20;

export type QueryKind = 'selective' | 'broad' | 'misspelt';

export interface KindFigures {
  kind: QueryKind;
  q: string;
  /** What the API answered: results it pages through, and whether more matched. */
  total: number;
  capped: boolean;
  ilikeMatches: number;
  api: Summary;
  ilike: Summary;
  /** ILIKE p95 / API p95, run by run. */
  speedup: Summary;
  /** The search before issue 8's work (every match ranked and counted), for the record. */
  before?: Summary;
}

/**
 * The baseline: a case-insensitive substring scan of the same text columns, returning the same
 * columns, one page in name order and the number of matches, in one statement.
 */
async function ilikeSearch(database: Database, q: string): Promise<number> {
  const pattern = `%${q}%`;
  const where = or(
    ilike(grantPrograms.name, pattern),
    ilike(grantPrograms.agency, pattern),
    ilike(grantPrograms.eligibility, pattern),
    ilike(grantPrograms.description, pattern),
    ilike(grantPrograms.notes, pattern),
  );
  const rows = await database.db
    .select({ ...programColumns, n: sql<number>`count(*) OVER ()::int` })
    .from(grantPrograms)
    .where(where)
    .orderBy(asc(grantPrograms.name))
    .limit(PAGE_SIZE);
  return rows[0]?.n ?? 0;
}

/** The search as it was before (commit 008c8dc): rank every match, count every match. */
export async function rankEveryMatch(database: Database, q: string): Promise<number> {
  const run = async (db: Database['db'], match: SQL, rank: SQL) => {
    const [rows, [count]] = await Promise.all([
      db
        .select(programColumns)
        .from(grantPrograms)
        .where(match)
        .orderBy(
          sql`${rank} DESC`,
          sql`${programColumns.closed} ASC`,
          sql`${grantPrograms.deadline} ASC NULLS LAST`,
          asc(grantPrograms.name),
          asc(grantPrograms.id),
        )
        .limit(PAGE_SIZE),
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(grantPrograms)
        .where(match),
    ]);
    return rows.length ? Number(count?.n ?? 0) : 0;
  };
  const tsq = sql`websearch_to_tsquery('english', ${q})`;
  const found = await run(
    database.db,
    sql`${grantPrograms.search} @@ ${tsq}`,
    sql`ts_rank_cd(${grantPrograms.search}, ${tsq})`,
  );
  if (found) return found;
  return database.db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`,
    );
    const lower = q.toLowerCase();
    return run(
      tx as unknown as Database['db'],
      sql`${grantPrograms.searchText} %> ${lower}`,
      sql`word_similarity(${lower}, ${grantPrograms.searchText})`,
    );
  });
}

async function p95(iterations: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return percentile(times, 95);
}

export interface MeasureOptions {
  runs: number;
  /** Calls per run of the API search (each run's figure is their p95). */
  iterations: number;
  /** Calls per run of the scans (ILIKE; before, when slow): a second or more each at 100k rows. */
  slowIterations: number;
  before: boolean;
  log?: (message: string) => void;
}

/**
 * Times the API's catalogue search (the service behind GET /api/grant-programs?q=…&pageSize=20,
 * typo pass included) beside the ILIKE scan, interleaved run by run so both see the same load.
 */
export async function measureSearch(
  database: Database,
  terms: Record<QueryKind, string>,
  opts: MeasureOptions,
): Promise<KindFigures[]> {
  const service = createProgramsService({ db: database.db });
  const out: KindFigures[] = [];
  for (const [kind, q] of Object.entries(terms) as Array<[QueryKind, string]>) {
    const api = () => service.listPrograms({ q, pageSize: PAGE_SIZE });
    const first = await api();
    const ilikeMatches = await ilikeSearch(database, q);
    if (first.programs.length === 0) throw new Error(`${kind} query "${q}" found nothing`);
    // The previous search is timed like the API (same calls per run) unless it is scan-slow.
    const t0 = performance.now();
    if (opts.before) await rankEveryMatch(database, q);
    const beforeIterations = performance.now() - t0 < 200 ? opts.iterations : opts.slowIterations;
    const apiRuns: number[] = [];
    const ilikeRuns: number[] = [];
    const beforeRuns: number[] = [];
    const steps = [
      async () => apiRuns.push(await p95(opts.iterations, api)),
      async () => ilikeRuns.push(await p95(opts.slowIterations, () => ilikeSearch(database, q))),
      ...(opts.before
        ? [async () => beforeRuns.push(await p95(beforeIterations, () => rankEveryMatch(database, q)))]
        : []),
    ];
    for (let run = 0; run < opts.runs; run++) {
      // Rotate the order so none always runs on the warmer cache.
      for (let i = 0; i < steps.length; i++) await steps[(run + i) % steps.length]!();
    }
    const figures: KindFigures = {
      kind,
      q,
      total: first.total,
      capped: first.capped,
      ilikeMatches,
      api: summarize(apiRuns),
      ilike: summarize(ilikeRuns),
      speedup: summarize(apiRuns.map((ms, i) => ilikeRuns[i]! / ms)),
      before: opts.before ? summarize(beforeRuns) : undefined,
    };
    opts.log?.(
      `search ${database.kind} ${kind}: API p95 ${fmt(figures.api, ' ms')}, ILIKE ${fmt(figures.ilike, ' ms')}`,
    );
    out.push(figures);
  }
  return out;
}

export function searchRows(kind: 'postgres' | 'pglite', programs: number, figures: KindFigures[]): Row[] {
  const label = kind === 'postgres' ? 'PostgreSQL' : 'embedded (PGlite)';
  const limit = TARGET_MS[kind];
  const rows: Row[] = [];
  for (const f of figures) {
    const matches = f.capped
      ? `${f.total.toLocaleString('en-US')}+ results`
      : `${f.total.toLocaleString('en-US')} results`;
    rows.push({
      metric: `${label}: ${f.kind} "${f.q}" (${matches}) over ${programs.toLocaleString('en-US')} programs, p95`,
      candidate: fmt(f.api, ' ms'),
      baseline: `ILIKE ${fmt(f.ilike, ' ms')}`,
      target: `≤ ${limit} ms`,
      held: f.api.median <= limit,
      note: `ILIKE found ${f.ilikeMatches.toLocaleString('en-US')}`,
      data: f,
    });
    const selective = f.kind === 'selective';
    rows.push({
      metric: '  speed-up over ILIKE',
      candidate: `${round(f.speedup.median, 1)}× (${round(f.speedup.min, 1)}–${round(f.speedup.max, 1)})`,
      baseline: '1×',
      target: selective ? `≥ ${SELECTIVE_SPEEDUP}×` : '',
      held: selective ? f.speedup.median >= SELECTIVE_SPEEDUP : null,
    });
    if (f.before) {
      rows.push({
        metric: '  before: every match ranked and counted',
        candidate: fmt(f.before, ' ms'),
        baseline: '',
        target: '',
        held: null,
      });
    }
  }
  return rows;
}

async function open(prepared: PreparedDb): Promise<Database> {
  return prepared.kind === 'postgres'
    ? createDatabase({ databaseUrl: prepared.url })
    : createDatabase({ pgliteDir: prepared.dir });
}

/** Catalogue search on the databases bench/run.ts seeded (bench/lib/seed.ts), in this process. */
export async function searchSuite(ctx: Context): Promise<Row[]> {
  const dbs = [ctx.postgres, ctx.pglite].filter((d): d is PreparedDb => !!d);
  if (dbs.length === 0) skip('no database');
  const started = Date.now();
  const rows: Row[] = [];
  const results: Record<string, KindFigures[]> = {};
  for (const prepared of dbs) {
    const database = await open(prepared);
    try {
      const { selectiveTerm, broadTerm, misspelt } = prepared.seeded;
      results[prepared.kind] = await measureSearch(
        database,
        { selective: selectiveTerm, broad: broadTerm, misspelt },
        { runs: ctx.runs, iterations: ctx.quick ? 5 : 20, slowIterations: 1, before: true, log: ctx.log },
      );
      rows.push(...searchRows(prepared.kind, ctx.sizes.programs, results[prepared.kind]!));
    } finally {
      await database.close();
    }
  }
  if (ctx.postgresSkip)
    rows.push({
      metric: 'PostgreSQL',
      candidate: `skipped: ${ctx.postgresSkip}`,
      baseline: '',
      target: '',
      held: null,
    });
  // A quick run must not replace the committed full figures.
  if (!ctx.quick) {
    const report = {
      benchmark: 'catalogue search (npm run bench -- --only=search)',
      measuredAt: new Date().toISOString(),
      programs: ctx.sizes.programs,
      runs: ctx.runs,
      pageSize: PAGE_SIZE,
      seconds: round((Date.now() - started) / 1000, 1),
      // The figures are wall-clock: how busy the machine was says how far to trust them.
      loadavg: os.loadavg().map((l) => round(l, 1)),
      cpus: os.cpus().length,
      results,
    };
    fs.writeFileSync(SEARCH_RESULTS, `${JSON.stringify(report, null, 2)}\n`);
  }
  return rows;
}
