import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PAID_KINDS,
  request,
  startApiWithFundedUsers,
  startProcess,
  suiteDatabase,
  type AppProcess,
  type PaidKind,
} from './processes.ts';

/**
 * Issue 15 §4: keyed paid requests, the API process SIGKILLed mid-load, every client retrying its
 * request with the same Idempotency-Key after the restart. A key is either unused (the retry runs
 * the work, once) or bound to its answer (the retry replays it): every key ends with one 201 and
 * exactly one spend, at once, without waiting out any lease. Needs PostgreSQL.
 */

const ADMIN_URL = process.env.TEST_DATABASE_URL;
if (!ADMIN_URL)
  console.warn('[idempotency-sigkill.test] skipped: TEST_DATABASE_URL is not set (CI always sets it)');

// Enough users that no one passes the paid-route limit (USER_LIMITS.paid) with a request, its retry and its replay.
const USERS = 10;
const RATE_PER_SECOND = 40;
/** At most this many loaded requests per user: each is sent, retried and replayed within the minute. */
const PER_USER = 8;
/** The kill lands once this many loaded requests were answered (or after KILL_LATEST_MS). */
const KILL_AFTER_ACKS = 8;
const KILL_LATEST_MS = 15_000;
/** Retries after the restart must settle well inside this; the old lease was 300 s. */
const SETTLE_MS = 30_000;
interface Keyed {
  key: string;
  kind: PaidKind;
  url: string;
  body: unknown;
  token: string;
  firstStatus: number | 'cut';
}

(ADMIN_URL ? describe : describe.skip)('Idempotency-Key across a SIGKILL', () => {
  const database = suiteDatabase('gl_idem');
  const q = database.query;
  let api: AppProcess | undefined;
  // Registered after the database's hooks, so it runs first: the process goes before its database.
  afterAll(async () => {
    await api?.kill('SIGKILL');
  });

  it('charges every keyed request once when clients retry after a kill -9', async () => {
    const setup = await startApiWithFundedUsers({
      dbUrl: database.url(),
      dataDir: database.dataDir,
      count: USERS,
      subnet: 60,
      query: q,
    });
    api = setup.api;
    const { env, users } = setup;

    const sent: Keyed[] = [];
    // One of each kind first: the paid routes answer before any kill.
    for (const [i, k] of PAID_KINDS.entries()) {
      const keyed: Keyed = {
        key: `warm-${i}`,
        kind: k.kind,
        url: k.url,
        body: k.body(-1),
        token: users[i]!.token,
        firstStatus: 'cut',
      };
      const res = await request(api.baseUrl, 'POST', keyed.url, {
        token: keyed.token,
        body: keyed.body,
        headers: { 'idempotency-key': keyed.key },
      });
      expect(res.status, `${k.url}: ${JSON.stringify(res.body)}`).toBe(201);
      keyed.firstStatus = res.status;
      sent.push(keyed);
    }

    // Keyed requests at ~50/s until the kill lands, one fresh key per request.
    const inflight: Promise<void>[] = [];
    const started = Date.now();
    const warm = sent.length;
    const acknowledged = () => sent.filter((s) => s.firstStatus === 201).length - warm;
    let killedAt = 0;
    while (!killedAt || Date.now() < killedAt + 300) {
      if (!killedAt && (acknowledged() >= KILL_AFTER_ACKS || Date.now() >= started + KILL_LATEST_MS)) {
        api.child.kill('SIGKILL');
        killedAt = Date.now();
      }
      const i = sent.length;
      if (i - warm >= USERS * PER_USER) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const k = PAID_KINDS[i % PAID_KINDS.length]!;
      const keyed: Keyed = {
        key: `retry-${i}-${randomBytes(4).toString('hex')}`,
        kind: k.kind,
        url: k.url,
        body: k.body(i),
        token: users[i % USERS]!.token,
        firstStatus: 'cut',
      };
      sent.push(keyed);
      inflight.push(
        request(api.baseUrl, 'POST', keyed.url, {
          token: keyed.token,
          body: keyed.body,
          headers: { 'idempotency-key': keyed.key },
        }).then(
          (res) => void (keyed.firstStatus = res.status),
          () => undefined,
        ),
      );
      const wait = started + ((sent.length - warm) * 1000) / RATE_PER_SECOND - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await Promise.all(inflight);
    await api.kill('SIGKILL');
    const acked = sent.filter((s) => s.firstStatus === 201).length;
    const cut = sent.filter((s) => s.firstStatus === 'cut').length;
    console.info(`[idempotency-sigkill] sent ${sent.length}, acknowledged ${acked}, cut off ${cut}`);
    expect(acked).toBeGreaterThanOrEqual(warm + KILL_AFTER_ACKS);
    expect(cut).toBeGreaterThan(0);

    api = await startProcess('api', env);
    // Every client retries its own request with its own key until it gets a final answer.
    const settleBy = Date.now() + SETTLE_MS;
    const finals = await Promise.all(
      sent.map(async (s) => {
        for (;;) {
          const res = await request(api!.baseUrl, 'POST', s.url, {
            token: s.token,
            body: s.body,
            headers: { 'idempotency-key': s.key },
          });
          if (res.status !== 409 && res.status !== 429) return res;
          if (Date.now() > settleBy) return res;
          await new Promise((r) => setTimeout(r, 250));
        }
      }),
    );
    const statuses = finals.map((r) => r.status);
    expect(
      statuses.filter((s) => s !== 201),
      'every key settles with a 201, without waiting for a lease',
    ).toEqual([]);
    // A second retry replays the same answer.
    const replays = await Promise.all(
      sent.map((s) =>
        request(api!.baseUrl, 'POST', s.url, {
          token: s.token,
          body: s.body,
          headers: { 'idempotency-key': s.key },
        }),
      ),
    );
    for (const [i, r] of replays.entries()) {
      expect(r.headers.get('idempotent-replayed')).toBe('true');
      expect(r.body.id).toBe(finals[i]!.body.id);
    }

    // Exactly one spend per key: as many spends as keys, and each answer's work paid once.
    const spends = await q(
      `select reference, count(*)::int as n from credit_ledger where reason = 'spend' group by reference`,
    );
    expect(spends.filter((s) => s.n !== 1)).toEqual([]);
    expect(spends.length, 'spends (one per key)').toBe(sent.length);
    const paid = new Set(spends.map((s) => s.reference as string));
    for (const [i, s] of sent.entries())
      expect(paid.has(`${s.kind}:${finals[i]!.body.id}`), `${s.key} paid`).toBe(true);
    const keys = await q(`select state, count(*)::int as n from idempotency_keys group by state`);
    expect(keys).toEqual([{ state: 'done', n: sent.length }]);

    const drift = await q(
      `select u.id from users u left join credit_ledger l on l.user_id = u.id group by u.id, u.credits having u.credits <> coalesce(sum(l.amount), 0)`,
    );
    expect(drift, 'balance differs from ledger sum').toEqual([]);
  }, 300_000);
});
