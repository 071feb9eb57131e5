import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { renderOnce, UNNAMED } from '../../db/render-once.ts';
import { emailVerifications, sessions, users, type UserRow } from './auth.schema.ts';

export async function findUserByEmail(db: Tx, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  return row;
}

export async function findUserById(db: Tx, id: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function insertUser(
  tx: Tx,
  values: { email: string; name: string; phone: string; passwordHash: string },
): Promise<UserRow | undefined> {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertSession(tx: Tx, values: { idHash: string; userId: string; expiresAt: Date }) {
  await tx.insert(sessions).values(values);
}

const sessionUserQuery = renderOnce((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.idHash, sql.placeholder('idHash')),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .prepare(UNNAMED),
);

/** The signed-in user of a session, on every signed-in request. */
export async function findSessionUser(db: Db, idHash: string): Promise<UserRow | undefined> {
  const [row] = await sessionUserQuery(db).execute({ idHash });
  return row?.user;
}

export async function deleteSession(db: Db, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function insertVerification(
  tx: Tx,
  values: { userId: string; codeHash: string; codeExpiresAt: Date; tokenHash: string; tokenExpiresAt: Date },
) {
  // A new code voids the older ones: only the latest e-mail works.
  await tx
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailVerifications.userId, values.userId), isNull(emailVerifications.usedAt)));
  await tx.insert(emailVerifications).values(values);
}

export async function findLiveCode(tx: Tx, userId: string) {
  const [row] = await tx
    .select()
    .from(emailVerifications)
    .where(
      and(
        eq(emailVerifications.userId, userId),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.codeExpiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(emailVerifications.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/** Counts a wrong try; the code is void once it reaches the limit. */
export async function recordCodeFailure(tx: Tx, id: string, maxAttempts: number) {
  await tx
    .update(emailVerifications)
    .set({
      codeAttempts: sql`${emailVerifications.codeAttempts} + 1`,
      usedAt: sql`CASE WHEN ${emailVerifications.codeAttempts} + 1 >= ${maxAttempts} THEN now() END`,
    })
    .where(eq(emailVerifications.id, id));
}

export async function consumeToken(tx: Tx, tokenHash: string): Promise<string | undefined> {
  const [row] = await tx
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.tokenExpiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailVerifications.userId });
  return row?.userId;
}

export async function markVerificationUsed(tx: Tx, id: string) {
  await tx
    .update(emailVerifications)
    .set({ usedAt: sql`now()` })
    .where(eq(emailVerifications.id, id));
}

export async function markEmailVerified(tx: Tx, userId: string) {
  await tx.update(users).set({ emailVerified: true }).where(eq(users.id, userId));
}

/** Verification e-mails sent to a user since a moment, for the resend limits. */
/** Holds the user's row until the transaction ends: one verification mail at a time per user. */
export async function lockUserRow(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countVerificationsSince(
  db: Tx,
  userId: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<Date | null>`min(${emailVerifications.createdAt})`,
    })
    .from(emailVerifications)
    .where(and(eq(emailVerifications.userId, userId), gt(emailVerifications.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ? new Date(row.oldest) : null };
}
