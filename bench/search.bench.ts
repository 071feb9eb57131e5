/**
 * Catalogue search benchmark: `npx tsx bench/search.bench.ts [--quick]`.
 *
 * Writes a synthetic Grants.gov extract (100,000 opportunities; 1,000 with --quick), imports it
 * with the real importer, then times the catalogue search the API runs (stored weighted
 * tsvector + GIN, ranked, one page plus the total) beside an `ILIKE '%q%'` scan of the same rows
 * and columns, in the same run, for a selective and a broad query. Each measurement is the p95 of
 * ITERATIONS calls; the figure reported is the median of RUNS such measurements.
 * PGlite always; PostgreSQL too when BENCH_DATABASE_URL is set (a throw-away database is
 * created next to it). Prints a table and writes bench/results/search.json.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, ilike, or, sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { importGrantsGov } from '../apps/server/src/modules/programs/grants-gov-import.ts';
import { programColumns, searchPrograms } from '../apps/server/src/modules/programs/programs.repository.ts';
import { grantPrograms } from '../apps/server/src/modules/programs/programs.schema.ts';

const quick = process.argv.includes('--quick');
const ROWS = quick ? 1_000 : 100_000;
const RUNS = 5;
const ITERATIONS = quick ? 20 : 10;
const PAGE_SIZE = 20;
const here = path.dirname(fileURLToPath(import.meta.url));

// ---------------------------------------------------------------------------------------------
// Synthetic extract, in the real v2 schema

function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOPICS = [
  'coastal resilience', 'rural broadband', 'opioid prevention', 'wildfire mitigation', 'STEM education', 'water infrastructure',
  'small business innovation', 'cybersecurity workforce', 'maternal care', 'soil conservation', 'transit safety', 'arts education',
  'quantum computing', 'advanced manufacturing', 'public housing', 'veterans employment', 'tribal energy', 'food security',
  'ocean observing', 'biodefense', 'climate adaptation', 'historic preservation', 'substance use treatment', 'air quality',
];
const WORDS =
  'program project support community research training development capacity regional national data systems services pilot evaluation technical assistance partnerships outcomes implementation planning innovation resources improve access network analysis demonstration'.split(' ');
const AGENCIES = [
  'National Institutes of Health', 'Department of Energy', 'National Science Foundation', 'Department of Agriculture',
  'Department of Transportation', 'Environmental Protection Agency', 'Department of Education', 'Department of Defense',
  'National Endowment for the Arts', 'Department of Commerce', 'Department of the Interior', 'Health Resources and Services Administration',
];
/** Rare: about 1 record in 1,000 mentions it (the selective query). */
const RARE = 'metamaterials';
/** Common: about 1 record in 4 is about health (the broad query). */
const COMMON = 'health';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function record(i: number, r: () => number): string {
  const pick = <T,>(list: T[]) => list[Math.floor(r() * list.length)]!;
  const topic = pick(TOPICS);
  const health = r() < 0.25;
  const rare = r() < 0.001;
  const words = Array.from({ length: 50 }, () => pick(WORDS));
  if (health) words.splice(10, 0, 'public', COMMON, 'outcomes');
  if (rare) words.splice(20, 0, RARE, 'for', 'sensing');
  const close = new Date(Date.UTC(2026, 0, 1) + Math.floor(r() * 900) * 86_400_000);
  const mmddyyyy = `${String(close.getUTCMonth() + 1).padStart(2, '0')}${String(close.getUTCDate()).padStart(2, '0')}${close.getUTCFullYear()}`;
  const ceiling = Math.round(r() * 40) * 25_000;
  return `  <OpportunitySynopsisDetail_1_0>
    <OpportunityID>${100000 + i}</OpportunityID>
    <OpportunityTitle>${esc(`${topic[0]!.toUpperCase()}${topic.slice(1)} ${pick(WORDS)} ${pick(WORDS)}${health ? ' for community health' : ''} (${i})`)}</OpportunityTitle>
    <OpportunityNumber>BENCH-${String(i).padStart(6, '0')}</OpportunityNumber>
    <FundingInstrumentType>${pick(['G', 'G', 'CA', 'PC', 'O'])}</FundingInstrumentType>
    <EligibleApplicants>${pick(['06', '12', '20', '23', '25', '99'])}</EligibleApplicants>
    <AgencyName>${esc(pick(AGENCIES))}</AgencyName>
    <PostDate>01012026</PostDate>
    <CloseDate>${mmddyyyy}</CloseDate>
    <LastUpdatedDate>01022026</LastUpdatedDate>
    <AwardCeiling>${ceiling}</AwardCeiling>
    <AwardFloor>0</AwardFloor>
    <Description>${esc(words.join(' '))}</Description>
  </OpportunitySynopsisDetail_1_0>
`;
}

function writeExtract(file: string, rows: number) {
  const r = rng(20261122);
  const fd = fs.openSync(file, 'w');
  fs.writeSync(fd, '<?xml version="1.0" encoding="UTF-8"?>\n<Grants xmlns="http://apply.grants.gov/system/OpportunityDetail-V1.0">\n');
  let buffer = '';
  for (let i = 0; i < rows; i += 1) {
    buffer += record(i, r);
    if (buffer.length > 1_000_000) {
      fs.writeSync(fd, buffer);
      buffer = '';
    }
  }
  fs.writeSync(fd, `${buffer}</Grants>\n`);
  fs.closeSync(fd);
}

// ---------------------------------------------------------------------------------------------
// Timing

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const median = (values: number[]) => percentile(values, 50);

async function p95(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i += 1) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  return percentile(times, 95);
}

/**
 * The baseline: a case-insensitive substring scan of the same text columns, returning the same
 * columns, page and total, ordered like an unranked catalogue listing.
 */
async function ilikeSearch(database: Database, q: string) {
  const pattern = `%${q}%`;
  const where = or(
    ilike(grantPrograms.name, pattern),
    ilike(grantPrograms.agency, pattern),
    ilike(grantPrograms.eligibility, pattern),
    ilike(grantPrograms.description, pattern),
    ilike(grantPrograms.notes, pattern),
  );
  const [rows, [count]] = await Promise.all([
    database.db.select(programColumns).from(grantPrograms).where(where).orderBy(asc(grantPrograms.name)).limit(PAGE_SIZE),
    database.db.select({ n: sql<number>`count(*)::int` }).from(grantPrograms).where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

interface Row {
  database: string;
  query: string;
  q: string;
  matches: number;
  ftsP95Ms: number;
  ilikeP95Ms: number;
  speedup: number;
}

async function benchDatabase(kind: 'pglite' | 'postgres', extract: string): Promise<{ rows: Row[]; importSeconds: number }> {
  let database: Database;
  let drop = async () => {};
  if (kind === 'pglite') {
    database = await createDatabase({ pgliteDir: 'memory://' });
  } else {
    const adminUrl = process.env.BENCH_DATABASE_URL!;
    const name = `gl_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await createDatabase({ databaseUrl: url.toString() });
    drop = async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    };
  }
  try {
    await migrate(database);
    const started = performance.now();
    let last = 0;
    const result = await importGrantsGov(database.db, extract, {
      onProgress: ({ records }) => {
        if (records - last >= 25_000) {
          last = records;
          process.stderr.write(`  [${kind}] imported ${records.toLocaleString('en-US')}\n`);
        }
      },
    });
    const importSeconds = (performance.now() - started) / 1000;
    if (result.records !== ROWS) throw new Error(`imported ${result.records} of ${ROWS}`);
    await database.db.execute(sql`ANALYZE grant_programs`);

    const rows: Row[] = [];
    for (const [label, q] of [
      ['selective', RARE],
      ['broad', COMMON],
    ] as const) {
      const fts = () => searchPrograms(database.db, { q, limit: PAGE_SIZE, offset: 0 });
      const ilike = () => ilikeSearch(database, q);
      const matches = (await fts()).total;
      const ilikeMatches = (await ilike()).total;
      const ftsRuns: number[] = [];
      const ilikeRuns: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        // Alternate the order so neither always runs on the warmer cache.
        if (run % 2 === 0) {
          ftsRuns.push(await p95(fts));
          ilikeRuns.push(await p95(ilike));
        } else {
          ilikeRuns.push(await p95(ilike));
          ftsRuns.push(await p95(fts));
        }
      }
      const ftsP95Ms = median(ftsRuns);
      const ilikeP95Ms = median(ilikeRuns);
      rows.push({
        database: kind,
        query: `${label} (FTS ${matches} / ILIKE ${ilikeMatches} matches)`,
        q,
        matches,
        ftsP95Ms: Number(ftsP95Ms.toFixed(2)),
        ilikeP95Ms: Number(ilikeP95Ms.toFixed(2)),
        speedup: Number((ilikeP95Ms / ftsP95Ms).toFixed(2)),
      });
    }
    return { rows, importSeconds };
  } finally {
    await database.close();
    await drop();
  }
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-bench-'));
const extract = path.join(tmp, `GrantsDBExtractBENCHv2.xml`);
try {
  process.stderr.write(`Writing a synthetic extract of ${ROWS.toLocaleString('en-US')} opportunities…\n`);
  writeExtract(extract, ROWS);
  const sizeMb = fs.statSync(extract).size / 1e6;
  const kinds: Array<'pglite' | 'postgres'> = process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const all: Row[] = [];
  const imports: Record<string, number> = {};
  for (const kind of kinds) {
    process.stderr.write(`Importing into ${kind}…\n`);
    const { rows, importSeconds } = await benchDatabase(kind, extract);
    imports[kind] = Number(importSeconds.toFixed(1));
    all.push(...rows);
  }
  console.log(`\nCatalogue search over ${ROWS.toLocaleString('en-US')} imported programs (extract ${sizeMb.toFixed(1)} MB); p95 of ${ITERATIONS} calls, median of ${RUNS} runs`);
  console.table(
    all.map((r) => ({ db: r.database, query: r.query, 'FTS p95 ms': r.ftsP95Ms, 'ILIKE p95 ms': r.ilikeP95Ms, 'ILIKE / FTS': `${r.speedup}×` })),
  );
  console.log(`Import time: ${Object.entries(imports).map(([k, s]) => `${k} ${s}s`).join(', ')}`);
  const out = path.join(here, 'results', 'search.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    `${JSON.stringify(
      {
        benchmark: 'catalogue search',
        quick,
        rows: ROWS,
        runs: RUNS,
        iterationsPerRun: ITERATIONS,
        pageSize: PAGE_SIZE,
        measuredAt: new Date().toISOString(),
        importSeconds: imports,
        results: all,
      },
      null,
      2,
    )}\n`,
  );
  console.log(`Wrote ${path.relative(process.cwd(), out)}`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
