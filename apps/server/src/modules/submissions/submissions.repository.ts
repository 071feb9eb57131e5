import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { SubmissionResults } from '@grantleaf/shared/grant-results.schema';
import type { Db, Tx } from '../../db/client.ts';
import { renderOnce, UNNAMED } from '../../db/render-once.ts';
import { users } from '../auth/auth.schema.ts';
import { submissions, type SubmissionRow } from './submissions.schema.ts';
import type { TimedWork } from '../paid-work/durations.repository.ts';

export type NewSubmission = typeof submissions.$inferInsert;

export async function insertSubmission(tx: Tx, row: NewSubmission): Promise<SubmissionRow> {
  const [inserted] = await tx.insert(submissions).values(row).returning();
  return inserted!;
}

const submissionsOfUser = renderOnce((db) =>
  db
    .select({ submission: submissions, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(submissions)
    .where(eq(submissions.userId, sql.placeholder('userId')))
    .orderBy(desc(submissions.submissionTimestamp), desc(submissions.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare(UNNAMED),
);

const submissionCount = renderOnce((db) =>
  db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(submissions)
    .where(eq(submissions.userId, sql.placeholder('userId')))
    .prepare(UNNAMED),
);

/** The dashboard's list, one page, polled while work runs; the total comes in the same statement. */
export async function listSubmissionsForUser(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: SubmissionRow[]; total: number }> {
  const found = await submissionsOfUser(db).execute({ userId, ...page });
  // A page past the end has no row to carry the total.
  const total =
    found[0]?.total ?? (page.offset > 0 ? (await submissionCount(db).execute({ userId }))[0]!.total : 0);
  return { rows: found.map((r) => r.submission), total };
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

/** The analyses attached to an application, newest first; the caller has checked the application is the user's. */
export function listAnalysesOfApplication(db: Tx, userId: string, applicationId: string) {
  return db
    .select({
      id: submissions.id,
      status: submissions.status,
      submissionTimestamp: submissions.submissionTimestamp,
      results: submissions.results,
      programId: submissions.programId,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.userId, userId),
        eq(submissions.applicationId, applicationId),
        eq(submissions.type, 'analysis'),
      ),
    )
    .orderBy(desc(submissions.submissionTimestamp), desc(submissions.id));
}

/** One page of generation submissions with their owners, newest first (the admin PDF panel). */
export function listGenerationSubmissions(tx: Tx, page: { limit: number; offset: number }) {
  return (
    tx
      .select({ submission: submissions, userEmail: users.email, userName: users.name })
      .from(submissions)
      .innerJoin(users, eq(users.id, submissions.userId))
      .where(and(eq(submissions.type, 'generation'), isNull(users.deletedAt)))
      // The id breaks ties, so a submission never shows on two pages or on none.
      .orderBy(desc(submissions.submissionTimestamp), desc(submissions.id))
      .limit(page.limit)
      .offset(page.offset)
  );
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

/** True when another submission already carries this file (a PDF is linked to one submission). */
export async function isFileLinkedElsewhere(tx: Tx, fileUrl: string, submissionId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: submissions.id })
    .from(submissions)
    .where(and(eq(submissions.fileUrl, fileUrl), ne(submissions.id, submissionId)))
    .limit(1);
  return rows.length > 0;
}

export async function setSubmissionFile(
  tx: Tx,
  id: string,
  fileUrl: string,
): Promise<SubmissionRow | undefined> {
  const [row] = await tx.update(submissions).set({ fileUrl }).where(eq(submissions.id, id)).returning();
  return row;
}

/** The user's finished drafts, ids only (the applications module makes each one an application). */
export async function listCompletedGenerationIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(
      and(
        eq(submissions.userId, userId),
        eq(submissions.type, 'generation'),
        eq(submissions.status, 'complete'),
      ),
    );
  return rows.map((r) => r.id);
}

/** Completed submissions of one type, for the measured ETA (modules/paid-work/durations.repository.ts). */
export const timedSubmissions = (type: 'generation' | 'analysis'): TimedWork => ({
  key: `submission:${type}`,
  table: submissions,
  askedAt: submissions.submissionTimestamp,
  completedAt: submissions.finishedAt,
  completed: and(eq(submissions.type, type), eq(submissions.status, 'complete')),
});

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

/** For the credit ledger (issue 28 §4/§5): which of these submissions are drafts and which analyses. */
export async function ownSubmissionTypes(
  db: Tx,
  userId: string,
  ids: string[],
): Promise<Map<string, SubmissionRow['type']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: submissions.id, type: submissions.type })
    .from(submissions)
    .where(and(eq(submissions.userId, userId), inArray(submissions.id, ids)));
  return new Map(rows.map((r) => [r.id, r.type]));
}
