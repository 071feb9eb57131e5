import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { openSealedColumns } from '../../adapters/storage/sealed-columns.ts';
import { submissions } from '../submissions/submissions.schema.ts';

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

/** Marks the account gone: sign-in, sessions, the calendar feed and every file stop working now. */
export async function softDeleteUser(tx: Tx, userId: string, at: Date): Promise<boolean> {
  // The address is freed at once (it may sign up again) and mail queued to it goes with it.
  const updated = await rows(
    tx,
    sql`update users u set deleted_at = ${at.toISOString()}, email = 'deleted-' || u.id || '@deleted.invalid'
        from (select id, email from users where id = ${userId} and deleted_at is null for update) old
        where u.id = old.id returning old.email`,
  );
  if (updated.length === 0) return false;
  await tx.execute(
    sql`delete from outbox_emails where lower(to_address) = lower(${String(updated[0]!.email)})`,
  );
  await tx.execute(sql`delete from sessions where user_id = ${userId}`);
  await tx.execute(
    sql`update uploads set deleted_at = ${at.toISOString()}, extracted_text = null where user_id = ${userId} and deleted_at is null`,
  );
  if (await tableExists(tx, 'calendar_tokens'))
    await tx.execute(sql`delete from calendar_tokens where user_id = ${userId}`);
  return true;
}

/** The owner's own live upload, marked deleted; false when it is not theirs or already gone. */
export async function softDeleteUpload(tx: Tx, userId: string, uploadId: string, at: Date): Promise<boolean> {
  const updated = await rows(
    tx,
    sql`update uploads set deleted_at = ${at.toISOString()}, extracted_text = null
        where id = ${uploadId} and user_id = ${userId} and deleted_at is null returning id`,
  );
  return updated.length > 0;
}

/**
 * Deleting a file removes what was made from it (the FAQ's promise): the user's submissions whose
 * input was that file go, and an admin-linked PDF link to it is cleared. The input is sealed, so it
 * is matched here after drizzle opened it, not in SQL.
 */
export async function deleteWorkFromFile(tx: Tx, userId: string, fileUrl: string): Promise<number> {
  const own = await tx
    .select({ id: submissions.id, contentJson: submissions.contentJson })
    .from(submissions)
    .where(eq(submissions.userId, userId));
  const derived = own
    .filter((row) => (row.contentJson as { fileUrl?: unknown } | null)?.fileUrl === fileUrl)
    .map((row) => row.id);
  if (derived.length > 0) await tx.delete(submissions).where(inArray(submissions.id, derived));
  await tx.update(submissions).set({ fileUrl: null }).where(eq(submissions.fileUrl, fileUrl));
  return derived.length;
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
