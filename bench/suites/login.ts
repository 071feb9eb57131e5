import { performance } from 'node:perf_hooks';
import { startTarget, type Target } from '../lib/child.ts';
import { runLoad } from '../lib/load.ts';
import type { PreparedDb } from '../lib/databases.ts';
import type { Context, Row } from '../lib/report.ts';
import { fmt, percentile, round, sleep, summarize } from '../lib/stats.ts';

const LOGINS_PER_SECOND = 20;
const READ_RATE = 200;

let ipCounter = 0;
/** Drives POST /api/auth/login at 20/s for `seconds`, each from its own (forwarded) address. */
export async function driveLogins(
  target: Target,
  db: PreparedDb,
  seconds: number,
): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const count = Math.round(seconds * LOGINS_PER_SECOND);
  const t0 = Date.now();
  for (let i = 0; i < count; i++) {
    const wait = t0 + (i * 1000) / LOGINS_PER_SECOND - Date.now();
    if (wait > 0) await sleep(wait);
    const n = ipCounter++;
    const user = 1 + (n % Math.min(db.seeded.sessions.length * 10, 5000));
    const started = performance.now();
    pending.push(
      fetch(`${target.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        },
        body: JSON.stringify({ email: `bench${user}@utoronto.ca`, password: db.seeded.password }),
      }).then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
        latencies.push(performance.now() - started);
      }),
    );
  }
  await Promise.all(pending);
  return { latencies, failures };
}

/** argon2id logins at 20/s beside GET /api/auth/user at a steady 200 req/s, vs the reads alone. */
export async function loginSuite(ctx: Context): Promise<Row[]> {
  const db = ctx.pglite!;
  const target = await startTarget({ mode: 'app', pgliteDir: db.dir, env: { TRUST_PROXY: '127.0.0.1' } });
  // Quick: 10 logins beside the reads, enough to show the suite works (Context.warmUp).
  const seconds = ctx.quick ? 0.5 : 5;
  const headers = db.seeded.sessions.map((s) => ({ authorization: `Bearer ${s.token}` }));
  const reads = () =>
    runLoad({
      url: target.url,
      path: '/api/auth/user',
      headers,
      connections: 8,
      durationSeconds: seconds,
      overallRate: READ_RATE,
    });
  try {
    if (ctx.warmUp) await reads();
    const loginP95: number[] = [];
    const aloneP99: number[] = [];
    const withP99: number[] = [];
    const eld: number[] = [];
    let failures = 0;
    for (let r = 0; r < ctx.runs; r++) {
      aloneP99.push((await reads()).p99);
      await target.call('eldStart');
      const [read, logins] = await Promise.all([reads(), driveLogins(target, db, seconds)]);
      eld.push((await target.call<{ p99: number }>('eldStop')).p99);
      withP99.push(read.p99);
      loginP95.push(percentile(logins.latencies, 95));
      failures += logins.failures;
    }
    if (failures) throw new Error(`${failures} logins failed`);
    ctx.shared.loginEld = summarize(eld);
    const ratio = summarize(withP99.map((w, i) => w / aloneP99[i]!));
    return [
      {
        metric: `login p95 at ${LOGINS_PER_SECOND}/s (embedded)`,
        candidate: fmt(summarize(loginP95), ' ms'),
        baseline: '—',
        target: '≤ 150 ms',
        held: summarize(loginP95).median <= 150,
        data: { loginP95: summarize(loginP95) },
      },
      {
        metric: `GET /api/auth/user p99 during logins (${READ_RATE} req/s)`,
        candidate: fmt(summarize(withP99), ' ms'),
        baseline: `without logins ${fmt(summarize(aloneP99), ' ms')}`,
        target: '≤ 2× baseline',
        held: ratio.median <= 2,
        note: `ratio ${fmt(ratio)}`,
        data: { withLogins: summarize(withP99), alone: summarize(aloneP99), ratio },
      },
      {
        metric: '  ratio',
        candidate: `${round(ratio.median)}× (${round(ratio.min)}–${round(ratio.max)})`,
        baseline: '1×',
        target: '≤ 2×',
        held: ratio.median <= 2,
      },
    ];
  } finally {
    await target.close();
  }
}
