import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresTemplateName } from '../../../test/db-templates.ts';

/**
 * The kill test: 20 grant jobs, a worker process SIGKILLed in the middle of them and started
 * again. Needs PostgreSQL (two processes share the queue): TEST_DATABASE_URL.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const JOBS = 20;
const MODEL_DELAY_MS = 700;
const EXPIRE_SECONDS = 8;

if (!ADMIN_URL) console.warn('[worker-kill.test] skipped: TEST_DATABASE_URL is not set (CI always sets it)');

(ADMIN_URL ? describe : describe.skip)('a killed worker', () => {
  let dbUrl = '';
  let dbName = '';
  let pool: pg.Pool;
  let model: http.Server;
  let modelUrl = '';
  let modelCalls = 0;
  const children: ChildProcess[] = [];

  const startWorker = () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
      cwd: REPO,
      env: {
        ...process.env,
        DATABASE_URL: dbUrl,
        DATA_DIR: `/tmp/grantleaf-kill-${dbName}`,
        LOG_LEVEL: 'warn',
        JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
        // The killed run becomes a retry at the next maintenance: every second here, not every 30 s.
        JOB_MAINTENANCE_SECONDS: '1',
        // The killed run's retry comes due after 1–2 s, not the job's own 10–20 s.
        JOB_RETRY_DELAY_SECONDS: '1',
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: `${modelUrl}/v1`,
        AI_MODEL: 'fake-slow',
        SMTP_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    return child;
  };
  const q = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows;

  beforeAll(async () => {
    // A slow "model" keeps every job busy long enough for the kill to land in the middle of one.
    model = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        modelCalls += 1;
        setTimeout(() => {
          res.writeHead(200, { 'content-type': 'application/json' });
          // Valid chat completion, unusable content: the engine falls back to the offline draft.
          res.end(
            JSON.stringify({
              id: 'x',
              object: 'chat.completion',
              created: 0,
              model: 'fake-slow',
              choices: [{ index: 0, message: { role: 'assistant', content: '{}' }, finish_reason: 'stop' }],
              usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
            }),
          );
        }, MODEL_DELAY_MS);
      });
    });
    await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
    modelUrl = `http://127.0.0.1:${(model.address() as { port: number }).port}`;

    dbName = `gl_kill_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    // A copy of the migrated template (ADR 0420): this process's start below finds the migrations done.
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${await postgresTemplateName(ADMIN_URL!)}`);
    await admin.end();
    const url = new URL(ADMIN_URL!);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    pool = new pg.Pool({ connectionString: dbUrl, max: 3 });
  }, 30_000);

  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await pool?.end();
    model?.close();
    if (ADMIN_URL && dbName) {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  }, 30_000);

  it('loses no job and repeats no effect', async () => {
    // The API side, in this process: migrates, creates the queues, and enqueues through the real service.
    const { parseEnv } = await import('../../env.ts');
    const { startRuntime } = await import('../../runtime.ts');
    const { createSubmissionsService } = await import('./submissions.service.ts');
    const { fundUser } = await import('../../../test/harness.ts');
    const { users } = await import('../auth/auth.schema.ts');
    const runtime = await startRuntime(
      parseEnv({
        DATABASE_URL: dbUrl,
        WORKERS: 'off',
        LOG_LEVEL: 'silent',
        DATA_DIR: `/tmp/grantleaf-kill-${dbName}`,
        // The queue takes the jobs' expiry from the env it starts with (the killed run must expire).
        JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
        JOB_MAINTENANCE_SECONDS: '1',
        JOB_RETRY_DELAY_SECONDS: '1',
      }),
    );
    try {
      const service = createSubmissionsService({
        db: runtime.database.db,
        queue: runtime.queue,
        etaLimitMs: EXPIRE_SECONDS * 1000,
      });
      const program = 'ca-nserc-alliance-advantage';
      const people = [];
      for (let i = 0; i < 4; i++) {
        const [user] = await runtime.database.db
          .insert(users)
          .values({
            email: `kill${i}-${dbName}@utoronto.ca`,
            name: `Kill ${i}`,
            phone: '1',
            passwordHash: 'x',
          })
          .returning();
        await fundUser(runtime.database.db, user!.id, 200);
        people.push(user!);
      }
      for (let i = 0; i < JOBS; i++) {
        const user = people[i % people.length]!;
        const body =
          i % 2 === 0
            ? {
                type: 'analysis' as const,
                programId: program,
                contentJson: {
                  programId: program,
                  inputMethod: 'text' as const,
                  content: `Objectives: measurable outcome ${i}. Methods: trials. Budget: $10,000.`,
                },
              }
            : {
                type: 'generation' as const,
                programId: program,
                contentJson: {
                  programId: program,
                  projectTitle: `River ice sensors ${i}`,
                  projectOverview: 'Sensor network for river ice.',
                  keyObjectives: 'Deploy 40 sensors.',
                  totalBudget: '$100,000',
                  projectTimeline: '24 months',
                  timelineMilestones: [],
                  teamLeadName: 'Ada Lee',
                  teamLeadRole: 'PI',
                  teamProfiles: 'Hydrologists',
                  industryPartner: '',
                },
              };
        await service.create(user, body as never);
      }

      let worker = startWorker();
      // Kill once some jobs are done and one is in the middle of its model call.
      const deadline = Date.now() + 60_000;
      for (;;) {
        const [row] = await q(
          `select (select count(*)::int from submissions where status <> 'processing') as done,
                  (select count(*)::int from pgboss.job where name = 'grant-submission' and state = 'active') as active`,
        );
        if (row.done >= 4 && row.active > 0) break;
        if (Date.now() > deadline) throw new Error(`worker made no progress: ${JSON.stringify(row)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      worker.kill('SIGKILL');
      await new Promise((r) => worker.once('exit', r));
      const [atKill] = await q(`select count(*)::int as done from submissions where status <> 'processing'`);
      expect(atKill.done).toBeLessThan(JOBS);

      worker = startWorker();
      const finishBy = Date.now() + 150_000;
      for (;;) {
        // Done means every row settled AND every queue job ended: a job killed after its results
        // were written still owes its e-mail, which its retry (after expiry) sends.
        const [row] = await q(
          `select (select count(*)::int from submissions where status = 'processing') as open,
                  (select count(*)::int from pgboss.job where name = 'grant-submission' and state in ('created', 'retry', 'active')) as pending`,
        );
        if (row.open === 0 && row.pending === 0) break;
        if (Date.now() > finishBy) throw new Error(`jobs never finished: ${JSON.stringify(row)}`);
        await new Promise((r) => setTimeout(r, 500));
      }
      // Let a straggling duplicate (if any) run to its end before counting effects.
      await new Promise((r) => setTimeout(r, 2000));

      const subs = await q(`select id, user_id, status, cost from submissions`);
      expect(subs).toHaveLength(JOBS);
      for (const s of subs) expect(['complete', 'failed']).toContain(s.status);

      const ledger = await q(
        `select reason, reference, count(*)::int as n from credit_ledger where reason in ('spend', 'refund') group by reason, reference`,
      );
      for (const s of subs) {
        const spends = ledger.filter((l) => l.reason === 'spend' && l.reference === `submission:${s.id}`);
        const refunds = ledger.filter((l) => l.reason === 'refund' && l.reference === `submission:${s.id}`);
        expect(spends.map((l) => l.n)).toEqual([1]);
        expect(refunds.length).toBe(s.status === 'failed' ? 1 : 0);
      }
      for (const user of people) {
        const [{ credits }] = await q(`select credits from users where id = $1`, [user.id]);
        const kept = subs
          .filter((s) => s.user_id === user.id && s.status === 'complete')
          .reduce((sum, s) => sum + s.cost, 0);
        expect(credits).toBe(200 - kept);
      }
      const mails = await q(`select dedupe_key from outbox_emails where dedupe_key like 'submission-%'`);
      expect(mails).toHaveLength(JOBS);
      expect(new Set(mails.map((m) => m.dedupe_key.split(':')[1])).size).toBe(JOBS);

      // The kill really interrupted a job: pg-boss retried at least one after it expired.
      const [retried] = await q(
        `select count(*)::int as n from pgboss.job where name = 'grant-submission' and retry_count > 0`,
      );
      expect(retried.n).toBeGreaterThan(0);
      expect(modelCalls).toBeGreaterThanOrEqual(JOBS);
    } finally {
      await runtime.close();
    }
  }, 240_000);
});
