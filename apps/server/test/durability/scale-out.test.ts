import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createThrowawayPostgres,
  request,
  startProcess,
  verifyFromOutbox,
  type AppProcess,
} from './processes.ts';

/**
 * Scale-out (issue 7 §5): two API processes with WORKERS=off and two worker processes (the
 * entry point `npm run worker` runs) on one PostgreSQL. Every job's effects happen once, and the
 * rate limits hold across the processes. Needs PostgreSQL.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL) console.warn('[scale-out.test] skipped: TEST_DATABASE_URL is not set (CI always sets it)');

const IDEAS = 16;
const FUNDING = 8;

(ADMIN_URL ? describe : describe.skip)('two API processes and two workers on one PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof createThrowawayPostgres>>;
  let pool: pg.Pool;
  const procs: AppProcess[] = [];
  let apis: AppProcess[] = [];
  const q = async (text: string, values: unknown[] = []) => (await pool.query(text, values)).rows;

  const keyEnv = {
    DATA_DIR: `/tmp/grantleaf-scale-${randomBytes(4).toString('hex')}`,
    FILE_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  beforeAll(async () => {
    db = await createThrowawayPostgres(ADMIN_URL!, 'gl_scale');
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    const env = {
      DATABASE_URL: db.url,
      ADMIN_EMAILS: 'admin@grantleaf.ca',
      TRUST_PROXY: '127.0.0.1',
      ...keyEnv,
    };
    // The first process migrates; the rest start together against the migrated database.
    const first = await startProcess('api', { ...env, WORKERS: 'off' });
    procs.push(first);
    const rest = await Promise.all([
      startProcess('api', { ...env, WORKERS: 'off' }),
      startProcess('worker', env),
      startProcess('worker', env),
    ]);
    procs.push(...rest);
    apis = [first, rest[0]!];
  }, 150_000);
  afterAll(async () => {
    await Promise.all(procs.map((p) => p.kill('SIGTERM')));
    await pool?.end();
    await db?.drop();
  });

  it('runs every job once, whichever API took the request and whichever worker picked it up', async () => {
    const api = (i: number) => apis[i % 2]!.baseUrl;
    const register = async (n: number) => {
      const email = `scale-${n}-${randomBytes(3).toString('hex')}@utoronto.ca`;
      const res = await request(api(n), 'POST', '/api/auth/register', {
        headers: { 'x-forwarded-for': `10.60.${n}.1` },
        body: { name: `Scale ${n}`, phone: '+1 416 555 0100', email, password: 'Tr1cky-Passphrase' },
      });
      expect(res.status).toBe(201);
      // Paid work waits for a verified address (ADR 0150).
      await verifyFromOutbox(api(n), q, email, res.body.sessionId, keyEnv);
      return { token: res.body.sessionId as string, id: res.body.user.id as string, email };
    };
    const admin = await request(api(0), 'POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': '10.61.0.1' },
      body: {
        name: 'Admin',
        phone: '+1 416 555 0100',
        email: 'admin@grantleaf.ca',
        password: 'Tr1cky-Passphrase',
      },
    });
    await verifyFromOutbox(api(0), q, 'admin@grantleaf.ca', admin.body.sessionId, keyEnv);
    const users = await Promise.all([0, 1, 2, 3].map(register));
    for (const u of users) {
      expect(
        (
          await request(api(1), 'POST', `/api/admin/users/${u.id}/credits`, {
            token: admin.body.sessionId,
            body: { amount: 20, reason: 'scale' },
          })
        ).status,
      ).toBe(200);
    }

    const created = await Promise.all([
      ...Array.from({ length: IDEAS }, (_, i) =>
        request(api(i), 'POST', '/api/idea-generator-requests', {
          token: users[i % users.length]!.token,
          body: {
            researchBackground: `Background ${i}: microfluidics and sepsis biomarkers.`,
            researchInterests: 'Point-of-care sepsis diagnostics.',
          },
        }),
      ),
      ...Array.from({ length: FUNDING }, (_, i) =>
        request(api(i + 1), 'POST', '/api/funding-finder-requests', {
          token: users[i % users.length]!.token,
          body: {
            researchTopic: `River ice ${i}`,
            researchDetails: 'Low-cost sensors for flood warnings.',
            teamProfile: 'PI and two students.',
            fileContent: '',
          },
        }),
      ),
    ]);
    for (const res of created) expect(res.status, JSON.stringify(res.body)).toBe(201);

    // Bounded wait for both workers to finish everything. The kernel mails the owner after the
    // results are committed (keyed, so once), so a finished idea's e-mail may lag its row.
    const deadline = Date.now() + 40_000;
    let pending = -1;
    while (Date.now() < deadline) {
      const [row] = await q(
        `select (select count(*) from idea_requests where status = 'processing') + (select count(*) from funding_finder_requests where status = 'processing')
           + ${IDEAS} - (select count(distinct dedupe_key) from outbox_emails where dedupe_key like 'idea-ready:%') as n`,
      );
      pending = Number(row.n);
      if (pending === 0) break;
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(pending, 'requests still processing').toBe(0);

    const ideas = await q(`select status, count(*)::int as n from idea_requests group by status`);
    expect(ideas).toEqual([{ status: 'complete', n: IDEAS }]);
    const funding = await q(`select status from funding_finder_requests`);
    expect(funding).toHaveLength(FUNDING);
    expect(
      funding.every((r) => r.status !== 'processing' && r.status !== 'error' && r.status !== 'failed'),
    ).toBe(true);

    // Once: one spend per request and no refunds, one e-mail per finished idea, no retried job.
    const ledger = await q(
      `select reason, split_part(reference, ':', 1) as kind, count(*)::int as n from credit_ledger
       where reason in ('spend', 'refund') group by reason, kind order by reason, kind`,
    );
    expect(ledger).toEqual([
      { reason: 'spend', kind: 'funding', n: FUNDING },
      { reason: 'spend', kind: 'idea', n: IDEAS },
    ]);
    const mails = await q(
      `select count(*)::int as n, count(distinct dedupe_key)::int as keys from outbox_emails where dedupe_key like 'idea-ready:%'`,
    );
    expect(mails[0]).toEqual({ n: IDEAS, keys: IDEAS });
    const jobs = await q(
      `select name, state, retry_count from pgboss.job where name in ('idea-generation', 'funding-finder')
       union all select name, state, retry_count from pgboss.archive where name in ('idea-generation', 'funding-finder')`,
    ).catch(() =>
      q(
        `select name, state, retry_count from pgboss.job where name in ('idea-generation', 'funding-finder')`,
      ),
    );
    expect(jobs).toHaveLength(IDEAS + FUNDING);
    expect(jobs.filter((j) => j.state !== 'completed')).toEqual([]);
    expect(jobs.filter((j) => j.retry_count > 0)).toEqual([]);
    const drift = await q(
      `select u.id from users u left join credit_ledger l on l.user_id = u.id group by u.id having u.credits <> coalesce(sum(l.amount), 0)`,
    );
    expect(drift).toEqual([]);
  }, 60_000);

  it('holds the 25-per-IP login limit and the 10-failure account lock across both API processes', async () => {
    const ip = '10.62.0.9';
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await request(apis[i % 2]!.baseUrl, 'POST', '/api/auth/login', {
        headers: { 'x-forwarded-for': ip },
        // A different unknown account each time: only the per-IP limit can stop these.
        body: { email: `nobody-${i}@utoronto.ca`, password: 'Wrong-Password-1' },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(
      statuses.slice(0, 25).every((s) => s === 401),
      statuses.join(','),
    ).toBe(true);
    expect(
      statuses.slice(25).every((s) => s === 429),
      statuses.join(','),
    ).toBe(true);
    // The account lock too: 10 wrong passwords split over both processes (and many addresses)
    // lock the account on both, even for the right password.
    const email = `lock-${randomBytes(3).toString('hex')}@utoronto.ca`;
    const reg = await request(apis[0]!.baseUrl, 'POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': '10.63.0.1' },
      body: { name: 'Lock', phone: '+1 416 555 0100', email, password: 'Right-Password-1' },
    });
    expect(reg.status).toBe(201);
    for (let i = 0; i < 10; i++) {
      const res = await request(apis[i % 2]!.baseUrl, 'POST', '/api/auth/login', {
        headers: { 'x-forwarded-for': `10.64.${i}.1` },
        body: { email, password: 'Wrong-Password-1' },
      });
      expect(res.status).toBe(401);
    }
    for (const api of apis) {
      const locked = await request(api.baseUrl, 'POST', '/api/auth/login', {
        headers: { 'x-forwarded-for': '10.65.0.1' },
        body: { email, password: 'Right-Password-1' },
      });
      expect(locked.status).toBe(429);
    }
    // Another address is unaffected, on either process.
    const other = await request(apis[1]!.baseUrl, 'POST', '/api/auth/login', {
      headers: { 'x-forwarded-for': '10.62.0.10' },
      body: { email: 'nobody@utoronto.ca', password: 'Wrong-Password-1' },
    });
    expect(other.status).toBe(401);
  });
});
