import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POISON_REASON } from '../../src/modules/paid-work/paid-work.ts';
import { until } from '../until.ts';
import {
  createThrowawayPostgres,
  request,
  startProcess,
  verifyFromOutbox,
  type AppProcess,
} from './processes.ts';

/**
 * Issue 15 §2, poison jobs: a paid job that kills every worker that runs it (here the "model" call
 * is answered by SIGKILL of the worker process, as a hostile input would crash it) is not retried
 * into a crash loop. After two dead workers the next one fails it for good, with a readable
 * reason and one refund, without running it again. Needs PostgreSQL (API and workers share it).
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) console.warn('[poison-job.test] skipped: TEST_DATABASE_URL is not set (CI always sets it)');

const PROGRAM = 'ca-nserc-alliance-advantage';
const EXPIRE_SECONDS = 5;

(ADMIN_URL ? describe : describe.skip)('a job that kills its worker', () => {
  let db: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let pool: pg.Pool;
  let model: http.Server;
  let api: AppProcess | undefined;
  let worker: AppProcess | undefined;
  let modelCalls = 0;
  let kills = 0;
  const dataDir = `/tmp/grantleaf-poison-${randomBytes(4).toString('hex')}`;
  const q = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows;

  beforeAll(async () => {
    db = await createThrowawayPostgres(ADMIN_URL!, 'gl_poison');
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    // The "model": every call crashes the worker that made it, mid-job.
    // Only one worker lives at a time, so the live one is the caller; a call that comes before its
    // start-up finished waits for it.
    model = http.createServer((req) => {
      req.resume();
      modelCalls += 1;
      const crash = () => {
        if (worker && worker.child.exitCode === null && !worker.child.signalCode) {
          kills += 1;
          worker.child.kill('SIGKILL');
        } else setTimeout(crash, 50);
      };
      crash();
    });
    await new Promise<void>((r) => model.listen(0, '127.0.0.1', r));
  }, 30_000);
  afterAll(async () => {
    await worker?.kill('SIGKILL');
    await api?.kill('SIGKILL');
    model?.closeAllConnections();
    model?.close();
    await pool?.end();
    await db?.drop();
  });

  it('fails for good with a reason and one refund after two dead workers, instead of crash-looping', async () => {
    const modelUrl = `http://127.0.0.1:${(model.address() as { port: number }).port}/v1`;
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      JOB_EXPIRE_SECONDS: String(EXPIRE_SECONDS),
      // The dead run becomes a retry at the next maintenance: every second here, not every 30 s.
      JOB_MAINTENANCE_SECONDS: '1',
      // Each retry comes due after 1–2 s (then 2–4 s), not the job's own 10–20 s (then 20–40 s).
      JOB_RETRY_DELAY_SECONDS: '1',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: modelUrl,
      AI_MODEL: 'crashing',
    };
    api = await startProcess('api', { ...env, WORKERS: 'off' });
    const email = `poison-${randomBytes(3).toString('hex')}@utoronto.ca`;
    const reg = await request(api.baseUrl, 'POST', '/api/auth/register', {
      body: { name: 'Poison', phone: '+1 416 555 0100', email, password: 'Tr1cky-Passphrase' },
    });
    expect(reg.status).toBe(201);
    const token = reg.body.sessionId as string;
    // Paid work and the free credit that pays for it wait for a verified address (ADR 0150).
    await verifyFromOutbox(api.baseUrl, q, email, token, env);
    const created = await request(api.baseUrl, 'POST', '/api/submissions', {
      token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        contentJson: { programId: PROGRAM, inputMethod: 'text', content: 'Objectives: one.' },
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;

    const started = Date.now();
    // Workers keep coming back (as a supervisor would restart them) until the work is settled.
    const status = async () => (await request(api!.baseUrl, 'GET', `/api/submissions/${id}`, { token })).body;
    await until(async () => {
      if (!worker || worker.child.exitCode !== null || worker.child.signalCode) {
        const [job] = await q(`select state, retry_count from pgboss.job where name = 'grant-submission'`);
        console.info(
          `[poison-job] ${Math.round((Date.now() - started) / 1000)} s: workers killed ${kills}, job ${JSON.stringify(job)}; starting a worker`,
        );
        worker = await startProcess('worker', env);
      }
      return (await status()).status !== 'processing';
    }, 230_000);

    expect(kills, 'the work ran twice, each time killing its worker, and not a third time').toBe(2);
    expect(modelCalls).toBeGreaterThanOrEqual(2);
    expect(await status()).toMatchObject({ status: 'failed', error: POISON_REASON, results: null });
    const user = (await request(api.baseUrl, 'GET', '/api/auth/user', { token })).body;
    expect(user.credits).toBe(1);
    const ledger = await q(`select reason, amount from credit_ledger where reference = $1 order by id`, [
      `submission:${id}`,
    ]);
    expect(ledger).toEqual([
      { reason: 'spend', amount: -10 },
      { reason: 'refund', amount: 10 },
    ]);
    // The last worker is alive and keeps serving.
    expect(worker!.child.exitCode).toBeNull();
  }, 260_000);
});
