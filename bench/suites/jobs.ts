import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { createDatabase, type Database } from '../../apps/server/src/db/client.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { defineJob } from '../../apps/server/src/jobs/job.ts';
import { createJobQueue } from '../../apps/server/src/jobs/queue.ts';
import type { Mailer } from '../../apps/server/src/modules/mail/mail.service.ts';
import type { PreparedDb } from '../lib/databases.ts';
import type { Context, Row } from '../lib/report.ts';
import { fmt, percentile, sleep, summarize } from '../lib/stats.ts';

// Jobs arrive one every SPACING_MS, each sent in its own transaction as the API sends them: the
// figure is the delay from the send to the handler's start while the queue keeps up, not the time
// to drain a backlog. 1,000 jobs per database and implementation, in RUNS runs.
const JOBS = 1000;
const SPACING_MS = 10;
// The baseline polls as often as the app's queue falls back to (apps/server/src/jobs/queue.ts).
const POLL_MS = 500;
const RAW_CHANNEL = 'bench_raw_jobs';
// Sent and handled before the timed runs, as the pdf suite warms its worker: the first jobs after
// start-up pay for JIT and cold caches (p95 ~150 ms over 20 jobs), not for the queue's design.
const WARM_UP = 20;

const now = () => performance.now();
const open = (db: PreparedDb) =>
  createDatabase(db.kind === 'postgres' ? { databaseUrl: db.url } : { pgliteDir: db.dir });

async function produce(count: number, send: (sentAt: number) => Promise<void>) {
  const t0 = now();
  for (let i = 0; i < count; i++) {
    const wait = t0 + i * SPACING_MS - now();
    if (wait > 0) await sleep(wait);
    await send(now());
  }
}

async function until(done: () => boolean, timeoutMs: number) {
  const t0 = Date.now();
  while (!done()) {
    if (Date.now() - t0 > timeoutMs) throw new Error('jobs were not all picked up in time');
    await sleep(10);
  }
}

async function pgBossRuns(runs: number, perRun: number, database: Database): Promise<number[][]> {
  let latencies: number[] = [];
  const job = defineJob({
    name: 'bench-noop',
    payload: z.object({ sentAt: z.number() }),
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
    async handle(_deps, payload) {
      latencies.push(now() - payload.sentAt);
    },
  });
  const env = parseEnv({ DATA_DIR: '/tmp/grantleaf-bench-jobs', LOG_LEVEL: 'silent', WORKERS: 'off' });
  const queue = await createJobQueue(
    { database, env, mailer: {} as Mailer, log: pino({ level: 'silent' }) },
    [job],
  );
  const results: number[][] = [];
  try {
    await queue.work();
    for (let r = -1; r < runs; r++) {
      latencies = [];
      const count = r < 0 ? WARM_UP : perRun;
      await produce(count, (sentAt) => database.db.transaction((tx) => queue.send(tx, job, { sentAt })));
      await until(() => latencies.length >= count, 60_000);
      if (r >= 0) results.push(latencies);
    }
  } finally {
    await queue.stop();
    await database.raw.executeSql(`DELETE FROM pgboss.job WHERE name = 'bench-noop'`);
  }
  return results;
}

/**
 * A hand-rolled queue with the app's wake-up design: INSERT + NOTIFY in one transaction, one
 * consumer that claims with SKIP LOCKED, looks again at once after a job and otherwise sleeps until
 * notified or POLL_MS passed. The pg-boss side runs one poller too (the job's concurrency is 1).
 */
async function rawRuns(runs: number, perRun: number, database: Database): Promise<number[][]> {
  const raw = database.raw;
  await raw.executeSql(
    `CREATE TABLE IF NOT EXISTS bench_raw_jobs (id bigserial PRIMARY KEY, sent_at double precision NOT NULL, state text NOT NULL DEFAULT 'created')`,
  );
  let latencies: number[] = [];
  const completions: Array<Promise<unknown>> = [];
  let stopped = false;
  let wake: (() => void) | undefined;
  let notified = false;
  const unlisten = await database.listen(RAW_CHANNEL, () => {
    notified = true;
    wake?.();
  });
  const consumer = (async () => {
    while (!stopped) {
      notified = false;
      const { rows } = await raw.executeSql(
        `UPDATE bench_raw_jobs SET state = 'active' WHERE id = (
           SELECT id FROM bench_raw_jobs WHERE state = 'created' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
         ) RETURNING id, sent_at`,
      );
      if (rows.length > 0) {
        latencies.push(now() - Number(rows[0].sent_at));
        // Not awaited before the next claim, as pg-boss does not await its complete().
        completions.push(
          raw.executeSql(`UPDATE bench_raw_jobs SET state = 'completed' WHERE id = $1`, [rows[0].id]),
        );
        continue;
      }
      if (notified) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = undefined;
    }
  })();
  const results: number[][] = [];
  try {
    for (let r = -1; r < runs; r++) {
      latencies = [];
      const count = r < 0 ? WARM_UP : perRun;
      await produce(count, (sentAt) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO bench_raw_jobs (sent_at) VALUES (${sentAt})`);
          await tx.execute(sql`SELECT pg_notify(${RAW_CHANNEL}, '')`);
        }),
      );
      await until(() => latencies.length >= count, 60_000);
      if (r >= 0) results.push(latencies);
    }
  } finally {
    stopped = true;
    wake?.();
    await consumer;
    await Promise.all(completions);
    await unlisten();
    await raw.executeSql('DROP TABLE bench_raw_jobs');
  }
  return results;
}

/** Enqueue → handler start through the app's queue (pg-boss + wake-ups), beside a raw SKIP LOCKED queue. */
export async function jobsSuite(ctx: Context): Promise<Row[]> {
  const total = ctx.quick ? 20 : JOBS;
  const runs = Math.max(ctx.runs, ctx.quick ? 1 : 5);
  const perRun = Math.ceil(total / runs);
  const rows: Row[] = [];
  for (const db of [ctx.postgres, ctx.pglite].filter((d): d is PreparedDb => !!d)) {
    const database = await open(db);
    try {
      const boss = await pgBossRuns(runs, perRun, database);
      const raw = await rawRuns(runs, perRun, database);
      const p95 = summarize(boss.map((l) => percentile(l, 95)));
      const rawP95 = summarize(raw.map((l) => percentile(l, 95)));
      const all = boss.flat();
      const rawAll = raw.flat();
      rows.push({
        metric: `${db.kind === 'postgres' ? 'PostgreSQL' : 'embedded'}: pickup p95, ${runs}×${perRun} jobs, one per ${SPACING_MS} ms`,
        candidate: `pg-boss ${fmt(p95, ' ms')}`,
        baseline: `raw SKIP LOCKED ${fmt(rawP95, ' ms')}`,
        target: '≤ 100 ms',
        held: p95.median <= 100,
        note: `p95 of all ${all.length}: ${percentile(all, 95).toFixed(1)} ms vs ${percentile(rawAll, 95).toFixed(1)} ms; both woken by NOTIFY at commit, ${POLL_MS} ms poll fallback`,
        data: {
          pgBoss: {
            p50: summarize(boss.map((l) => percentile(l, 50))),
            p95,
            max: summarize(boss.map((l) => Math.max(...l))),
            pooledP95: percentile(all, 95),
          },
          raw: {
            p50: summarize(raw.map((l) => percentile(l, 50))),
            p95: rawP95,
            max: summarize(raw.map((l) => Math.max(...l))),
            pooledP95: percentile(rawAll, 95),
          },
          jobs: all.length,
          spacingMs: SPACING_MS,
          pollMs: POLL_MS,
        },
      });
    } finally {
      await database.close();
    }
  }
  return rows;
}
