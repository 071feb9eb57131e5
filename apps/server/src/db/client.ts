import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, or the database itself, for repositories that join a caller's transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

/** Raw SQL with $n parameters: the shape pg-boss asks of a connection. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: any[] }>;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  raw: SqlExecutor;
  /** Runs fn on one connection, for session state such as advisory locks. */
  session<T>(fn: (raw: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * Calls onNotify with the payload of every NOTIFY on channel, from any process on this database,
   * until the returned function is called. Delivery is best effort (a dropped connection misses
   * what was sent meanwhile), so a listener must also have another way to catch up.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /**
   * Where PGlite runs: 'worker' (default) in its own thread behind a unix socket, reached through
   * `pg` like PostgreSQL, so queries never block the HTTP thread; 'main' on the calling thread.
   */
  pgliteThread?: 'worker' | 'main';
}

export async function createDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const databaseUrl = opts.databaseUrl;
    return poolDatabase(
      pool,
      'postgres',
      () => pool.end(),
      (channel, onNotify) => listenOnOwnConnection(databaseUrl, channel, onNotify),
    );
  }
  const pgliteDir = opts.pgliteDir ?? 'memory://';
  if (!pgliteDir.startsWith('memory://')) fs.mkdirSync(path.dirname(pgliteDir), { recursive: true });
  if (opts.pgliteThread === 'main') return inThreadPglite(pgliteDir);

  const server = await startPgliteServer(pgliteDir);
  // PGlite is one session: a single connection, so a transaction holds it whole, exactly as
  // PGlite's own transaction lock does in-thread. Code inside a transaction must use its `tx`.
  const pool = new pg.Pool({
    host: server.socketDir,
    port: PGLITE_SOCKET_PORT,
    user: 'postgres',
    database: 'postgres',
    max: 1,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  });
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    await server.close();
    throw err;
  }
  return poolDatabase(
    pool,
    'pglite',
    async () => {
      await pool.end();
      await server.close();
    },
    (channel, onNotify) => listenOnSharedSession(pool, channel, onNotify),
  );
}

function poolDatabase(
  pool: pg.Pool,
  kind: Database['kind'],
  close: () => Promise<void>,
  listen: Database['listen'],
): Database {
  // An idle connection the server ends (a restart, DROP DATABASE … FORCE in tests) must not crash
  // the process; the pool opens a new one for the next query.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind,
    raw: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
    session: async (fn) => {
      const conn = await pool.connect();
      try {
        return await fn({ executeSql: (text, values) => conn.query(text, values as unknown[]) });
      } finally {
        conn.release();
      }
    },
    listen,
    close,
  };
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const LISTEN_RETRY_MS = 1000;

/** PostgreSQL delivers a NOTIFY to the connections that LISTEN, so the listener keeps one of its own. */
async function listenOnOwnConnection(
  connectionString: string,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const c = new pg.Client({ connectionString });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => undefined);
    try {
      await c.connect();
      await c.query(`LISTEN ${quoteIdent(channel)}`);
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    // A lost connection (a server restart) is opened again; meanwhile the listener's fallback runs.
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      void c.end().catch(() => undefined);
      scheduleRetry();
    };
    c.on('error', lost);
    c.on('end', lost);
  };
  const scheduleRetry = () => {
    if (stopped) return;
    retry = setTimeout(() => void connect().catch(scheduleRetry), LISTEN_RETRY_MS);
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

/**
 * PGlite is one session behind the socket: LISTEN there covers every connection, and PGlite hands
 * a notification to whichever connection ran the COMMIT, so every connection of the pool listens.
 */
async function listenOnSharedSession(
  pool: pg.Pool,
  channel: string,
  onNotify: (payload: string) => void,
): Promise<() => Promise<void>> {
  const onNotification = (n: pg.Notification) => {
    if (n.channel === channel) onNotify(n.payload ?? '');
  };
  const clients = new Set<pg.PoolClient>();
  const onConnect = (client: pg.PoolClient) => {
    clients.add(client);
    client.on('notification', onNotification);
    client.once('end', () => clients.delete(client));
  };
  pool.on('connect', onConnect);
  // Connections opened before this call: each is handed out once here to get its listener.
  const conn = await pool.connect();
  try {
    if (!clients.has(conn)) onConnect(conn);
    await conn.query(`LISTEN ${quoteIdent(channel)}`);
  } finally {
    conn.release();
  }
  // The session keeps listening (another listener in this process may share the channel); a
  // notification nobody handles is dropped by pg.
  return async () => {
    pool.off('connect', onConnect);
    for (const client of clients) client.off('notification', onNotification);
    clients.clear();
  };
}

const PGLITE_SOCKET_PORT = 5432;

/** Starts the worker thread that owns PGlite and serves it on a private unix socket. */
async function startPgliteServer(dataDir: string): Promise<{ socketDir: string; close(): Promise<void> }> {
  const socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-pglite-'));
  const socketPath = path.join(socketDir, `.s.PGSQL.${PGLITE_SOCKET_PORT}`);
  const worker = new Worker(new URL('./pglite-server.worker.ts', import.meta.url), {
    workerData: { dataDir, socketPath },
  });
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.on('message', (msg: { type: string; message?: string }) => {
    if (msg.type === 'log') console.error(msg.message);
  });
  await new Promise<void>((resolve, reject) => {
    const onMessage = (msg: { type: string; message?: string }) => {
      if (msg.type === 'ready') resolve();
      if (msg.type === 'error') reject(new Error(`PGlite worker failed to start: ${msg.message}`));
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    void exited.then(() => reject(new Error('PGlite worker exited during start-up')));
  });
  let closing: Promise<void> | undefined;
  return {
    socketDir,
    close() {
      closing ??= (async () => {
        worker.postMessage({ type: 'close' });
        const timer = setTimeout(() => void worker.terminate(), 10_000);
        await exited;
        clearTimeout(timer);
        fs.rmSync(socketDir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}

/** The former in-thread PGlite: every query runs on the calling thread (kept for the bench's before/after). */
async function inThreadPglite(pgliteDir: string): Promise<Database> {
  const client = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const raw: SqlExecutor = {
    // The simple protocol takes several statements (pg-boss migrations); the extended one takes parameters.
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values as unknown[]);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
  const listen: Database['listen'] = async (channel, onNotify) => client.listen(channel, onNotify);
  return { db, kind: 'pglite', raw, session: (fn) => fn(raw), listen, close: () => client.close() };
}

/** Lets pg-boss write its job row inside one of our drizzle transactions. */
export function executorFor(tx: Tx): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const chunks: SQL[] = text
        .split(/(\$\d+)/)
        .map((part) =>
          /^\$\d+$/.test(part) ? sql`${values[Number(part.slice(1)) - 1] ?? null}` : sql.raw(part),
        );
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: any[] };
      return { rows: result.rows };
    },
  };
}
