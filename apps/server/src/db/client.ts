import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { listenOnOwnConnection, listenOnSharedSession } from './listen.ts';
import { PGLITE_SOCKET_PORT, startPgliteServer } from './pglite-server.ts';
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
  /**
   * A data directory tarball (PGlite's dumpDataDir) the embedded database starts from instead of an
   * empty one: tests start from a migrated copy, which skips initdb and every migration.
   */
  pgliteLoadFrom?: string;
  poolSize?: number;
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

  // PGlite runs in its own thread behind a unix socket, reached through `pg` like PostgreSQL, so
  // queries never block the HTTP thread (ADR 0080's reasoning, applied to the database).
  const server = await startPgliteServer(pgliteDir, opts.pgliteLoadFrom);
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
