import { and, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { OrganisationRole } from '@grantleaf/shared/organisations.schema';
import type { LimitPeriod } from '@grantleaf/shared/organisation-credits.schema';
import type { Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
// Read only: who belongs to an organisation, in the spend's own transaction (the organisations
// module writes these tables; a removed member's spend must fail with the removal).
import { organisationMembers, organisations } from '../organisations/organisations.schema.ts';
import {
  organisationCreditBalances,
  organisationCreditLedger,
  organisationCreditLimits,
  type OrganisationLedgerRow,
} from './credits.schema.ts';

export type NewOrganisationLedgerRow = typeof organisationCreditLedger.$inferInsert;

/** The caller's role and the organisation's name, or undefined for a non-member. */
export async function findMember(
  db: Tx,
  organisationId: string,
  userId: string,
): Promise<{ name: string; role: OrganisationRole } | undefined> {
  const [row] = await db
    .select({ name: organisations.name, role: organisationMembers.role })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(
      and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)),
    );
  return row;
}

export async function listMembers(db: Tx, organisationId: string) {
  return db
    .select({ userId: organisationMembers.userId, role: organisationMembers.role, name: users.name })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(eq(organisationMembers.organisationId, organisationId))
    .orderBy(users.name);
}

/** Inserts a row unless its (reason, reference) exists; the new row's id, or undefined. */
export async function insertRow(tx: Tx, row: NewOrganisationLedgerRow): Promise<number | undefined> {
  const [entry] = await tx
    .insert(organisationCreditLedger)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: organisationCreditLedger.id });
  return entry?.id;
}

/**
 * Adds `amount` tenths when the balance stays at or above zero; false when it would not. The
 * conditional UPDATE is the row lock that keeps two members from spending the last credits twice.
 */
export async function addToBalance(tx: Tx, organisationId: string, amount: number): Promise<boolean> {
  if (amount > 0) {
    await tx
      .insert(organisationCreditBalances)
      .values({ organisationId, credits: amount })
      .onConflictDoUpdate({
        target: organisationCreditBalances.organisationId,
        set: { credits: sql`${organisationCreditBalances.credits} + ${amount}` },
      });
    return true;
  }
  const updated = await tx
    .update(organisationCreditBalances)
    .set({ credits: sql`${organisationCreditBalances.credits} + ${amount}` })
    .where(
      and(
        eq(organisationCreditBalances.organisationId, organisationId),
        gte(organisationCreditBalances.credits, -amount),
      ),
    )
    .returning({ credits: organisationCreditBalances.credits });
  return updated.length > 0;
}

export async function findBalance(db: Tx, organisationId: string): Promise<number> {
  const [row] = await db
    .select({ credits: organisationCreditBalances.credits })
    .from(organisationCreditBalances)
    .where(eq(organisationCreditBalances.organisationId, organisationId));
  return row?.credits ?? 0;
}

/** A member's limit, locked until the transaction ends so one member's parallel spends queue. */
export async function lockLimit(tx: Tx, organisationId: string, userId: string) {
  const [row] = await tx
    .select()
    .from(organisationCreditLimits)
    .where(
      and(
        eq(organisationCreditLimits.organisationId, organisationId),
        eq(organisationCreditLimits.userId, userId),
      ),
    )
    .for('update');
  return row;
}

export async function listLimits(db: Tx, organisationId: string) {
  return db
    .select()
    .from(organisationCreditLimits)
    .where(eq(organisationCreditLimits.organisationId, organisationId));
}

export async function upsertLimit(
  tx: Tx,
  row: { organisationId: string; userId: string; credits: number; period: LimitPeriod; setBy: string },
): Promise<void> {
  await tx
    .insert(organisationCreditLimits)
    .values(row)
    .onConflictDoUpdate({
      target: [organisationCreditLimits.organisationId, organisationCreditLimits.userId],
      set: { credits: row.credits, period: row.period, setBy: row.setBy, updatedAt: sql`now()` },
    });
}

export async function deleteLimit(tx: Tx, organisationId: string, userId: string): Promise<void> {
  await tx
    .delete(organisationCreditLimits)
    .where(
      and(
        eq(organisationCreditLimits.organisationId, organisationId),
        eq(organisationCreditLimits.userId, userId),
      ),
    );
}

/**
 * Tenths each member spent from the organisation, net of refunds: this calendar month (UTC) for
 * `month`, ever for `total`. Keyed by user id.
 */
export async function spentBy(
  db: Tx,
  organisationId: string,
  period: LimitPeriod,
  userIds?: string[],
): Promise<Map<string, number>> {
  const l = organisationCreditLedger;
  const rows = await db
    .select({ userId: l.userId, spent: sql<number>`coalesce(-sum(${l.amount}), 0)::int` })
    .from(l)
    .where(
      and(
        eq(l.organisationId, organisationId),
        inArray(l.reason, ['spend', 'refund']),
        userIds ? inArray(l.userId, userIds) : undefined,
        period === 'month'
          ? sql`${l.createdAt} >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`
          : undefined,
      ),
    )
    .groupBy(l.userId);
  return new Map(rows.filter((r) => r.userId !== null).map((r) => [r.userId!, Number(r.spent)]));
}

/** A page of the organisation's rows, newest first; one member's only when `userId` is given. */
export async function findLedgerPage(
  db: Tx,
  organisationId: string,
  userId: string | undefined,
  page: number,
  pageSize: number,
) {
  const l = organisationCreditLedger;
  const where = and(eq(l.organisationId, organisationId), userId ? eq(l.userId, userId) : undefined);
  const [entries, [total]] = await Promise.all([
    db
      .select({ row: l, name: users.name })
      .from(l)
      .leftJoin(users, eq(users.id, l.userId))
      .where(where)
      .orderBy(desc(l.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(l).where(where),
  ]);
  return { entries, total: Number(total?.n ?? 0) };
}

export async function findEntry(
  db: Tx,
  reason: OrganisationLedgerRow['reason'],
  reference: string,
): Promise<OrganisationLedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(organisationCreditLedger)
    .where(
      and(eq(organisationCreditLedger.reason, reason), eq(organisationCreditLedger.reference, reference)),
    );
  return row;
}

/** Organisations whose balance differs from their ledger sum; always empty unless something is broken. */
export async function findOrganisationMismatches(db: Tx) {
  const result = (await db.execute(sql`
    SELECT o.id, coalesce(b.credits, 0) AS credits, coalesce(sum(l.amount), 0)::int AS ledger
    FROM organisations o
    LEFT JOIN organisation_credit_balances b ON b.organisation_id = o.id
    LEFT JOIN organisation_credit_ledger l ON l.organisation_id = o.id
    GROUP BY o.id, b.credits
    HAVING coalesce(b.credits, 0) <> coalesce(sum(l.amount), 0)
  `)) as unknown as { rows: Array<{ id: string; credits: number; ledger: number }> };
  return result.rows;
}
