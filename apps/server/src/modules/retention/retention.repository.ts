import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { dropQueuedMailTo } from '../mail/index.ts';

type Row = Record<string, unknown>;
const rows = async (tx: Tx, query: SQL) => ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;

interface ForeignKey {
  child: string;
  childColumn: string;
  parent: string;
  parentColumn: string;
  notNull: boolean;
}

/** Every single-column foreign key in the database, read from the catalogue (new feature tables included). */
async function readForeignKeys(tx: Tx): Promise<ForeignKey[]> {
  return (await rows(
    tx,
    sql`select c.conrelid::regclass::text as child, a.attname as "childColumn",
               c.confrelid::regclass::text as parent, pa.attname as "parentColumn", a.attnotnull as "notNull"
        from pg_constraint c
        join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
        where c.contype = 'f' and cardinality(c.conkey) = 1`,
  )) as unknown as ForeignKey[];
}

const quoteIdent = (name: string) => sql.raw(`"${name.replace(/"/g, '""')}"`);

/**
 * Deletes the rows of `table` matching `where` and, first, every row that depends on them through
 * a foreign key: NOT NULL references are deleted (recursively), nullable ones are set to NULL
 * (an admin's name on someone else's payment goes, the payment stays).
 */
async function purge(tx: Tx, keys: ForeignKey[], table: string, where: SQL, depth = 0): Promise<number> {
  if (depth > 8) throw new Error(`purge: foreign keys nest too deep at ${table}`);
  for (const fk of keys.filter((k) => k.parent === table && k.child !== table)) {
    const match = sql`${quoteIdent(fk.childColumn)} in (select ${quoteIdent(fk.parentColumn)} from ${sql.raw(table)} where ${where})`;
    if (fk.notNull) await purge(tx, keys, fk.child, match, depth + 1);
    else
      await tx.execute(
        sql`update ${sql.raw(fk.child)} set ${quoteIdent(fk.childColumn)} = null where ${match}`,
      );
  }
  const deleted = await rows(
    tx,
    sql`with gone as (delete from ${sql.raw(table)} where ${where} returning 1) select count(*)::int as n from gone`,
  );
  return Number(deleted[0]?.n ?? 0);
}

export async function selectUsersDeletedBefore(tx: Tx, cutoff: Date, limit: number) {
  return (await rows(
    tx,
    sql`select id, email from users where deleted_at is not null and deleted_at <= ${cutoff.toISOString()} order by deleted_at limit ${limit}`,
  )) as unknown as Array<{ id: string; email: string }>;
}

export async function selectStorageKeysOfUser(tx: Tx, userId: string): Promise<string[]> {
  return (await rows(tx, sql`select storage_key from uploads where user_id = ${userId}`)).map((r) =>
    String(r.storage_key),
  );
}

export async function selectUploadsDeletedBefore(tx: Tx, cutoff: Date, limit: number) {
  return (await rows(
    tx,
    sql`select id, storage_key as "storageKey" from uploads
        where deleted_at is not null and deleted_at <= ${cutoff.toISOString()} order by deleted_at limit ${limit}`,
  )) as unknown as Array<{ id: string; storageKey: string }>;
}

/** Removes the user row and everything that references it; the audit log keeps the bare subject id. */
export async function hardDeleteUser(tx: Tx, user: { id: string; email: string }): Promise<number> {
  const keys = await readForeignKeys(tx);
  // Mail queued to the address (it may quote the user's work) goes with the account.
  await dropQueuedMailTo(tx, user.email);
  return purge(tx, keys, 'users', sql`id = ${user.id} and deleted_at is not null`);
}

export async function hardDeleteUpload(tx: Tx, uploadId: string): Promise<number> {
  const keys = await readForeignKeys(tx);
  return purge(tx, keys, 'uploads', sql`id = ${uploadId} and deleted_at is not null`);
}
