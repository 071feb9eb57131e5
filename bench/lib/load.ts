import autocannon from 'autocannon';
import { percentile } from './stats.ts';

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  requests: number;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Rotated across requests (e.g. one Authorization header per seeded user). */
  headers?: Array<Record<string, string>>;
  path?: string;
  /** Caps the total rate (req/s) instead of running flat out. */
  overallRate?: number;
}

/** One autocannon run; latencies in ms, percentiles from every response of the run. */
export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  const requests = (opts.headers ?? [{}]).map((headers) => ({
    method: 'GET' as const,
    path: opts.path ?? '/',
    headers,
  }));
  const latencies: number[] = [];
  const instance = (autocannon as unknown as (o: object) => Promise<autocannon.Result> & NodeJS.EventEmitter)(
    {
      url: opts.url,
      connections: opts.connections,
      duration: opts.durationSeconds,
      requests,
      overallRate: opts.overallRate,
    },
  );
  const statuses: Record<number, number> = {};
  instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statuses[status] = (statuses[status] ?? 0) + 1;
  });
  const result = await instance;
  // Which answers were not 2xx, so a failed run says why.
  if (result.non2xx > 0) console.error(`[load] ${opts.path}: statuses ${JSON.stringify(statuses)}`);
  return {
    rps: result.requests.total / opts.durationSeconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    requests: result.requests.total,
  };
}
