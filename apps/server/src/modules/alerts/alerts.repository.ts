import type { AlertKind } from '@grantleaf/shared/alerts.schema';
import { and, asc, eq, isNotNull, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import {
  alertSubscriptions,
  programFollows,
  savedSearches,
  type AlertSubscriptionRow,
  type ProgramFollowRow,
  type SavedSearchRow,
} from './alerts.schema.ts';

/** Serialises one user's inserts, so the caps hold under parallel requests. */
export async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select id from users where id = ${userId} for update`);
}

// Saved searches

export async function listSearches(db: Tx, userId: string): Promise<SavedSearchRow[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id));
}

export async function insertSearch(
  tx: Tx,
  values: Pick<SavedSearchRow, 'userId' | 'name' | 'query' | 'seenProgramIds'>,
): Promise<SavedSearchRow> {
  const [row] = await tx.insert(savedSearches).values(values).returning();
  return row!;
}

export async function renameSearch(
  db: Tx,
  userId: string,
  id: string,
  name: string,
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({ name })
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, id)))
    .returning();
  return row;
}

export async function deleteSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.id, id)))
    .returning({ id: savedSearches.id });
  return rows.length > 0;
}

/** After a digest: what it reported is now seen, and when. */
export async function markSearchSent(db: Db, id: string, seen: string[], at: Date): Promise<void> {
  await db
    .update(savedSearches)
    .set({ seenProgramIds: seen, lastSentAt: at })
    .where(eq(savedSearches.id, id));
}

// Follows

export async function listFollows(db: Tx, userId: string): Promise<ProgramFollowRow[]> {
  return db
    .select()
    .from(programFollows)
    .where(eq(programFollows.userId, userId))
    .orderBy(asc(programFollows.createdAt), asc(programFollows.programId));
}

/** Following twice is following once. */
export async function insertFollow(tx: Tx, userId: string, programId: string): Promise<void> {
  await tx.insert(programFollows).values({ userId, programId }).onConflictDoNothing();
}

export async function deleteFollow(db: Db, userId: string, programId: string): Promise<boolean> {
  const rows = await db
    .delete(programFollows)
    .where(and(eq(programFollows.userId, userId), eq(programFollows.programId, programId)))
    .returning({ programId: programFollows.programId });
  return rows.length > 0;
}

/**
 * Claims one reminder (a deadline, a number of days before it); false when it, or a later one for
 * the same deadline, was already sent. Jobs run at least once: the claim makes the mail go once.
 */
export async function claimReminder(
  db: Db,
  userId: string,
  programId: string,
  deadline: string,
  days: number,
): Promise<boolean> {
  const rows = await db
    .update(programFollows)
    .set({ remindedDeadline: deadline, remindedDays: days })
    .where(
      and(
        eq(programFollows.userId, userId),
        eq(programFollows.programId, programId),
        or(
          isNull(programFollows.remindedDeadline),
          sql`${programFollows.remindedDeadline} <> ${deadline}::date`,
          sql`${programFollows.remindedDays} > ${days}`,
        ),
      ),
    )
    .returning({ programId: programFollows.programId });
  return rows.length > 0;
}

// Subscriptions (the opt-out links)

export async function listSubscriptions(db: Tx, userId: string): Promise<AlertSubscriptionRow[]> {
  return db.select().from(alertSubscriptions).where(eq(alertSubscriptions.userId, userId));
}

/** The user's row for a kind, created with the given token when there is none yet. */
export async function ensureSubscription(
  db: Db,
  values: Pick<AlertSubscriptionRow, 'userId' | 'kind' | 'token' | 'tokenHash'>,
): Promise<AlertSubscriptionRow> {
  await db.insert(alertSubscriptions).values(values).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(alertSubscriptions)
    .where(and(eq(alertSubscriptions.userId, values.userId), eq(alertSubscriptions.kind, values.kind)));
  return row!;
}

export async function setUnsubscribed(
  db: Db,
  userId: string,
  kind: AlertKind,
  unsubscribed: boolean,
): Promise<void> {
  await db
    .update(alertSubscriptions)
    .set({ unsubscribedAt: unsubscribed ? sql`coalesce(${alertSubscriptions.unsubscribedAt}, now())` : null })
    .where(and(eq(alertSubscriptions.userId, userId), eq(alertSubscriptions.kind, kind)));
}

export async function findSubscriptionByHash(
  db: Db,
  tokenHash: string,
): Promise<AlertSubscriptionRow | undefined> {
  const [row] = await db.select().from(alertSubscriptions).where(eq(alertSubscriptions.tokenHash, tokenHash));
  return row;
}

// Recipients: a live account with a verified address (issue 15 §7) that has not opted out.

const optedOut = (db: Db, kind: AlertKind) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(alertSubscriptions)
      .where(
        and(
          eq(alertSubscriptions.userId, users.id),
          eq(alertSubscriptions.kind, kind),
          isNotNull(alertSubscriptions.unsubscribedAt),
        ),
      ),
  );

// The account's language picks the e-mail's language (ADR 0551).
const recipient = { userId: users.id, email: users.email, name: users.name, language: users.language };
const liveVerified = and(isNull(users.deletedAt), eq(users.emailVerified, true));

/** Users owed a digest check: saved searches, verified, not opted out, none mailed since `since`. */
export async function listDigestRecipients(db: Db, since: Date) {
  return db
    .select(recipient)
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(and(liveVerified, optedOut(db, 'digest')))
    .groupBy(users.id, users.email, users.name, users.language)
    .having(sql`coalesce(max(${savedSearches.lastSentAt}) < ${since.toISOString()}::timestamptz, true)`);
}

/** Every follow whose owner may be reminded. */
export async function listRemindableFollows(db: Db) {
  return db
    .select({ ...recipient, programId: programFollows.programId })
    .from(programFollows)
    .innerJoin(users, eq(users.id, programFollows.userId))
    .where(and(liveVerified, optedOut(db, 'reminders')))
    .orderBy(asc(programFollows.programId));
}
