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

// pg-boss 10 waits out the rest of its polling interval after every fetch, even a successful one
// (node_modules/pg-boss/src/worker.js), so with the app's batchSize 1 and 0.5 s interval one
// process drains at most 2 jobs/s per queue. Jobs arrive a little slower than that, so the figure
// is pickup latency, not the length of a backlog.
const SPACING_MS = 600;
// The same polling interval as the app's queue (apps/server/src/jobs/queue.ts).
const POLL_MS = 500;

const open = (db: PreparedDb) => createDatabase(db.kind === 'postgres' ? { databaseUrl: db.url } : { pgliteDir: db.dir });

async function produce(count: number, send: (sentAt: number) => Promise<void>) {
  const t0 = Date.now();
  for (let i = 0; i < count; i++) {
    const due = t0 + i * SPACING_MS;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    await send(Date.now());
  }
}

async function until(done: () => boolean, timeoutMs: number) {
  const t0 = Date.now();
  while (!done()) {
    if (Date.now() - t0 > timeoutMs) throw new Error('jobs were not all picked up in time');
    await sleep(20);
  }
}

async function pgBossRuns(ctx: Context, database: Database, perRun: number): Promise<number[][]> {
  let latencies: number[] = [];
  const job = defineJob({
    name: 'bench-noop',
    payload: z.object({ sentAt: z.number() }),
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
    async handle(_deps, payload) {
      latencies.push(Date.now() - payload.sentAt);
    },
  });
  const env = parseEnv({ DATA_DIR: '/tmp/grantleaf-bench-jobs', LOG_LEVEL: 'silent', WORKERS: 'off' });
  const queue = await createJobQueue({ database, env, mailer: {} as Mailer, log: pino({ level: 'silent' }) }, [job]);
  const runs: number[][] = [];
  try {
    await queue.work();
    for (let r = 0; r < ctx.runs; r++) {
      latencies = [];
      await produce(perRun, (sentAt) => queue.send(database.db, job, { sentAt }));
      await until(() => latencies.length >= perRun, 120_000);
      runs.push(latencies);
    }
  } finally {
    await queue.stop();
  }
  return runs;
}

async function rawRuns(ctx: Context, database: Database, perRun: number): Promise<number[][]> {
  const raw = database.raw;
  await raw.executeSql(
    `CREATE TABLE IF NOT EXISTS bench_raw_jobs (id bigserial PRIMARY KEY, sent_at double precision NOT NULL, state text NOT NULL DEFAULT 'created')`,
  );
  let latencies: number[] = [];
  let stopped = false;
  const consumer = (async () => {
    while (!stopped) {
      const { rows } = await raw.executeSql(
        `UPDATE bench_raw_jobs SET state = 'active' WHERE id = (
           SELECT id FROM bench_raw_jobs WHERE state = 'created' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED
         ) RETURNING id, sent_at`,
      );
      if (rows.length === 0) {
        await sleep(POLL_MS);
        continue;
      }
      latencies.push(Date.now() - Number(rows[0].sent_at));
      await raw.executeSql(`UPDATE bench_raw_jobs SET state = 'completed' WHERE id = $1`, [rows[0].id]);
    }
  })();
  const runs: number[][] = [];
  try {
    for (let r = 0; r < ctx.runs; r++) {
      latencies = [];
      await produce(perRun, async (sentAt) => {
        await raw.executeSql('INSERT INTO bench_raw_jobs (sent_at) VALUES ($1)', [sentAt]);
      });
      await until(() => latencies.length >= perRun, 120_000);
      runs.push(latencies);
    }
  } finally {
    stopped = true;
    await consumer;
    await raw.executeSql('DROP TABLE bench_raw_jobs');
  }
  return runs;
}

/** Enqueue → handler start through pg-boss, beside a hand-rolled SKIP LOCKED queue, same schedule. */
export async function jobsSuite(ctx: Context): Promise<Row[]> {
  const perRun = ctx.quick ? 3 : 10;
  const rows: Row[] = [];
  for (const db of [ctx.postgres, ctx.pglite].filter((d): d is PreparedDb => !!d)) {
    const database = await open(db);
    try {
      const boss = await pgBossRuns(ctx, database, perRun);
      const raw = await rawRuns(ctx, database, perRun);
      const p95 = summarize(boss.map((l) => percentile(l, 95)));
      const rawP95 = summarize(raw.map((l) => percentile(l, 95)));
      rows.push({
        metric: `${db.kind === 'postgres' ? 'PostgreSQL' : 'embedded'}: pickup p95, ${ctx.runs}×${perRun} jobs, one per ${SPACING_MS} ms`,
        candidate: `pg-boss ${fmt(p95, ' ms')}`,
        baseline: `raw SKIP LOCKED ${fmt(rawP95, ' ms')}`,
        target: '≤ 100 ms',
        held: p95.median <= 100,
        data: {
          pgBoss: { p50: summarize(boss.map((l) => percentile(l, 50))), p95, max: summarize(boss.map((l) => Math.max(...l))) },
          raw: { p50: summarize(raw.map((l) => percentile(l, 50))), p95: rawP95 },
          pollMs: POLL_MS,
        },
      });
    } finally {
      await database.close();
    }
  }
  return rows;
}
