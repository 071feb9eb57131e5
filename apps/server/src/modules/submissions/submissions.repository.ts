import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SubmissionResults } from '@grantleaf/shared/grant-results.schema';
import type { Db, Tx } from '../../db/client.ts';
import { renderOnce, UNNAMED } from '../../db/render-once.ts';
import { users } from '../auth/auth.schema.ts';
import { submissions, type SubmissionRow } from './submissions.schema.ts';

export type NewSubmission = typeof submissions.$inferInsert;

export async function insertSubmission(tx: Tx, row: NewSubmission): Promise<SubmissionRow> {
  const [inserted] = await tx.insert(submissions).values(row).returning();
  return inserted!;
}

const submissionsOfUser = renderOnce((db) =>
  db
    .select()
    .from(submissions)
    .where(eq(submissions.userId, sql.placeholder('userId')))
    .orderBy(desc(submissions.submissionTimestamp), desc(submissions.id))
    .prepare(UNNAMED),
);

/** The dashboard's list, polled while work runs. */
export function listSubmissionsForUser(db: Db, userId: string): Promise<SubmissionRow[]> {
  return submissionsOfUser(db).execute({ userId });
}

export async function findSubmission(tx: Tx, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await tx.select().from(submissions).where(eq(submissions.id, id));
  return row;
}

export async function findOwnSubmission(
  tx: Tx,
  userId: string,
  id: string,
): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(submissions)
    .where(and(eq(submissions.id, id), eq(submissions.userId, userId)));
  return row;
}

/** Every generation submission with its owner, newest first (the admin PDF panel). */
export function listGenerationSubmissions(tx: Tx, limit: number) {
  return tx
    .select({ submission: submissions, userEmail: users.email, userName: users.name })
    .from(submissions)
    .innerJoin(users, eq(users.id, submissions.userId))
    .where(and(eq(submissions.type, 'generation'), isNull(users.deletedAt)))
    .orderBy(desc(submissions.submissionTimestamp))
    .limit(limit);
}

/** processing → complete, once: a second run of the job finds nothing to update. */
export async function markCompleted(
  tx: Tx,
  id: string,
  results: SubmissionResults,
): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .update(submissions)
    .set({ status: 'complete', results, finishedAt: new Date(), lastAttemptError: null })
    .where(and(eq(submissions.id, id), eq(submissions.status, 'processing')))
    .returning();
  return row;
}

/** processing → failed, once. */
export async function markFailed(tx: Tx, id: string, error: string): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .update(submissions)
    .set({ status: 'failed', error, finishedAt: new Date() })
    .where(and(eq(submissions.id, id), eq(submissions.status, 'processing')))
    .returning();
  return row;
}

export async function setSubmissionFile(
  tx: Tx,
  id: string,
  fileUrl: string,
): Promise<SubmissionRow | undefined> {
  const [row] = await tx.update(submissions).set({ fileUrl }).where(eq(submissions.id, id)).returning();
  return row;
}
