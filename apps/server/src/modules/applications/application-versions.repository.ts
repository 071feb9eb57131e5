import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import {
  applications,
  applicationStatusHistory,
  applicationVersions,
  type ApplicationRow,
  type StoredSection,
} from './applications.schema.ts';

/** How many versions the history lists; older ones stay stored. */
const VERSION_LIST_LIMIT = 200;

/** Writes version `version` and moves the application to it; the caller holds the row lock. */
export async function writeVersion(
  tx: Tx,
  input: {
    applicationId: string;
    version: number;
    authorId: string;
    changed: string[];
    sections: StoredSection[];
  },
): Promise<ApplicationRow> {
  await tx.insert(applicationVersions).values({
    applicationId: input.applicationId,
    version: input.version,
    authorId: input.authorId,
    changedSections: input.changed,
    sections: input.sections,
  });
  const [row] = await tx
    .update(applications)
    .set({ sections: input.sections, version: input.version, updatedAt: sql`now()` })
    .where(eq(applications.id, input.applicationId))
    .returning();
  return row!;
}

export function listVersions(db: Db, applicationId: string) {
  return db
    .select({
      version: applicationVersions.version,
      changed: applicationVersions.changedSections,
      at: applicationVersions.createdAt,
      author: users.name,
    })
    .from(applicationVersions)
    .innerJoin(users, eq(users.id, applicationVersions.authorId))
    .where(eq(applicationVersions.applicationId, applicationId))
    .orderBy(desc(applicationVersions.version))
    .limit(VERSION_LIST_LIMIT);
}

export async function findVersion(db: Db, applicationId: string, version: number) {
  const [row] = await db
    .select({
      version: applicationVersions.version,
      changed: applicationVersions.changedSections,
      sections: applicationVersions.sections,
      at: applicationVersions.createdAt,
      author: users.name,
    })
    .from(applicationVersions)
    .innerJoin(users, eq(users.id, applicationVersions.authorId))
    .where(
      and(eq(applicationVersions.applicationId, applicationId), eq(applicationVersions.version, version)),
    );
  return row;
}

/** The drafts this user already has an application for (deleted ones included: a deleted one stays deleted). */
export async function adoptedSubmissionIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: applications.submissionId })
    .from(applications)
    .where(and(eq(applications.userId, userId), isNotNull(applications.submissionId)));
  return new Set(rows.map((r) => r.id!));
}

/**
 * The application of a generated draft, once: a second caller (two tabs listing at once) finds the
 * unique submission_id taken and inserts nothing. Returns the new row, or undefined.
 */
export async function insertDraftApplication(
  tx: Tx,
  values: Pick<
    ApplicationRow,
    'userId' | 'title' | 'program' | 'programId' | 'amount' | 'deadline' | 'submissionId' | 'sections'
  >,
): Promise<ApplicationRow | undefined> {
  const [row] = await tx
    .insert(applications)
    .values({ ...values, version: 1 })
    .onConflictDoNothing({
      target: applications.submissionId,
      where: sql`submission_id IS NOT NULL`,
    })
    .returning();
  if (row) await tx.insert(applicationStatusHistory).values({ applicationId: row.id, status: row.status });
  return row;
}

export async function setSubmittedAt(tx: Tx, id: string) {
  await tx
    .update(applications)
    .set({ submittedAt: sql`now()` })
    .where(and(eq(applications.id, id), isNull(applications.submittedAt)));
}
