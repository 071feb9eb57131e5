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

const BATCH = 1000;

/**
 * Which sealed columns hold a plain value now, with whether their table has an `id` column: two
 * queries in all, so a start with nothing to seal (every start after the first) costs two round
 * trips instead of three per column (about 180; seconds on the embedded database).
 */
async function columnsToSeal(
  db: Tx,
): Promise<Array<(typeof SEALED_COLUMNS)[number] & { idType: string | null }>> {
  const tables = [...new Set(SEALED_COLUMNS.map((c) => c.table))];
  const present = (await db.execute(
    sql`select table_name as name, max(udt_name) filter (where column_name = 'id') as id_type from information_schema.columns where table_schema = current_schema() and table_name in (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )}) group by table_name`,
  )) as unknown as { rows: Array<{ name: string; id_type: string | null }> };
  const idType = new Map(present.rows.map((r) => [r.name, r.id_type]));
  const candidates = SEALED_COLUMNS.filter((c) => idType.has(c.table));
  if (candidates.length === 0) return [];
  const probes = candidates.map(
    (c, i) =>
      sql`select ${i}::int as i where exists (select 1 from ${sql.identifier(c.table)} where ${plainValue(c)})`,
  );
  const found = (await db.execute(sql.join(probes, sql` union all `))) as unknown as {
    rows: Array<{ i: number }>;
  };
  return found.rows.map(({ i }) => ({ ...candidates[i]!, idType: idType.get(candidates[i]!.table) ?? null }));
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
  for (const { table, column, json, idType } of await columnsToSeal(db)) {
    const t = sql.identifier(table);
    const c = sql.identifier(column);
    const plain = plainValue({ column, json });
    // A ctid stays valid while the row is not updated, and the update below checks the value too.
    const rowId = idType ? sql`id::text` : sql`ctid::text`;
    const sameRow = idType ? sql`${t}.id = v.id::${sql.identifier(idType)}` : sql`${t}.ctid = v.id::tid`;
    const context = `${table}.${column}`;
    for (;;) {
      const batch = (await db.execute(
        sql`select ${rowId} as id, ${json ? sql`${c}::text` : c} as value from ${t} where ${plain} limit ${BATCH}`,
      )) as unknown as { rows: Array<{ id: string; value: string }> };
      if (batch.rows.length === 0) break;
      // One statement per batch (the bench's 50,000 plain submissions took minutes one by one).
      const rows = batch.rows.map(({ id, value }) => {
        const sealedValue = sealText(value, context);
        return { id, old: value, new: json ? JSON.stringify(sealedValue) : sealedValue };
      });
      const result = (await db.execute(
        sql`update ${t} set ${c} = ${json ? sql`v.new::jsonb` : sql`v.new`}
            from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, old text, new text)
            where ${sameRow} and ${json ? sql`${t}.${c}::text` : sql`${t}.${c}`} = v.old`,
      )) as unknown as { rowCount?: number; affectedRows?: number };
      const changed = Number(result.rowCount ?? result.affectedRows ?? 0);
      sealed += changed;
      // Rows changed under us stay plain until the next start, rather than looping on them now.
      if (changed === 0) break;
    }
  }
  return sealed;
}
