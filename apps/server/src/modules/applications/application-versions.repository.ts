import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import {
  applications,
  applicationStatusHistory,
  applicationVersions,
  type ApplicationRow,
  type StoredSection,
} from './applications.schema.ts';

/**
 * Versions grow with typing, so what each keeps is bounded (issue 23 M-A, ADR 236):
 * - a row holds only the sections its save changed, except a `complete` row (the first version,
 *   and a kept row whose predecessors were pruned) which holds every section; a version's full
 *   text is its nearest complete row with the changes after it applied in order;
 * - an autosave that changes the same sections as the newest version, by the same author, within
 *   COALESCE_MINUTES of that version's first save, folds into it: the row takes the new version
 *   number and text, so a burst of typing is one version, not one per keystroke pause;
 * - the newest KEEP_RECENT_VERSIONS rows are kept, and before them the first version and the last
 *   version of each day (UTC).
 */
export const KEEP_RECENT_VERSIONS = 100;
export const COALESCE_MINUTES = 5;

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/** The sections after applying rows (oldest first) from a complete one. */
function fold(rows: Array<{ complete: boolean; sections: StoredSection[] }>): StoredSection[] {
  let state: StoredSection[] = [];
  for (const row of rows) {
    if (row.complete) {
      state = [...row.sections];
      continue;
    }
    const changed = new Map(row.sections.map((s) => [s.id, s]));
    state = state.map((s) => changed.get(s.id) ?? s);
    for (const s of row.sections) if (!state.some((x) => x.id === s.id)) state.push(s);
  }
  return state;
}

/** Writes version `version` and moves the application to it; the caller holds the row lock. */
export async function writeVersion(
  tx: Tx,
  input: {
    applicationId: string;
    version: number;
    authorId: string;
    changed: string[];
    /** Every section, as the application now reads. */
    sections: StoredSection[];
    /** An editor autosave: it may fold into the newest version (see above). */
    autosave?: boolean;
  },
): Promise<ApplicationRow> {
  const [latest] = await tx
    .select({
      id: applicationVersions.id,
      authorId: applicationVersions.authorId,
      changed: applicationVersions.changedSections,
      complete: applicationVersions.complete,
      autosave: applicationVersions.autosave,
      recent: sql<boolean>`${applicationVersions.createdAt} > now() - make_interval(mins => ${COALESCE_MINUTES})`,
    })
    .from(applicationVersions)
    .where(eq(applicationVersions.applicationId, input.applicationId))
    .orderBy(desc(applicationVersions.version))
    .limit(1);
  const onlyChanged = input.sections.filter((s) => input.changed.includes(s.id));
  const foldIn =
    input.autosave &&
    latest?.autosave &&
    latest.recent &&
    latest.authorId === input.authorId &&
    sameSet(latest.changed, input.changed);
  if (foldIn) {
    await tx
      .update(applicationVersions)
      .set({
        version: input.version,
        sections: latest.complete ? input.sections : onlyChanged,
        savedAt: sql`now()`,
      })
      .where(eq(applicationVersions.id, latest.id));
  } else {
    await tx.insert(applicationVersions).values({
      applicationId: input.applicationId,
      version: input.version,
      authorId: input.authorId,
      changedSections: input.changed,
      // The first version holds every section; each later one what it changed.
      complete: !latest,
      sections: latest ? onlyChanged : input.sections,
      autosave: input.autosave ?? false,
    });
    await prune(tx, input.applicationId);
  }
  const [row] = await tx
    .update(applications)
    .set({ sections: input.sections, version: input.version, updatedAt: sql`now()` })
    .where(eq(applications.id, input.applicationId))
    .returning();
  return row!;
}

/** Drops the versions past the bound, first making complete a kept one whose predecessor goes. */
async function prune(tx: Tx, applicationId: string) {
  const all = await tx
    .select({
      id: applicationVersions.id,
      version: applicationVersions.version,
      complete: applicationVersions.complete,
      day: sql<string>`to_char(${applicationVersions.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`,
    })
    .from(applicationVersions)
    .where(eq(applicationVersions.applicationId, applicationId))
    .orderBy(asc(applicationVersions.version));
  if (all.length <= KEEP_RECENT_VERSIONS + 1) return;
  const keep = new Set(all.slice(-KEEP_RECENT_VERSIONS).map((r) => r.id));
  keep.add(all[0]!.id);
  const lastOfDay = new Map(all.map((r) => [r.day, r.id]));
  for (const id of lastOfDay.values()) keep.add(id);
  const drop = all.filter((r) => !keep.has(r.id));
  if (drop.length === 0) return;
  for (const [i, row] of all.entries()) {
    if (i === 0 || row.complete || !keep.has(row.id) || keep.has(all[i - 1]!.id)) continue;
    const full = await findVersion(tx, applicationId, row.version);
    await tx
      .update(applicationVersions)
      .set({ complete: true, sections: full!.sections })
      .where(eq(applicationVersions.id, row.id));
  }
  await tx.delete(applicationVersions).where(
    inArray(
      applicationVersions.id,
      drop.map((r) => r.id),
    ),
  );
}

/**
 * A version's author by name; a co-editor whose account was deleted leaves the version, unnamed
 * (ADR 0372), so the delta chain stays whole.
 */
const authorName = sql<string>`coalesce(${users.name}, 'Former collaborator')`;

/** The history, newest first (at most the kept versions, so no further limit is needed). */
export async function listVersions(db: Db, applicationId: string) {
  const rows = await db
    .select({
      version: applicationVersions.version,
      changed: applicationVersions.changedSections,
      createdAt: applicationVersions.createdAt,
      savedAt: applicationVersions.savedAt,
      author: authorName,
    })
    .from(applicationVersions)
    .leftJoin(users, eq(users.id, applicationVersions.authorId))
    .where(eq(applicationVersions.applicationId, applicationId))
    .orderBy(desc(applicationVersions.version));
  return rows.map(({ createdAt, savedAt, ...v }) => ({ ...v, at: savedAt ?? createdAt }));
}

/** One version with every section, rebuilt from its nearest complete row; undefined when not kept. */
export async function findVersion(db: Tx, applicationId: string, version: number) {
  const ofApp = eq(applicationVersions.applicationId, applicationId);
  const [base] = await db
    .select({ version: sql<number>`max(${applicationVersions.version})` })
    .from(applicationVersions)
    .where(and(ofApp, eq(applicationVersions.complete, true), lte(applicationVersions.version, version)));
  const rows = await db
    .select({
      version: applicationVersions.version,
      changed: applicationVersions.changedSections,
      sections: applicationVersions.sections,
      complete: applicationVersions.complete,
      createdAt: applicationVersions.createdAt,
      savedAt: applicationVersions.savedAt,
      author: authorName,
    })
    .from(applicationVersions)
    .leftJoin(users, eq(users.id, applicationVersions.authorId))
    .where(
      and(
        ofApp,
        lte(applicationVersions.version, version),
        gte(applicationVersions.version, Number(base?.version ?? 0)),
      ),
    )
    .orderBy(asc(applicationVersions.version));
  const last = rows.at(-1);
  if (!last || last.version !== version) return undefined;
  return {
    version,
    changed: last.changed,
    sections: fold(rows),
    at: last.savedAt ?? last.createdAt,
    author: last.author,
  };
}

/**
 * What a user's applications and their versions take in the database (sealed values do not
 * compress, so this is close to their size on disk); deleted applications are not counted.
 */
export async function storedBytes(db: Tx, userId: string): Promise<number> {
  const result = (await db.execute(sql`
    select coalesce((select sum(pg_column_size(a.sections)) from applications a
                       where a.user_id = ${userId} and a.deleted_at is null), 0)
         + coalesce((select sum(pg_column_size(v.sections)) from application_versions v
                       join applications a on a.id = v.application_id
                       where a.user_id = ${userId} and a.deleted_at is null), 0) as bytes
  `)) as unknown as { rows: Array<{ bytes: string | number }> };
  return Number(result.rows[0]?.bytes ?? 0);
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

/**
 * A version other work refers to (the one reviewers read, issue 27) is never folded into by a
 * later autosave, like a restore: its text stays the text the diff starts from.
 */
export async function pinVersion(tx: Tx, applicationId: string, version: number): Promise<void> {
  await tx
    .update(applicationVersions)
    .set({ autosave: false })
    .where(
      and(eq(applicationVersions.applicationId, applicationId), eq(applicationVersions.version, version)),
    );
}
