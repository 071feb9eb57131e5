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
