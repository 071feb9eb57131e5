import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import {
  affiliateCommissions,
  affiliates,
  referrals,
  type AffiliateRow,
  type CommissionRow,
} from './affiliate.schema.ts';

const LIST_LIMIT = 500;

export async function findAffiliate(db: Tx, userId: string): Promise<AffiliateRow | undefined> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row;
}

export async function findAffiliateByCode(db: Tx, code: string): Promise<AffiliateRow | undefined> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.code, code.toUpperCase()));
  return row;
}

/** Inserts the membership; undefined when the code is taken (the caller draws another). */
export async function insertAffiliate(
  db: Tx,
  values: { userId: string; code: string; email: string; phone: string },
): Promise<AffiliateRow | undefined> {
  const [row] = await db.insert(affiliates).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateAffiliatePhone(
  db: Tx,
  userId: string,
  phone: string,
): Promise<AffiliateRow | undefined> {
  const [row] = await db.update(affiliates).set({ phone }).where(eq(affiliates.userId, userId)).returning();
  return row;
}

export async function insertReferral(db: Tx, values: { referredUserId: string; affiliateUserId: string }) {
  const rows = await db.insert(referrals).values(values).onConflictDoNothing().returning();
  return rows.length > 0;
}

export async function findReferrerOf(db: Tx, referredUserId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ affiliateUserId: referrals.affiliateUserId })
    .from(referrals)
    .where(eq(referrals.referredUserId, referredUserId));
  return row?.affiliateUserId;
}

/** One commission per payment (payment_id is unique). */
export async function insertCommission(
  db: Tx,
  values: Pick<
    CommissionRow,
    'affiliateUserId' | 'referredUserId' | 'paymentId' | 'amountCents' | 'currency'
  > &
    Partial<Pick<CommissionRow, 'status' | 'holdReason' | 'payableAt'>>,
): Promise<CommissionRow | undefined> {
  const [row] = await db.insert(affiliateCommissions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findCommissionForPayment(
  db: Tx,
  paymentId: string,
): Promise<CommissionRow | undefined> {
  const [row] = await db
    .select()
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.paymentId, paymentId));
  return row;
}

/** The affiliate's referred users with what each bought and earned them. */
export async function listReferredUsers(db: Db, affiliateUserId: string) {
  const result = (await db.execute(sql`
    SELECT u.name, u.email, r.created_at AS joined_at,
      coalesce((SELECT sum(p.amount_cents) FROM ${payments} p WHERE p.user_id = r.referred_user_id AND p.refunded_at IS NULL), 0)::int AS purchases_cents,
      coalesce((SELECT sum(c.amount_cents) FROM ${affiliateCommissions} c
                WHERE c.referred_user_id = r.referred_user_id AND c.affiliate_user_id = r.affiliate_user_id AND c.status <> 'reversed'), 0)::int AS commission_cents
    FROM ${referrals} r JOIN ${users} u ON u.id = r.referred_user_id
    WHERE r.affiliate_user_id = ${affiliateUserId}
    ORDER BY r.created_at DESC
    LIMIT ${LIST_LIMIT}`)) as unknown as {
    rows: Array<{
      name: string;
      email: string;
      joined_at: string | Date;
      purchases_cents: number;
      commission_cents: number;
    }>;
  };
  return result.rows;
}

export async function sumEarnings(db: Db, affiliateUserId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}), 0)::int` })
    .from(affiliateCommissions)
    .where(
      and(
        eq(affiliateCommissions.affiliateUserId, affiliateUserId),
        ne(affiliateCommissions.status, 'reversed'),
      ),
    );
  return Number(row?.total ?? 0);
}

export async function listAffiliatesForAdmin(db: Db) {
  const result = (await db.execute(sql`
    SELECT a.user_id, u.name, a.email, a.phone, a.code, a.created_at,
      (SELECT count(*) FROM ${referrals} r WHERE r.affiliate_user_id = a.user_id)::int AS referred_count,
      coalesce((SELECT sum(c.amount_cents) FROM ${affiliateCommissions} c WHERE c.affiliate_user_id = a.user_id AND c.status <> 'reversed'), 0)::int AS earnings_cents
    FROM ${affiliates} a JOIN ${users} u ON u.id = a.user_id
    ORDER BY a.created_at DESC
    LIMIT ${LIST_LIMIT}`)) as unknown as {
    rows: Array<{
      user_id: string;
      name: string;
      email: string;
      phone: string;
      code: string;
      created_at: string | Date;
      referred_count: number;
      earnings_cents: number;
    }>;
  };
  return result.rows;
}

export async function listCommissionsForAdmin(db: Db) {
  const result = (await db.execute(sql`
    SELECT c.id, c.affiliate_user_id, au.email AS affiliate_email, c.referred_user_id, ru.email AS referred_email,
      c.payment_id, p.amount_cents AS payment_cents, c.amount_cents, c.currency, c.created_at
    FROM ${affiliateCommissions} c
    JOIN ${users} au ON au.id = c.affiliate_user_id
    JOIN ${users} ru ON ru.id = c.referred_user_id
    JOIN ${payments} p ON p.id = c.payment_id
    ORDER BY c.created_at DESC
    LIMIT ${LIST_LIMIT}`)) as unknown as {
    rows: Array<{
      id: string;
      affiliate_user_id: string;
      affiliate_email: string;
      referred_user_id: string;
      referred_email: string;
      payment_id: string;
      payment_cents: number;
      amount_cents: number;
      currency: string;
      created_at: string | Date;
    }>;
  };
  return result.rows;
}

/** A refunded payment earns nothing: its commission is reversed (once). */
export async function reverseCommission(db: Tx, paymentId: string): Promise<void> {
  await db
    .update(affiliateCommissions)
    .set({ status: 'reversed', reversedAt: new Date() })
    .where(and(eq(affiliateCommissions.paymentId, paymentId), ne(affiliateCommissions.status, 'reversed')));
}

/** Commissions still in the guarantee window or on hold, and those payable now, net of refunds. */
export async function sumCommissionStates(db: Tx, affiliateUserId: string) {
  const [row] = await db
    .select({
      pendingCents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.status} = 'held' or (${affiliateCommissions.status} = 'pending' and ${affiliateCommissions.payableAt} > now())), 0)::int`,
      payableCents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.status} = 'pending' and ${affiliateCommissions.payableAt} <= now()), 0)::int`,
      paidCents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.status} = 'paid'), 0)::int`,
    })
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.affiliateUserId, affiliateUserId));
  return {
    pendingCents: Number(row?.pendingCents ?? 0),
    payableCents: Number(row?.payableCents ?? 0),
    paidCents: Number(row?.paidCents ?? 0),
  };
}

/** Per affiliate and currency: what is payable now and what is still held. */
export async function listPayouts(db: Db) {
  const rows = await db
    .select({
      affiliateUserId: affiliateCommissions.affiliateUserId,
      name: users.name,
      email: users.email,
      currency: affiliateCommissions.currency,
      payableCents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.status} = 'pending' and ${affiliateCommissions.payableAt} <= now()), 0)::int`,
      heldCents: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}) filter (where ${affiliateCommissions.status} = 'held' or (${affiliateCommissions.status} = 'pending' and ${affiliateCommissions.payableAt} > now())), 0)::int`,
      commissions: sql<number>`count(*) filter (where ${affiliateCommissions.status} in ('pending', 'held'))::int`,
    })
    .from(affiliateCommissions)
    .innerJoin(users, eq(users.id, affiliateCommissions.affiliateUserId))
    .where(inArray(affiliateCommissions.status, ['pending', 'held']))
    .groupBy(affiliateCommissions.affiliateUserId, users.name, users.email, affiliateCommissions.currency)
    .orderBy(users.email)
    .limit(LIST_LIMIT);
  return rows.map((r) => ({
    ...r,
    payableCents: Number(r.payableCents),
    heldCents: Number(r.heldCents),
    commissions: Number(r.commissions),
  }));
}

export async function markPayablePaid(db: Tx, affiliateUserId: string, currency: string) {
  const rows = await db
    .update(affiliateCommissions)
    .set({ status: 'paid', paidAt: new Date() })
    .where(
      and(
        eq(affiliateCommissions.affiliateUserId, affiliateUserId),
        eq(affiliateCommissions.currency, currency),
        eq(affiliateCommissions.status, 'pending'),
        lte(affiliateCommissions.payableAt, new Date()),
      ),
    )
    .returning({ amountCents: affiliateCommissions.amountCents });
  return { count: rows.length, cents: rows.reduce((sum, r) => sum + r.amountCents, 0) };
}
