import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import '../../db/schema.ts';
import { declaredSealedColumns, openColumnValue, sealText } from './content-crypto.ts';
import { SEALED_PREFIX } from './sealing.ts';

/**
 * Every column of user content sealed at rest, as the schemas declare them with sealedText and
 * sealedJson (loading db/schema.ts loads every schema), for what reads or rewrites them outside
 * drizzle: the account export and the one-time sealing of values written before encryption.
 */
export const SEALED_COLUMNS: ReadonlyArray<{ table: string; column: string; json: boolean }> =
  declaredSealedColumns();

type Row = Record<string, unknown>;

/** Rows read with `select *` (the export), with their sealed columns opened. */
export function openSealedColumns(table: string, rows: Row[]): Row[] {
  const columns = SEALED_COLUMNS.filter((c) => c.table === table);
  if (columns.length === 0) return rows;
  return rows.map((row) => {
    const open = { ...row };
    for (const c of columns)
      open[c.column] = openColumnValue(row[c.column], `${c.table}.${c.column}`, c.json);
    return open;
  });
}

const BATCH = 200;

/**
 * Which sealed columns hold a plain value now, with whether their table has an `id` column: two
 * queries in all, so a start with nothing to seal (every start after the first) costs two round
 * trips instead of three per column (about 180; seconds on the embedded database).
 */
async function columnsToSeal(db: Tx): Promise<Array<(typeof SEALED_COLUMNS)[number] & { byCtid: boolean }>> {
  const tables = [...new Set(SEALED_COLUMNS.map((c) => c.table))];
  const present = (await db.execute(
    sql`select table_name as name, bool_or(column_name = 'id') as has_id from information_schema.columns where table_schema = current_schema() and table_name in (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )}) group by table_name`,
  )) as unknown as { rows: Array<{ name: string; has_id: boolean }> };
  const hasId = new Map(present.rows.map((r) => [r.name, r.has_id]));
  const candidates = SEALED_COLUMNS.filter((c) => hasId.has(c.table));
  if (candidates.length === 0) return [];
  const probes = candidates.map(
    (c, i) =>
      sql`select ${i}::int as i where exists (select 1 from ${sql.identifier(c.table)} where ${plainValue(c)})`,
  );
  const found = (await db.execute(sql.join(probes, sql` union all `))) as unknown as {
    rows: Array<{ i: number }>;
  };
  return found.rows.map(({ i }) => ({ ...candidates[i]!, byCtid: !hasId.get(candidates[i]!.table) }));
}

function plainValue({ column, json }: { column: string; json: boolean }) {
  const c = sql.identifier(column);
  return json
    ? sql`${c} is not null and not (jsonb_typeof(${c}) = 'string' and starts_with(${c} #>> '{}', ${SEALED_PREFIX}))`
    : sql`${c} is not null and not starts_with(${c}, ${SEALED_PREFIX})`;
}

/**
 * The migration of values stored before encryption (ADR 0084): run at every start, it seals what is
 * still plain, in batches, and finds nothing to do once done. A row changed meanwhile is left for
 * the next start (the update only applies while the value is the one that was read).
 */
export async function sealPlainContent(db: Db): Promise<number> {
  let sealed = 0;
  // A table without an `id` column (idempotency_keys) has its rows found by their physical address.
  for (const { table, column, json, byCtid } of await columnsToSeal(db)) {
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    const plain = plainValue({ column, json });
    // A ctid stays valid while the row is not updated, and the update below checks the value too.
    const rowId = byCtid ? sql`ctid::text` : sql`id`;
    const isRow = (id: string) => (byCtid ? sql`ctid = ${id}::tid` : sql`id = ${id}`);
    for (;;) {
      const batch = (await db.execute(
        sql`select ${rowId} as id, ${json ? sql`${c}::text` : c} as value from ${t} where ${plain} limit ${BATCH}`,
      )) as unknown as { rows: Array<{ id: string; value: string }> };
      if (batch.rows.length === 0) break;
      let changed = 0;
      for (const { id, value } of batch.rows) {
        const context = `${table}.${column}`;
        const result = (await db.execute(
          json
            ? sql`update ${t} set ${c} = ${JSON.stringify(sealText(value, context))}::jsonb where ${isRow(id)} and ${c}::text = ${value}`
            : sql`update ${t} set ${c} = ${sealText(value, context)} where ${isRow(id)} and ${c} = ${value}`,
        )) as unknown as { rowCount?: number; affectedRows?: number };
        changed += Number(result.rowCount ?? result.affectedRows ?? 0);
      }
      sealed += changed;
      // Rows changed under us stay plain until the next start, rather than looping on them now.
      if (changed === 0) break;
    }
  }
  return sealed;
}
