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
