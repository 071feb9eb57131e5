// A server under test, in its own process so the load generator never shares its event loop.
// Started by bench/lib/child.ts; talks over IPC: {id, cmd, args} → {id, result | error}.
//   mode 'bare'  node:http answering the health JSON (the http baseline)
//   mode 'fastify' bare Fastify (no hooks, no plugins) answering the same JSON: the framework's own cost
//   mode 'app'   the real Fastify app on PostgreSQL, PGlite in a worker, or PGlite in-thread
//   mode 'raw'   node:http replaying SQL captured from the app through a raw pg pool
import fs from 'node:fs';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import type { Database } from '../../apps/server/src/db/client.ts';
import type { Runtime } from '../../apps/server/src/runtime.ts';

/** Synthetic bench data only; never a production key. */
const BENCH_CONTENT_KEY = 'b'.repeat(64);

export interface TargetConfig {
  mode: 'bare' | 'fastify' | 'app' | 'raw';
  databaseUrl?: string;
  pgliteDir?: string;
  pgliteThread?: 'worker' | 'main';
  dataDir?: string;
  env?: Record<string, string>;
  /** mode 'raw': path → statements captured from the app, with the values to substitute. */
  recipes?: Record<string, Recipe>;
  sessions?: Array<{ token: string; userId: string; idHash: string }>;
}

export interface CapturedQuery {
  text: string;
  values: unknown[];
}
export interface Recipe {
  queries: CapturedQuery[];
  /** The session the capture ran as: its hash and user id are swapped for the caller's. */
  idHash: string;
  userId: string;
}

const config = JSON.parse(process.env.BENCH_TARGET ?? '{}') as TargetConfig;
const histogram = monitorEventLoopDelay({ resolution: 5 });
let capture: CapturedQuery[] | null = null;
let runtime: Runtime | undefined;
let database: Database | undefined;
let server: http.Server | undefined;
let closeApp: (() => Promise<void>) | undefined;
const rawServers: http.Server[] = [];

// Record what the app sends to the database (the pg driver path: PostgreSQL and PGlite-in-worker).
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function patched(this: pg.Client, ...args: any[]) {
  if (capture) {
    const first = args[0];
    const text = typeof first === 'string' ? first : first?.text;
    const values = (typeof first === 'string' ? args[1] : (first?.values ?? args[1])) ?? [];
    if (typeof text === 'string') capture.push({ text, values: Array.isArray(values) ? values : [] });
  }
  return (originalQuery as any).apply(this, args);
} as any;

async function start(): Promise<number> {
  if (config.mode === 'bare') {
    // The same answer as the app's health route (docs/decisions/0023-cached-health-probe.md).
    const checkedAt = new Date().toISOString();
    server = http.createServer((req, res) => {
      const body = JSON.stringify({ status: 'ok', db: 'pglite', checkedAt });
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    });
    return listen(server);
  }
  if (config.mode === 'fastify') {
    const checkedAt = new Date().toISOString();
    const bareFastify = Fastify({ logger: false });
    bareFastify.get('/api/health', async () => ({ status: 'ok', db: 'pglite', checkedAt }));
    await bareFastify.ready();
    server = bareFastify.server;
    return listen(server);
  }
  // The server's modules load only for the modes that run it: the 'bare' and 'fastify' baselines
  // (the http suite) paid the app's import, seconds of CPU per process, for nothing (issue 29 §10).
  const [{ buildApp }, { createDatabase }, { inThreadPglite }, { parseEnv }, { startRuntime }] =
    await Promise.all([
      import('../../apps/server/src/app.ts'),
      import('../../apps/server/src/db/client.ts'),
      import('./in-thread-pglite.ts'),
      import('../../apps/server/src/env.ts'),
      import('../../apps/server/src/runtime.ts'),
    ]);
  database =
    config.pgliteThread === 'main' && !config.databaseUrl
      ? await inThreadPglite(config.pgliteDir ?? 'memory://')
      : await createDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  if (config.mode === 'raw') return startRaw(database, config.recipes ?? {}, config.sessions ?? []);
  const env = parseEnv({
    DATA_DIR: config.dataDir ?? fs.mkdtempSync('/tmp/grantleaf-bench-'),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
    // Every target of a run opens the same database, so they share one content key (issue 15 §5):
    // a key generated per DATA_DIR would leave rows sealed by one target unreadable to the next.
    FILE_ENCRYPTION_KEY: BENCH_CONTENT_KEY,
    WORKERS: 'off',
    APP_URL: 'http://localhost:3000',
    // The load comes from one address: the public search's per-address limit would answer 429.
    PUBLIC_SEARCH_PER_MINUTE: '0',
    ...config.env,
    ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
  });
  runtime = await startRuntime(env, { database });
  const app = await buildApp(runtime);
  await app.listen({ port: 0, host: '127.0.0.1' });
  closeApp = () => app.close();
  return (app.server.address() as { port: number }).port;
}

/** node:http replaying the captured statements through `database.raw` (a pg pool.query). */
function startRaw(
  db: Database,
  recipes: Record<string, Recipe>,
  sessionList: NonNullable<TargetConfig['sessions']>,
): Promise<number> {
  const sessions = new Map(sessionList.map((s) => [s.idHash, s]));
  const raw = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const recipe = recipes[req.url ?? ''] ?? recipes[path];
    const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const idHash = createHash('sha256').update(token).digest('hex');
    const session = sessions.get(idHash);
    if (!recipe || !session) {
      res.writeHead(404).end();
      return;
    }
    void (async () => {
      let last: unknown[] = [];
      for (const q of recipe.queries) {
        const values = q.values.map((v) =>
          v === recipe.idHash ? idHash : v === recipe.userId ? session.userId : v,
        );
        last = (await db.raw.executeSql(q.text, values)).rows;
      }
      const body = JSON.stringify(last);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(body);
    })().catch((err) => {
      res.writeHead(500).end(String(err));
    });
  });
  rawServers.push(raw);
  return listen(raw);
}

function listen(s: http.Server): Promise<number> {
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve((s.address() as { port: number }).port)),
  );
}

const ms = (ns: number) => Math.round((ns / 1e6) * 100) / 100;

const commands: Record<string, (args: any) => Promise<unknown>> = {
  async eldStart() {
    histogram.reset();
    histogram.enable();
    return null;
  },
  async eldStop() {
    histogram.disable();
    return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
  },
  async captureStart() {
    capture = [];
    return null;
  },
  async captureStop() {
    const got = capture ?? [];
    capture = null;
    return got;
  },
  async extract({ file }: { file: string }) {
    const { extractDocumentText } =
      await import('../../apps/server/src/adapters/text-extraction/text-extraction.ts');
    const data = fs.readFileSync(file);
    const t0 = performance.now();
    const out = await extractDocumentText('pdf', data);
    return { ms: performance.now() - t0, chars: out.text.length, rssMb: process.memoryUsage().rss / 1e6 };
  },
  async startRaw({
    recipes,
    sessions,
  }: {
    recipes: Record<string, Recipe>;
    sessions: NonNullable<TargetConfig['sessions']>;
  }) {
    return startRaw(database!, recipes, sessions);
  },
  /** CPU time of this process so far (µs, user + system, every thread). */
  async cpu() {
    const { user, system } = process.cpuUsage();
    return user + system;
  },
  async rss() {
    return process.memoryUsage().rss / 1e6;
  },
  async sql({ text, values }: { text: string; values?: unknown[] }) {
    return (await database!.raw.executeSql(text, values)).rows;
  },
  async close() {
    await closeApp?.();
    await runtime?.close();
    if (!runtime) await database?.close();
    for (const s of [server, ...rawServers]) if (s) await new Promise<void>((r) => s.close(() => r()));
    setTimeout(() => process.exit(0), 50);
    return null;
  },
};

process.on('message', (msg: { id: number; cmd: string; args?: unknown }) => {
  const fn = commands[msg.cmd];
  if (!fn) return process.send?.({ id: msg.id, error: `unknown command ${msg.cmd}` });
  fn(msg.args).then(
    (result) => process.send?.({ id: msg.id, result }),
    (err: unknown) =>
      process.send?.({ id: msg.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});

start().then(
  (port) => process.send?.({ ready: true, port }),
  (err: unknown) => {
    process.send?.({ ready: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
    setTimeout(() => process.exit(1), 50);
  },
);
