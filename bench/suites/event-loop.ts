import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTarget, type Target } from '../lib/child.ts';
import { runLoad } from '../lib/load.ts';
import { writeTextPdf } from '../lib/pdf-fixture.ts';
import type { Context, Row } from '../lib/report.ts';
import { fmt, summarize, type Summary } from '../lib/stats.ts';
import { EXTRACTOR } from './pdf.ts';

type Eld = { p50: number; p99: number; max: number };

async function withEld(target: Target, work: () => Promise<unknown>): Promise<Eld> {
  await target.call('eldStart');
  await work();
  return target.call<Eld>('eldStop');
}

/** monitorEventLoopDelay inside the app's process: nominal, under reads, a broad search, a PDF, logins. */
export async function eventLoopSuite(ctx: Context): Promise<Row[]> {
  const db = ctx.pglite!;
  const headers = db.seeded.sessions.map((s) => ({ authorization: `Bearer ${s.token}` }));
  const light = (t: Target) =>
    runLoad({
      url: t.url,
      path: '/api/auth/user',
      headers,
      connections: 4,
      durationSeconds: ctx.duration,
      overallRate: 100,
    });
  const broad = (t: Target) =>
    runLoad({
      url: t.url,
      path: `/api/grant-programs?q=${db.seeded.broadTerm}&pageSize=20`,
      headers,
      connections: 8,
      durationSeconds: ctx.duration,
    });
  const figures: Record<string, Record<string, Summary>> = {};

  const measure = async (thread: 'worker' | 'main') => {
    const target = await startTarget({ mode: 'app', pgliteDir: db.dir, pgliteThread: thread });
    const out: Record<string, Summary> = {};
    try {
      if (ctx.warmUp) await light(target);
      const nominal: number[] = [];
      const search: number[] = [];
      for (let i = 0; i < ctx.runs; i++) {
        nominal.push((await withEld(target, () => light(target))).p99);
        search.push((await withEld(target, () => broad(target))).p99);
      }
      out.nominal = summarize(nominal);
      out.search = summarize(search);
      if (thread === 'worker' && fs.existsSync(EXTRACTOR)) {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-bench-eld-'));
        const file = await writeTextPdf(dir, ctx.quick ? 10 : 100);
        const pdf: number[] = [];
        for (let i = 0; i < ctx.runs; i++) {
          pdf.push(
            (await withEld(target, () => Promise.all([target.call('extract', { file }), light(target)]))).p99,
          );
        }
        out.pdf = summarize(pdf);
        fs.rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      await target.close();
    }
    return out;
  };
  figures.worker = await measure('worker');
  figures.main = await measure('main');

  const apiRead = ctx.shared.apiRead as Record<string, Record<string, { eldP99: Summary }>> | undefined;
  const rows: Row[] = [];
  const line = (metric: string, after: Summary | undefined, before: Summary | undefined, limit: number) =>
    after &&
    rows.push({
      metric,
      candidate: `PGlite worker ${fmt(after, ' ms')}`,
      baseline: before ? `PGlite in-thread (before) ${fmt(before, ' ms')}` : '—',
      target: `p99 ≤ ${limit} ms`,
      held: after.median <= limit,
      data: { after, before },
    });
  line('event-loop p99, nominal (100 req/s)', figures.worker.nominal, figures.main.nominal, 20);
  for (const [route, f] of Object.entries(apiRead?.pglite ?? {})) {
    line(
      `event-loop p99 during api-read ${route.split('&')[0]}`,
      f.eldP99,
      apiRead?.['pglite-in-thread']?.[route]?.eldP99,
      50,
    );
  }
  for (const [route, f] of Object.entries(apiRead?.postgres ?? {})) {
    rows.push({
      metric: `event-loop p99 during api-read ${route.split('&')[0]} (PostgreSQL)`,
      candidate: fmt(f.eldP99, ' ms'),
      baseline: '—',
      target: 'p99 ≤ 50 ms',
      held: f.eldP99.median <= 50,
    });
  }
  line(
    `event-loop p99 during a broad search ("${db.seeded.broadTerm}")`,
    figures.worker.search,
    figures.main.search,
    50,
  );
  line(
    `event-loop p99 during a ${ctx.quick ? 10 : 100}-page PDF extraction`,
    figures.worker.pdf,
    undefined,
    50,
  );
  line('event-loop p99 during 20 logins/s', ctx.shared.loginEld as Summary | undefined, undefined, 50);
  return rows;
}
