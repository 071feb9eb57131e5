import fs from 'node:fs';
import path from 'node:path';
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
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
}

export async function createDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      raw: { executeSql: (text, values) => pool.query(text, values as unknown[]) },
      session: async (fn) => {
        const conn = await pool.connect();
        try {
          return await fn({ executeSql: (text, values) => conn.query(text, values as unknown[]) });
        } finally {
          conn.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const pgliteDir = opts.pgliteDir ?? "memory://";
  if (!pgliteDir.startsWith('memory://'))
    fs.mkdirSync(path.dirname(pgliteDir), { recursive: true });
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
  return { db, kind: 'pglite', raw, session: (fn) => fn(raw), close: () => client.close() };
}

/** Lets pg-boss write its job row inside one of our drizzle transactions. */
export function executorFor(tx: Tx): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const chunks: SQL[] = text
        .split(/(\$\d+)/)
        .map((part) => (/^\$\d+$/.test(part) ? sql`${values[Number(part.slice(1)) - 1] ?? null}` : sql.raw(part)));
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: any[] };
      return { rows: result.rows };
    },
  };
}
