import { startTarget } from '../lib/child.ts';
import { runLoad, type LoadResult } from '../lib/load.ts';
import type { Context, Row } from '../lib/report.ts';
import { fmt, round, summarize } from '../lib/stats.ts';

/**
 * Our GET /api/health (embedded default: PGlite in its worker) vs bare node:http, interleaved, with
 * bare Fastify answering the same route in between: the gap from bare Fastify to ours is the cost
 * of our own hooks and plugins, the gap from node:http to bare Fastify the framework's. The target
 * is on the first gap (issue 29 §9: ours ≥ 0.95× bare Fastify, in the same run); Fastify itself
 * does not reach 0.85× node:http here, so that ratio is shown without a target.
 */
export async function httpSuite(ctx: Context): Promise<Row[]> {
  const bare = await startTarget({ mode: 'bare' });
  const fastify = await startTarget({ mode: 'fastify' });
  const app = await startTarget({ mode: 'app', pgliteDir: ctx.pglite!.dir });
  try {
    const noDbRps: number[] = [];
    const appRps: number[] = [];
    const bareRps: number[] = [];
    const ratios: number[] = [];
    const noDbRatios: number[] = [];
    const fastifyRps: number[] = [];
    const fastifyRatios: number[] = [];
    const ofFastify: number[] = [];
    // Server CPU per answered request (µs), beside req/s: on a shared machine req/s swings with the
    // other processes' load, the CPU a request costs the server much less (ADR 1135).
    const appCpu: number[] = [];
    const fastifyCpu: number[] = [];
    const cpuPerRequest = async (target: typeof app, run: () => Promise<LoadResult>) => {
      const before = await target.call<number>('cpu');
      const result = await run();
      return { result, us: ((await target.call<number>('cpu')) - before) / result.requests };
    };
    const load = (url: string) =>
      runLoad({ url, path: '/api/health', connections: ctx.connections, durationSeconds: ctx.duration });
    if (ctx.warmUp) {
      await load(app.url);
      await load(bare.url);
      await load(fastify.url);
    }
    for (let i = 0; i < ctx.runs; i++) {
      const { result: a, us: appUs } = await cpuPerRequest(app, () => load(app.url));
      const b = await load(bare.url);
      if (b.errors || b.non2xx) throw new Error(`bare answered ${b.non2xx} non-2xx, ${b.errors} errors`);
      if (a.errors || a.non2xx) throw new Error(`app answered ${a.non2xx} non-2xx, ${a.errors} errors`);
      appRps.push(a.rps);
      // The same app on a route that reads no database: what Fastify itself costs.
      const c = await runLoad({
        url: app.url,
        path: '/api/public-config',
        connections: ctx.connections,
        durationSeconds: ctx.duration,
      });
      if (c.errors || c.non2xx)
        throw new Error(`public-config answered ${c.non2xx} non-2xx, ${c.errors} errors`);
      noDbRps.push(c.rps);
      bareRps.push(b.rps);
      ratios.push(a.rps / b.rps);
      noDbRatios.push(c.rps / b.rps);
      const { result: f, us: fastifyUs } = await cpuPerRequest(fastify, () => load(fastify.url));
      if (f.errors || f.non2xx)
        throw new Error(`bare Fastify answered ${f.non2xx} non-2xx, ${f.errors} errors`);
      fastifyRps.push(f.rps);
      fastifyRatios.push(f.rps / b.rps);
      ofFastify.push(a.rps / f.rps);
      appCpu.push(appUs);
      fastifyCpu.push(fastifyUs);
    }
    const ratio = summarize(ratios);
    const hooks = summarize(ofFastify);
    const cpuRatio = summarize(appCpu.map((us, i) => fastifyCpu[i]! / us));
    return [
      {
        metric: 'GET /api/health req/s (ratio to bare node:http)',
        candidate: `${fmt(summarize(appRps))} req/s`,
        baseline: `${fmt(summarize(bareRps))} req/s`,
        target: '',
        held: null,
        note: `ratio ${fmt(ratio)}`,
        data: {
          appRps: summarize(appRps),
          bareRps: summarize(bareRps),
          ratio,
          connections: ctx.connections,
          seconds: ctx.duration,
        },
      },
      {
        metric: 'ratio',
        candidate: `${round(ratio.median)}× (${round(ratio.min)}–${round(ratio.max)})`,
        baseline: '1×',
        target: '',
        held: null,
      },
      {
        metric: 'GET /api/health, ratio to bare Fastify on the same route (what our hooks cost)',
        candidate: `${round(hooks.median)}× (${round(hooks.min)}–${round(hooks.max)})`,
        baseline: `bare Fastify ${fmt(summarize(fastifyRps))} req/s`,
        target: '≥ 0.95×',
        held: hooks.median >= 0.95,
        data: { ratio: hooks },
      },
      {
        metric: '  server CPU per request, bare Fastify ÷ ours (same runs; less moved by the load)',
        candidate: `${round(cpuRatio.median)}× (${round(cpuRatio.min)}–${round(cpuRatio.max)})`,
        baseline: `ours ${fmt(summarize(appCpu), ' µs')}, bare Fastify ${fmt(summarize(fastifyCpu), ' µs')}`,
        target: '',
        held: null,
        data: { ratio: cpuRatio, appUs: summarize(appCpu), fastifyUs: summarize(fastifyCpu) },
      },
      {
        metric: 'bare Fastify, same /api/health route, no hooks (the framework alone) req/s',
        candidate: `${fmt(summarize(fastifyRps))} req/s`,
        baseline: `${fmt(summarize(bareRps))} req/s`,
        target: '',
        held: null,
        note: `ratio ${fmt(summarize(fastifyRatios))}`,
        data: { rps: summarize(fastifyRps), ratio: summarize(fastifyRatios) },
      },
      {
        metric: '  ratio',
        candidate: `${round(summarize(fastifyRatios).median)}× (${round(summarize(fastifyRatios).min)}–${round(summarize(fastifyRatios).max)})`,
        baseline: '1×',
        target: '',
        held: null,
      },
      {
        metric: 'for reference: GET /api/public-config (no database) req/s',
        candidate: `${fmt(summarize(noDbRps))} req/s`,
        baseline: `${fmt(summarize(bareRps))} req/s`,
        target: '',
        held: null,
        note: `ratio ${fmt(summarize(noDbRatios))}`,
        data: { rps: summarize(noDbRps), ratio: summarize(noDbRatios) },
      },
      {
        metric: '  ratio',
        candidate: `${round(summarize(noDbRatios).median)}× (${round(summarize(noDbRatios).min)}–${round(summarize(noDbRatios).max)})`,
        baseline: '1×',
        target: '',
        held: null,
      },
    ];
  } finally {
    await app.close();
    await fastify.close();
    await bare.close();
  }
}
