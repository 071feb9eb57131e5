import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { openSealedColumns } from '../../adapters/storage/sealed-columns.ts';

type Row = Record<string, unknown>;

async function rows(tx: Tx, query: SQL): Promise<Row[]> {
  return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** Feature tables land at different times: a query on a table that is not there yet is skipped. */
export async function tableExists(tx: Tx, table: string): Promise<boolean> {
  const [row] = await rows(tx, sql`select to_regclass(${table}) is not null as present`);
  return Boolean(row?.present);
}

// Columns that are credentials, not the user's data: never exported.
const SECRET_COLUMN = /(^|_)(hash|secret)$|^password|^token$/;

function withoutSecrets(list: Row[]): Row[] {
  return list.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => !SECRET_COLUMN.test(k))));
}

export async function selectExportSection(tx: Tx, table: string, where: SQL): Promise<Row[] | undefined> {
  if (!(await tableExists(tx, table))) return undefined;
  // User content is sealed at rest; the export hands it back in the clear, to its owner only.
  return withoutSecrets(
    openSealedColumns(table, await rows(tx, sql`select * from ${sql.identifier(table)} where ${where}`)),
  );
}

export async function selectProfile(tx: Tx, userId: string): Promise<Row | undefined> {
  const [row] = await rows(
    tx,
    sql`select id, email, name, phone, credits, email_verified, is_admin, created_at from users where id = ${userId} and deleted_at is null`,
  );
  return row;
}

export interface StoredFileRef {
  id: string;
  storageKey: string;
  originalName: string;
}

export async function selectLiveUploads(tx: Tx, userId: string): Promise<StoredFileRef[]> {
  return (await rows(
    tx,
    sql`select id, storage_key as "storageKey", original_name as "originalName" from uploads
        where user_id = ${userId} and deleted_at is null order by created_at`,
  )) as unknown as StoredFileRef[];
}

export interface AuditLogEntry {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  subjectUserId: string | null;
  subjectEmail: string | null;
  objectType: string;
  objectId: string;
  action: string;
  requestId: string | null;
}

/** Newest first; the e-mails are joined for reading and are null once a user is hard-deleted. */
export async function selectAuditLog(
  tx: Tx,
  opts: { limit: number; beforeId?: number; subjectUserId?: string },
) {
  const before = opts.beforeId ? sql`and a.id < ${opts.beforeId}` : sql``;
  const subject = opts.subjectUserId ? sql`and a.subject_user_id = ${opts.subjectUserId}` : sql``;
  return (await rows(
    tx,
    sql`select a.id::int as id, a.at, a.actor_id as "actorId", actor.email as "actorEmail",
               a.subject_user_id as "subjectUserId", subject.email as "subjectEmail",
               a.object_type as "objectType", a.object_id as "objectId", a.action, a.request_id as "requestId"
        from audit_log a
        left join users actor on actor.id = a.actor_id
        left join users subject on subject.id = a.subject_user_id
        where true ${before} ${subject}
        order by a.id desc limit ${opts.limit}`,
  )) as unknown as AuditLogEntry[];
}
