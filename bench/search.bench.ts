/**
 * Catalogue search on imported data: `npx tsx bench/search.bench.ts [--quick]`.
 *
 * `npm run bench -- --only=search` (bench/suites/search.ts) measures on the databases every suite
 * shares. This script is the slower, standalone check on data shaped like the real catalogue: it
 * writes a synthetic Grants.gov extract (100,000 opportunities; 1,000 with --quick), imports it
 * with the real importer (minutes on PGlite), then runs the same measurement: selective, broad
 * and misspelt queries through the API's search beside an `ILIKE '%q%'` scan. PGlite always;
 * PostgreSQL too when BENCH_DATABASE_URL is set (a throw-away database is created next to it).
 * Prints the table; writes nothing.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createDatabase, type Database } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { importGrantsGov } from '../apps/server/src/modules/programs/grants-gov-import.ts';
import { printTable, type Row, type SuiteResult } from './lib/report.ts';
import { measureSearch, searchRows } from './suites/search.ts';

const quick = process.argv.includes('--quick');
const ROWS = quick ? 1_000 : 100_000;
const RUNS = 5;

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
  'coastal resilience',
  'rural broadband',
  'opioid prevention',
  'wildfire mitigation',
  'STEM education',
  'water infrastructure',
  'small business innovation',
  'cybersecurity workforce',
  'maternal care',
  'soil conservation',
  'transit safety',
  'arts education',
  'quantum computing',
  'advanced manufacturing',
  'public housing',
  'veterans employment',
  'tribal energy',
  'food security',
  'ocean observing',
  'biodefense',
  'climate adaptation',
  'historic preservation',
  'substance use treatment',
  'air quality',
];
const WORDS =
  'program project support community research training development capacity regional national data systems services pilot evaluation technical assistance partnerships outcomes implementation planning innovation resources improve access network analysis demonstration'.split(
    ' ',
  );
const AGENCIES = [
  'National Institutes of Health',
  'Department of Energy',
  'National Science Foundation',
  'Department of Agriculture',
  'Department of Transportation',
  'Environmental Protection Agency',
  'Department of Education',
  'Department of Defense',
  'National Endowment for the Arts',
  'Department of Commerce',
  'Department of the Interior',
  'Health Resources and Services Administration',
];
/** Rare: about 1 record in 1,000 mentions it (the selective query). */
const RARE = 'metamaterials';
/** Common: about 1 record in 4 is about health (the broad query). */
const COMMON = 'health';
/** The rare word as mistyped: full-text search finds nothing, the trigram pass finds it in titles. */
const MISSPELT = 'metamaterals';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function record(i: number, r: () => number): string {
  const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)]!;
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
    <OpportunityTitle>${esc(`${topic[0]!.toUpperCase()}${topic.slice(1)} ${pick(WORDS)} ${pick(WORDS)}${health ? ' for community health' : ''}${rare ? ` ${RARE} sensing` : ''} (${i})`)}</OpportunityTitle>
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
  fs.writeSync(
    fd,
    '<?xml version="1.0" encoding="UTF-8"?>\n<Grants xmlns="http://apply.grants.gov/system/OpportunityDetail-V1.0">\n',
  );
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

async function benchDatabase(
  kind: 'pglite' | 'postgres',
  extract: string,
): Promise<{ rows: Row[]; importSeconds: number }> {
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
    const figures = await measureSearch(
      database,
      { selective: RARE, broad: COMMON, misspelt: MISSPELT },
      {
        runs: RUNS,
        iterations: quick ? 5 : 20,
        slowIterations: 1,
        before: true,
        log: (m) => process.stderr.write(`${m}\n`),
      },
    );
    return { rows: searchRows(kind, ROWS, figures), importSeconds };
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
  const kinds: Array<'pglite' | 'postgres'> = process.env.BENCH_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
  const results: SuiteResult[] = [];
  const imports: string[] = [];
  for (const kind of kinds) {
    process.stderr.write(`Importing into ${kind}…\n`);
    const t0 = performance.now();
    const { rows, importSeconds } = await benchDatabase(kind, extract);
    imports.push(`${kind} ${importSeconds.toFixed(1)} s`);
    results.push({
      suite: 'search (imported)',
      status: 'ok',
      rows,
      seconds: (performance.now() - t0) / 1000,
    });
  }
  console.log(printTable(results));
  console.log(
    `Import: ${imports.join(', ')}; p95 of ${quick ? 5 : 20} calls, median of ${RUNS} runs (range in brackets)`,
  );
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
