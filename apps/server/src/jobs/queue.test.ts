import pino from 'pino';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseEnv } from '../env.ts';
import type { Mailer } from '../modules/mail/mail.service.ts';
import { createTestDatabase, DATABASES } from '../../test/harness.ts';
import { defineJob } from './job.ts';
import { createJobQueue, type JobQueue } from './queue.ts';
import { until } from '../../test/until.ts';

type TestDb = Awaited<ReturnType<typeof createTestDatabase>>['database'];
const silentDeps = (database: TestDb) => {
  const mailer: Mailer = { send: async () => {} };
  return { database, env: parseEnv({ LOG_LEVEL: 'silent' }), mailer, log: pino({ level: 'silent' }) };
};
/** A job that records the ids it ran, each run once (no retries). */
const recordingJob = (name: string, ran: string[]) =>
  defineJob({
    name,
    payload: z.object({ id: z.string() }),
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
    handle: async (_deps, p) => void ran.push(p.id),
  });

describe.each(DATABASES)('job queue on %s', (kind) => {
  const handled: string[] = [];
  const finalFailures: string[] = [];
  let attempts = 0;
  const ok = recordingJob('test-ok', handled);
  const failing = defineJob({
    name: 'test-failing',
    payload: z.object({ id: z.string() }),
    retryLimit: 1,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
    handle: async () => {
      attempts += 1;
      throw new Error('boom');
    },
    onFinalFailure: async (_deps, p) => void finalFailures.push(p.id),
  });
  let queue: JobQueue;
  let drop: () => Promise<void>;
  let db: TestDb;

  beforeAll(async () => {
    const created = await createTestDatabase(kind);
    db = created.database;
    drop = created.drop;
    queue = await createJobQueue(silentDeps(db), [ok, failing]);
    await queue.work();
  });
  afterAll(async () => {
    await queue.stop();
    await drop();
  });

  it("applies each start's settings to a queue that already exists (a changed expiry or retry delay)", async () => {
    const settingsOf = async (name: string) =>
      (
        (await db.db.execute(
          sql`select expire_seconds as "expire", retry_delay as "delay" from pgboss.queue where name = ${name}`,
        )) as unknown as { rows: Array<{ expire: number; delay: number }> }
      ).rows[0];
    // The suite's queue made 'test-ok' with a 60 s expiry and a 1 s retry delay; start again with others.
    expect(await settingsOf('test-ok')).toEqual({ expire: 60, delay: 1 });
    const again = await createJobQueue(
      { ...silentDeps(db), env: parseEnv({ LOG_LEVEL: 'silent', JOB_RETRY_DELAY_SECONDS: '7' }) },
      [{ ...recordingJob('test-ok', []), expireInSeconds: 45 }],
    );
    try {
      expect(await settingsOf('test-ok')).toEqual({ expire: 45, delay: 7 });
    } finally {
      await again.stop();
    }
  });

  it('sends inside a transaction: a rolled-back transaction leaves no job', async () => {
    await expect(
      db.db.transaction(async (tx) => {
        await queue.send(tx, ok, { id: 'rolled-back' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await db.db.transaction((tx) => queue.send(tx, ok, { id: 'committed' }));
    await until(() => handled.includes('committed'));
    const rows = await db.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'test-ok'`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1);
    expect(handled).not.toContain('rolled-back');
  });

  it('retries, then runs the final-failure hook once', async () => {
    await db.db.transaction((tx) => queue.send(tx, failing, { id: 'f1' }));
    await until(() => finalFailures.length > 0, 30_000);
    await new Promise((r) => setTimeout(r, 1500));
    expect(attempts).toBe(2);
    expect(finalFailures).toEqual(['f1']);
  });

  it('refuses a payload that does not match its schema', async () => {
    await expect(db.db.transaction((tx) => queue.send(tx, ok, { id: 42 } as never))).rejects.toThrow();
  });
});

describe.each(DATABASES)('job wake-ups on %s', (kind) => {
  // Polling this slow would fail every wait below: only the wake-ups can start these jobs in time.
  const POLL_SECONDS = 120;
  const started: string[] = [];
  const job = recordingJob('test-wake', started);
  let worker: JobQueue;
  let sender: JobQueue;
  let drop: () => Promise<void>;
  let db: TestDb;

  beforeAll(async () => {
    const created = await createTestDatabase(kind);
    db = created.database;
    drop = created.drop;
    const deps = silentDeps(db);
    worker = await createJobQueue(deps, [job], { pollingIntervalSeconds: POLL_SECONDS });
    // Another queue that only sends, as an API process with WORKERS=off does.
    sender = await createJobQueue(deps, [job], { pollingIntervalSeconds: POLL_SECONDS });
    await worker.work();
  });
  afterAll(async () => {
    await sender.stop();
    await worker.stop();
    await drop();
  });

  it('starts a job when the sending transaction commits, not at the next poll', async () => {
    // Let the workers' first fetch pass, so they are asleep in their polling interval.
    await new Promise((r) => setTimeout(r, 1000));
    await db.db.transaction((tx) => sender.send(tx, job, { id: 'one' }));
    await until(() => started.includes('one'), 15_000);
  });

  it('drains a backlog without waiting between jobs', async () => {
    // Identical notifications of one transaction arrive as one: the rest is the worker looking again.
    await db.db.transaction(async (tx) => {
      for (let i = 0; i < 5; i++) await sender.send(tx, job, { id: `batch-${i}` });
    });
    await until(() => started.filter((id) => id.startsWith('batch-')).length === 5, 15_000);
  });
});
