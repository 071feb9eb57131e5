import type { Language } from '@grantleaf/shared/language';
import { and, desc, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { renderOnce, UNNAMED } from '../../db/render-once.ts';
import { emailVerifications, passwordResets, sessions, users, type UserRow } from './auth.schema.ts';

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

/** Where to write to a user about their own work: found even during the deletion grace period. */
export async function findUserContact(
  db: Tx,
  id: string,
): Promise<{ email: string; name: string; language: Language } | undefined> {
  const [row] = await db
    .select({ email: users.email, name: users.name, language: users.language })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

export async function insertUser(
  tx: Tx,
  values: { email: string; name: string; phone: string; passwordHash: string; language: Language },
): Promise<UserRow | undefined> {
  const [row] = await tx.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** The account's interface language (ADR 0360); the row as it is now, or undefined if deleted. */
export async function setUserLanguage(db: Tx, id: string, language: Language): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ language })
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .returning();
  return row;
}

export async function insertSession(
  tx: Tx,
  values: { idHash: string; userId: string; expiresAt: Date; userAgent: string | null; ip: string | null },
) {
  await tx.insert(sessions).values({ ...values, lastUsedAt: sql`now()` });
}

const sessionUserQuery = renderOnce((db) =>
  db
    .select({ user: users, lastUsedAt: sessions.lastUsedAt })
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

/** The signed-in user of a session and when the session was last seen, on every signed-in request. */
export async function findSessionUser(
  db: Db,
  idHash: string,
): Promise<{ user: UserRow; lastUsedAt: Date | null } | undefined> {
  const [row] = await sessionUserQuery(db).execute({ idHash });
  return row;
}

export async function touchSession(db: Db, idHash: string) {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(sessions.idHash, idHash));
}

/** The user's live sessions, newest use first. */
export async function listSessions(db: Db, userId: string) {
  return db
    .select({
      idHash: sessions.idHash,
      id: sessions.publicId,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(sql`coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}) desc`);
}

/** Ends one of the user's own sessions by its public id; false when there is none such. */
export async function deleteOwnSession(db: Db, userId: string, publicId: string): Promise<boolean> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.publicId });
  return gone.length > 0;
}

/** Ends every session of the user but the one named (all of them when `keepIdHash` is null). */
export async function deleteSessionsExcept(
  tx: Tx,
  userId: string,
  keepIdHash: string | null,
): Promise<number> {
  const gone = await tx
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), keepIdHash ? ne(sessions.idHash, keepIdHash) : undefined))
    .returning({ id: sessions.publicId });
  return gone.length;
}

export async function updatePasswordHash(tx: Tx, userId: string, passwordHash: string) {
  await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Voids every unused reset link of the user (a newer link, or a password change, issue 23 L-D). */
export async function voidPasswordResets(tx: Tx, userId: string) {
  await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** A new reset link voids the user's older ones: only the latest e-mail works. */
export async function insertPasswordReset(
  tx: Tx,
  values: { userId: string; tokenHash: string; expiresAt: Date },
) {
  await voidPasswordResets(tx, values.userId);
  await tx.insert(passwordResets).values(values);
}

/** The live (unused, unexpired) reset link's account, without spending the link. */
export async function findLiveReset(db: Tx, tokenHash: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    );
  return row?.user;
}

/** Spends a reset link in one atomic update: of two uses at once, one wins. */
export async function consumePasswordReset(tx: Tx, tokenHash: string): Promise<string | undefined> {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row?.userId;
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

/**
 * Whether a link's token belongs to an address that is already verified (issue 28 item 6): a
 * second click on the same link, or a link from an older e-mail, says so instead of "failed".
 */
export async function tokenOwnerIsVerified(db: Tx, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(emailVerifications)
    .innerJoin(users, eq(users.id, emailVerifications.userId))
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        eq(users.emailVerified, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Marks the address verified; its e-mail when this call did it, undefined when it already was (or
 * there is no such live account). Of two verifications at once, one sees the change: the second
 * waits on the row and then finds it verified, so the free credit follows one of them only.
 */
export async function markEmailVerified(tx: Tx, userId: string): Promise<string | undefined> {
  const [row] = await tx
    .update(users)
    .set({ emailVerified: true })
    .where(and(eq(users.id, userId), eq(users.emailVerified, false), isNull(users.deletedAt)))
    .returning({ email: users.email });
  return row?.email;
}

/** Records that the e-mailed link proved the address (also after the code verified it): ADR 0230. */
export async function markEmailLinkVerified(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(users)
    .set({ emailLinkVerified: true })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
}

/**
 * Spends the code of a verification the code has just verified, leaving its link working: the
 * owner of a listed address who typed the code can still click the link to prove it (ADR 0230).
 */
export async function spendCode(tx: Tx, id: string) {
  await tx
    .update(emailVerifications)
    .set({ codeExpiresAt: sql`now()` })
    .where(eq(emailVerifications.id, id));
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

/** The admin-rights rule (admin-rights.ts, holdsAdminRights) in SQL, for the rows the derivation updates. */
function rightsRule(adminEmails: readonly string[]): SQL {
  // A JSON array keeps the list one parameter, empty or not.
  return sql`(email_verified and deleted_at is null and admin_override is distinct from 'revoke'
    and (admin_override is not distinct from 'grant' or (email_link_verified
      and lower(email) in (select jsonb_array_elements_text(${JSON.stringify(adminEmails)}::jsonb)))))`;
}

export interface RightsChange {
  userId: string;
  isAdmin: boolean;
}

/** Flips `is_admin` where it differs from the rule, for one user or all; returns the changes. */
export async function updateAdminFlags(
  tx: Tx,
  adminEmails: readonly string[],
  userId?: string,
): Promise<RightsChange[]> {
  const only = userId ? sql`and id = ${userId}` : sql``;
  const result = (await tx.execute(
    sql`update users set is_admin = not is_admin
        where is_admin <> ${rightsRule(adminEmails)} ${only}
        returning id as "userId", is_admin as "isAdmin"`,
  )) as unknown as { rows: RightsChange[] };
  return result.rows;
}

/** Records an operator's grant or revoke on the live account of that address. */
export async function setAdminOverride(
  tx: Tx,
  email: string,
  command: 'grant' | 'revoke',
): Promise<{ id: string; email: string; emailVerified: boolean } | undefined> {
  const found = (await tx.execute(
    sql`update users set admin_override = ${command}
        where lower(email) = ${email.trim().toLowerCase()} and deleted_at is null
        returning id, email, email_verified as "emailVerified"`,
  )) as unknown as { rows: Array<{ id: string; email: string; emailVerified: boolean }> };
  return found.rows[0];
}

export async function findIsAdmin(tx: Tx, userId: string): Promise<boolean> {
  const state = (await tx.execute(
    sql`select is_admin as "isAdmin" from users where id = ${userId}`,
  )) as unknown as {
    rows: Array<{ isAdmin: boolean }>;
  };
  return Boolean(state.rows[0]?.isAdmin);
}

/**
 * Marks the account gone and frees its address at once (it may sign up again); the old address,
 * or null when there was no live account.
 */
export async function softDeleteUserRow(tx: Tx, userId: string, at: Date): Promise<string | null> {
  const updated = (await tx.execute(
    sql`update users u set deleted_at = ${at.toISOString()}, email = 'deleted-' || u.id || '@deleted.invalid'
        from (select id, email from users where id = ${userId} and deleted_at is null for update) old
        where u.id = old.id returning old.email`,
  )) as unknown as { rows: Array<{ email: string }> };
  return updated.rows[0]?.email ?? null;
}

export async function deleteSessionsOf(tx: Tx, userId: string) {
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}
