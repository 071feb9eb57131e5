import { startTarget, type Target } from '../lib/child.ts';
import { runLoad, type LoadResult } from '../lib/load.ts';
import type { PreparedDb } from '../lib/databases.ts';
import type { Context, Row } from '../lib/report.ts';
import { fmt, round, summarize, type Summary } from '../lib/stats.ts';
import type { Recipe } from '../lib/target.ts';

export const readRoutes = (term: string) => [
  '/api/auth/user',
  '/api/submissions',
  `/api/grant-programs?q=${encodeURIComponent(term)}&pageSize=20`,
];

interface RouteFigures {
  app: { rps: Summary; p95: Summary; p99: Summary };
  raw?: { rps: Summary; p95: Summary; p99: Summary };
  ratio?: Summary;
  eldP99: Summary;
}

const fig = (rs: LoadResult[]) => ({
  rps: summarize(rs.map((r) => r.rps)),
  p95: summarize(rs.map((r) => r.p95)),
  p99: summarize(rs.map((r) => r.p99)),
});

async function measure(
  ctx: Context,
  target: Target,
  db: PreparedDb,
  withRaw: boolean,
): Promise<Record<string, RouteFigures>> {
  const headers = db.seeded.sessions.map((s) => ({ authorization: `Bearer ${s.token}` }));
  const routes = readRoutes(db.seeded.selectiveTerm);
  let rawUrl: string | undefined;
  if (withRaw) {
    const recipes: Record<string, Recipe> = {};
    const who = db.seeded.sessions[0]!;
    for (const route of routes) {
      await target.call('captureStart');
      const res = await fetch(target.url + route, { headers: { authorization: `Bearer ${who.token}` } });
      const queries = await target.call('captureStop');
      if (res.status !== 200) throw new Error(`${route} answered ${res.status}: ${await res.text()}`);
      recipes[route] = { queries, idHash: who.idHash, userId: who.userId };
    }
    const port = await target.call<number>('startRaw', { recipes, sessions: db.seeded.sessions });
    rawUrl = `http://127.0.0.1:${port}`;
  }
  const out: Record<string, RouteFigures> = {};
  for (const route of routes) {
    const load = (url: string) =>
      runLoad({ url, path: route, headers, connections: ctx.connections, durationSeconds: ctx.duration });
    if (ctx.warmUp) await load(target.url);
    const app: LoadResult[] = [];
    const raw: LoadResult[] = [];
    const eld: number[] = [];
    for (let i = 0; i < ctx.runs; i++) {
      await target.call('eldStart');
      const a = await load(target.url);
      eld.push((await target.call<{ p99: number }>('eldStop')).p99);
      if (a.errors || a.non2xx) throw new Error(`${route}: ${a.non2xx} non-2xx, ${a.errors} errors`);
      app.push(a);
      if (rawUrl) {
        const r = await load(rawUrl);
        if (r.errors || r.non2xx) throw new Error(`raw ${route}: ${r.non2xx} non-2xx, ${r.errors} errors`);
        raw.push(r);
      }
    }
    out[route] = {
      app: fig(app),
      raw: rawUrl ? fig(raw) : undefined,
      // A run where the baseline finished nothing has no ratio (it is left out, not counted as ∞).
      ratio: rawUrl ? summarize(app.map((a, i) => a.rps / raw[i]!.rps).filter(Number.isFinite)) : undefined,
      eldP99: summarize(eld),
    };
  }
  return out;
}

/** The three read routes on each database, beside the same SQL through raw pg; PGlite before/after. */
export async function apiReadSuite(ctx: Context): Promise<Row[]> {
  const rows: Row[] = [];
  const figures: Record<string, Record<string, RouteFigures>> = {};
  const dbs = [ctx.postgres, ctx.pglite].filter((d): d is PreparedDb => !!d);
  for (const db of dbs) {
    ctx.log(`api-read on ${db.kind}`);
    const target = await startTarget(
      db.kind === 'postgres'
        ? { mode: 'app', databaseUrl: db.url }
        : { mode: 'app', pgliteDir: db.dir, pgliteThread: 'worker' },
    );
    try {
      figures[db.kind] = await measure(ctx, target, db, true);
    } finally {
      await target.close();
    }
  }
  if (ctx.pglite) {
    ctx.log('api-read on PGlite in the HTTP thread (before)');
    const target = await startTarget({ mode: 'app', pgliteDir: ctx.pglite.dir, pgliteThread: 'main' });
    try {
      figures['pglite-in-thread'] = await measure(ctx, target, ctx.pglite, false);
    } finally {
      await target.close();
    }
  }
  ctx.shared.apiRead = figures;

  const label: Record<string, string> = {
    postgres: 'PostgreSQL',
    pglite: 'embedded (PGlite worker)',
    'pglite-in-thread': 'embedded, PGlite in-thread (before)',
  };
  for (const [kind, byRoute] of Object.entries(figures)) {
    for (const [route, f] of Object.entries(byRoute)) {
      const path = route.split('&')[0]!;
      if (f.raw && f.ratio) {
        rows.push({
          metric: `${label[kind]} ${path} req/s vs raw pg`,
          candidate: `${fmt(f.app.rps)} req/s`,
          baseline: `${fmt(f.raw.rps)} req/s`,
          target: '≥ 0.85× raw',
          held: Number.isFinite(f.ratio.median) ? f.ratio.median >= 0.85 : false,
          note: `ratio ${fmt(f.ratio)}`,
          data: f,
        });
        rows.push({
          metric: '  ratio to raw',
          candidate: f.ratio.runs
            ? `${round(f.ratio.median)}× (${round(f.ratio.min)}–${round(f.ratio.max)}), ${f.ratio.runs} of ${ctx.runs} runs`
            : 'no run where raw finished a request',
          baseline: '1×',
          target: '≥ 0.85×',
          held: Number.isFinite(f.ratio.median) ? f.ratio.median >= 0.85 : false,
        });
      } else {
        rows.push({
          metric: `${label[kind]} ${path} req/s`,
          candidate: `${fmt(f.app.rps)} req/s`,
          baseline: '—',
          target: '',
          held: null,
          data: f,
        });
      }
      const pgF = figures.postgres?.[route];
      if (kind === 'postgres') {
        rows.push({
          metric: `  p99 latency`,
          candidate: fmt(f.app.p99, ' ms'),
          baseline: f.raw ? fmt(f.raw.p99, ' ms') : '—',
          target: '≤ 50 ms',
          held: f.app.p99.median <= 50,
        });
      } else {
        rows.push({
          metric: `  p95 latency`,
          candidate: fmt(f.app.p95, ' ms'),
          baseline: pgF ? `PostgreSQL ${fmt(pgF.app.p95, ' ms')}` : '—',
          target: '≤ 3× PostgreSQL p95',
          held: pgF ? f.app.p95.median <= 3 * pgF.app.p95.median : null,
        });
      }
    }
  }
  return rows;
}
