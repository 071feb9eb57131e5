import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Database, Db, SqlExecutor } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema.ts';

/**
 * The former in-thread PGlite: every query runs on the calling thread. Only the bench opens it, as
 * the "before" of the worker-thread PGlite the server uses.
 */
export async function inThreadPglite(pgliteDir: string): Promise<Database> {
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
