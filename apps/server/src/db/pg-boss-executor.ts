import { sql, type SQL } from 'drizzle-orm';
import type { SqlExecutor, Tx } from './client.ts';

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
