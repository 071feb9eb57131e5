import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

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

/**
 * What an export holds, one JSON file per entry. Each names its table and how rows belong to the
 * user; tables not yet created are listed in `skipped`.
 */
export const EXPORT_SECTIONS: ReadonlyArray<{ file: string; table: string; where: (userId: string) => SQL }> = [
  { file: 'submissions.json', table: 'submissions', where: (id) => sql`user_id = ${id} order by submission_timestamp` },
  { file: 'uploads.json', table: 'uploads', where: (id) => sql`user_id = ${id} and deleted_at is null order by created_at` },
  { file: 'ledger.json', table: 'credit_ledger', where: (id) => sql`user_id = ${id} order by id` },
  { file: 'funding-requests.json', table: 'funding_finder_requests', where: (id) => sql`user_id = ${id}` },
  { file: 'idea-requests.json', table: 'idea_requests', where: (id) => sql`user_id = ${id}` },
  { file: 'marketing-requests.json', table: 'marketing_requests', where: (id) => sql`user_id = ${id}` },
  { file: 'applications.json', table: 'applications', where: (id) => sql`user_id = ${id} and deleted_at is null` },
  {
    file: 'application-status-history.json',
    table: 'application_status_history',
    where: (id) => sql`application_id in (select id from applications where user_id = ${id} and deleted_at is null) order by id`,
  },
  {
    file: 'application-documents.json',
    table: 'application_documents',
    where: (id) => sql`application_id in (select id from applications where user_id = ${id} and deleted_at is null)`,
  },
  { file: 'payments.json', table: 'payments', where: (id) => sql`user_id = ${id}` },
  { file: 'affiliate.json', table: 'affiliates', where: (id) => sql`user_id = ${id}` },
  { file: 'referrals.json', table: 'referrals', where: (id) => sql`affiliate_user_id = ${id} or referred_user_id = ${id}` },
  { file: 'affiliate-commissions.json', table: 'affiliate_commissions', where: (id) => sql`affiliate_user_id = ${id}` },
  { file: 'calendar-feed.json', table: 'calendar_tokens', where: (id) => sql`user_id = ${id}` },
  // Who on staff opened this user's documents (privacy policy §6).
  { file: 'staff-access-log.json', table: 'audit_log', where: (id) => sql`subject_user_id = ${id} order by id` },
];

export async function selectExportSection(tx: Tx, table: string, where: SQL): Promise<Row[] | undefined> {
  if (!(await tableExists(tx, table))) return undefined;
  return withoutSecrets(await rows(tx, sql`select * from ${sql.identifier(table)} where ${where}`));
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
  await tx.execute(sql`delete from outbox_emails where lower(to_address) = lower(${String(updated[0]!.email)})`);
  await tx.execute(sql`delete from sessions where user_id = ${userId}`);
  await tx.execute(
    sql`update uploads set deleted_at = ${at.toISOString()}, extracted_text = null where user_id = ${userId} and deleted_at is null`,
  );
  if (await tableExists(tx, 'calendar_tokens')) await tx.execute(sql`delete from calendar_tokens where user_id = ${userId}`);
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
export async function selectAuditLog(tx: Tx, opts: { limit: number; beforeId?: number; subjectUserId?: string }) {
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
