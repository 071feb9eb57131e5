import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { submissions } from '../submissions/submissions.schema.ts';
import { uploads, type UploadRow } from './uploads.schema.ts';

export type NewUpload = typeof uploads.$inferInsert;

export async function insertUpload(tx: Tx, row: NewUpload): Promise<UploadRow> {
  const [inserted] = await tx.insert(uploads).values(row).returning();
  return inserted!;
}

export async function findUploadById(tx: Tx, id: string): Promise<UploadRow | undefined> {
  const [row] = await tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), sql`${uploads}.deleted_at is null`));
  return row;
}

export async function findOwnUpload(tx: Tx, userId: string, id: string): Promise<UploadRow | undefined> {
  const [row] = await tx
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.userId, userId), sql`${uploads}.deleted_at is null`));
  return row;
}

/** True when the user owns a submission that an admin linked this file to (§6 Download Application). */
export async function isLinkedToUsersSubmission(tx: Tx, userId: string, fileUrl: string): Promise<boolean> {
  const rows = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), eq(submissions.fileUrl, fileUrl)))
    .limit(1);
  return rows.length > 0;
}

/** Every live upload of a user whose account is going, marked deleted with its text dropped. */
export async function softDeleteUploadsOf(tx: Tx, userId: string, at: Date) {
  await tx.execute(
    sql`update uploads set deleted_at = ${at.toISOString()}, extracted_text = null where user_id = ${userId} and deleted_at is null`,
  );
}

/** The owner's own live upload, marked deleted; false when it is not theirs or already gone. */
export async function softDeleteUpload(tx: Tx, userId: string, uploadId: string, at: Date): Promise<boolean> {
  const updated = (await tx.execute(
    sql`update uploads set deleted_at = ${at.toISOString()}, extracted_text = null
        where id = ${uploadId} and user_id = ${userId} and deleted_at is null returning id`,
  )) as unknown as { rows: unknown[] };
  return updated.rows.length > 0;
}

/** Live uploads of live accounts whose file is not sealed under `keyId`, in id order after `after`. */
export async function selectUploadsToReseal(tx: Tx, keyId: string, after: string, limit: number) {
  const { rows } = (await tx.execute(
    sql`select u.id from uploads u join users on users.id = u.user_id
        where u.deleted_at is null and users.deleted_at is null
          and u.sealed_with is distinct from ${keyId} and u.id > ${after}
        order by u.id limit ${limit}`,
  )) as unknown as { rows: Array<{ id: string }> };
  return rows.map((r) => r.id);
}

/**
 * Locks one live upload for re-sealing its file: a deletion waits until the transaction ends, so a
 * re-sealed file can never come back after its row is gone.
 */
export async function lockUploadForReseal(tx: Tx, id: string) {
  const { rows } = (await tx.execute(
    sql`select u.storage_key as "storageKey", u.sealed_with as "sealedWith" from uploads u
        join users on users.id = u.user_id
        where u.id = ${id} and u.deleted_at is null and users.deleted_at is null
        for update of u`,
  )) as unknown as { rows: Array<{ storageKey: string; sealedWith: string | null }> };
  return rows[0];
}

export async function markUploadSealedWith(tx: Tx, id: string, keyId: string) {
  await tx.update(uploads).set({ sealedWith: keyId }).where(eq(uploads.id, id));
}
