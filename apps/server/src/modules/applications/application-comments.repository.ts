import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import { applicationComments, type ApplicationCommentRow } from './applications.schema.ts';

const resolver = alias(users, 'resolver');

/** An application's comments and replies, oldest first, with their authors' names. */
export async function listComments(db: Tx, applicationId: string) {
  return db
    .select({
      comment: applicationComments,
      author: users.name,
      resolvedBy: resolver.name,
    })
    .from(applicationComments)
    .innerJoin(users, eq(users.id, applicationComments.authorId))
    .leftJoin(resolver, eq(resolver.id, applicationComments.resolvedBy))
    .where(eq(applicationComments.applicationId, applicationId))
    .orderBy(asc(applicationComments.createdAt), asc(applicationComments.id));
}

export async function countComments(tx: Tx, applicationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(applicationComments)
    .where(eq(applicationComments.applicationId, applicationId));
  return Number(row?.n ?? 0);
}

export async function findComment(
  db: Tx,
  applicationId: string,
  id: string,
): Promise<ApplicationCommentRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationComments)
    .where(and(eq(applicationComments.applicationId, applicationId), eq(applicationComments.id, id)));
  return row;
}

export async function insertComment(
  tx: Tx,
  values: Pick<
    ApplicationCommentRow,
    'applicationId' | 'authorId' | 'parentId' | 'sectionId' | 'quote' | 'body'
  >,
): Promise<ApplicationCommentRow> {
  const [row] = await tx.insert(applicationComments).values(values).returning();
  return row!;
}

export async function setResolved(db: Db, id: string, by: string | null): Promise<void> {
  await db
    .update(applicationComments)
    .set(by ? { resolvedAt: sql`now()`, resolvedBy: by } : { resolvedAt: null, resolvedBy: null })
    .where(eq(applicationComments.id, id));
}

/** Who may be mentioned: the owner and everyone the application is shared with by name. */
export async function readersByAddress(db: Db, applicationId: string) {
  const result = (await db.execute(sql`
    select lower(u.email) as email from applications a join users u on u.id = a.user_id
     where a.id = ${applicationId} and u.deleted_at is null
    union
    select s.email from application_shares s where s.application_id = ${applicationId}
  `)) as unknown as { rows: Array<{ email: string }> };
  return new Set(result.rows.map((r) => r.email));
}
