// `npm run bench [-- --quick] [-- --only=http,pdf]`: every suite of issue 8 beside its baseline,
// measured in the same run, median of several runs with the spread; prints a table and writes
// bench/results/latest.json. A suite whose feature has not landed says "skipped: <reason>".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_BENCH_DATABASE_URL, preparePglite, preparePostgres } from './lib/databases.ts';
import { writeBenchIntoReadme } from './lib/readme.ts';
import { printTable, Skip, type Context, type Row, type SuiteResult } from './lib/report.ts';
import { FULL_SIZES, QUICK_SIZES } from './lib/seed.ts';
import { apiReadSuite } from './suites/api-read.ts';
import { creditsSuite } from './suites/credits.ts';
import { eventLoopSuite } from './suites/event-loop.ts';
import { httpSuite } from './suites/http.ts';
import { jobsSuite } from './suites/jobs.ts';
import { lighthouseSuite, webSizeSuite } from './suites/web.ts';
import { loginSuite } from './suites/login.ts';
import { paidSuite } from './suites/paid.ts';
import { pdfSuite } from './suites/pdf.ts';
import { searchSuite } from './suites/search.ts';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const SUITES: Array<{ name: string; needsDb?: boolean; run: (ctx: Context) => Promise<Row[]> }> = [
  { name: 'http', needsDb: true, run: httpSuite },
  { name: 'api-read', needsDb: true, run: apiReadSuite },
  { name: 'search', needsDb: true, run: searchSuite },
  { name: 'pdf', run: pdfSuite },
  { name: 'jobs', needsDb: true, run: jobsSuite },
  { name: 'credits', needsDb: true, run: creditsSuite },
  { name: 'paid', needsDb: true, run: paidSuite },
  { name: 'login', needsDb: true, run: loginSuite },
  { name: 'event-loop', needsDb: true, run: eventLoopSuite },
  { name: 'web-size', run: webSizeSuite },
  { name: 'lighthouse', needsDb: true, run: lighthouseSuite },
];

async function main() {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  const only = args
    .find((a) => a.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',');
  const out =
    args.find((a) => a.startsWith('--out='))?.slice('--out='.length) ??
    path.join(ROOT, 'results', 'latest.json');
  const started = Date.now();
  const log = (m: string) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s] ${m}`);
  const selected = SUITES.filter((s) => !only || only.includes(s.name));

  const ctx: Context = {
    quick,
    runs: quick ? 1 : 5,
    // A quick run's figures are not read (see Context.warmUp), so its load runs are short: half a
    // second still sends hundreds of requests through each route.
    duration: quick ? 0.5 : 2,
    warmUp: !quick,
    connections: quick ? 8 : 32,
    sizes: quick ? QUICK_SIZES : FULL_SIZES,
    log,
    shared: {},
  };

  const results: SuiteResult[] = [];
  if (selected.some((s) => s.needsDb)) {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_BENCH_DATABASE_URL;
    log(
      `seeding ${ctx.sizes.users} users, ${ctx.sizes.users * ctx.sizes.submissionsPerUser} submissions, ${ctx.sizes.programs} programs`,
    );
    const [pgPrepared, pglite] = await Promise.all([
      preparePostgres(adminUrl, ctx.sizes),
      preparePglite(ctx.sizes),
    ]);
    ctx.pglite = pglite;
    if (typeof pgPrepared === 'string') {
      ctx.postgresSkip = pgPrepared;
      log(`PostgreSQL suites skipped: ${pgPrepared}`);
    } else {
      ctx.postgres = pgPrepared;
      log(`PostgreSQL seeded in ${pgPrepared.seedSeconds.toFixed(1)} s`);
    }
    log(
      `PGlite ${pglite.cached ? 'copied from the seeded cache' : 'seeded'} in ${pglite.seedSeconds.toFixed(1)} s`,
    );
  }

  try {
    for (const suite of selected) {
      const t0 = Date.now();
      log(`suite ${suite.name}`);
      try {
        const rows = await suite.run(ctx);
        results.push({ suite: suite.name, status: 'ok', rows, seconds: (Date.now() - t0) / 1000 });
      } catch (err) {
        const skipped = err instanceof Skip;
        if (!skipped) log(`suite ${suite.name} failed: ${(err as Error).stack ?? err}`);
        results.push({
          suite: suite.name,
          status: skipped ? 'skipped' : 'failed',
          reason: (err as Error).message.split('\n')[0],
          rows: [],
          seconds: (Date.now() - t0) / 1000,
        });
      }
    }
  } finally {
    await ctx.postgres?.drop().catch(() => undefined);
    await ctx.pglite?.drop().catch(() => undefined);
  }

  const table = printTable(results);
  console.log(table);
  const report = {
    takenAt: new Date().toISOString(),
    quick,
    seconds: (Date.now() - started) / 1000,
    machine: {
      cpus: os.cpus().length,
      model: os.cpus()[0]?.model,
      loadavg: os.loadavg(),
      node: process.version,
    },
    settings: {
      runs: ctx.runs,
      loadSeconds: ctx.duration,
      connections: ctx.connections,
      sizes: ctx.sizes,
      postgres: ctx.postgres ? 'yes' : ctx.postgresSkip,
    },
    results,
    table,
  };
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
  log(`wrote ${path.relative(process.cwd(), out)} in ${report.seconds.toFixed(0)} s`);
  // Only a full run of every suite speaks for the README, so its table cannot drift from a run.
  if (!quick && !only && !args.some((a) => a.startsWith('--out='))) {
    const readme = path.join(ROOT, '..', 'README.md');
    if (writeBenchIntoReadme(readme, report)) log('README benchmark table updated');
  }
  const failed = results.filter((r) => r.status === 'failed');
  process.exit(failed.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
