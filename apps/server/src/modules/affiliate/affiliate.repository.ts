import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import { payments } from '../payments/payments.schema.ts';
import { affiliateCommissions, affiliates, referrals, type AffiliateRow, type CommissionRow } from './affiliate.schema.ts';

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

export async function updateAffiliatePhone(db: Tx, userId: string, phone: string): Promise<AffiliateRow | undefined> {
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
  values: Pick<CommissionRow, 'affiliateUserId' | 'referredUserId' | 'paymentId' | 'amountCents' | 'currency'>,
): Promise<CommissionRow | undefined> {
  const [row] = await db.insert(affiliateCommissions).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findCommissionForPayment(db: Tx, paymentId: string): Promise<CommissionRow | undefined> {
  const [row] = await db.select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, paymentId));
  return row;
}

/** The affiliate's referred users with what each bought and earned them. */
export async function listReferredUsers(db: Db, affiliateUserId: string) {
  const result = (await db.execute(sql`
    SELECT u.name, u.email, r.created_at AS joined_at,
      coalesce((SELECT sum(p.amount_cents) FROM ${payments} p WHERE p.user_id = r.referred_user_id), 0)::int AS purchases_cents,
      coalesce((SELECT sum(c.amount_cents) FROM ${affiliateCommissions} c
                WHERE c.referred_user_id = r.referred_user_id AND c.affiliate_user_id = r.affiliate_user_id), 0)::int AS commission_cents
    FROM ${referrals} r JOIN ${users} u ON u.id = r.referred_user_id
    WHERE r.affiliate_user_id = ${affiliateUserId}
    ORDER BY r.created_at DESC
    LIMIT ${LIST_LIMIT}`)) as unknown as {
    rows: Array<{ name: string; email: string; joined_at: string | Date; purchases_cents: number; commission_cents: number }>;
  };
  return result.rows;
}

export async function sumEarnings(db: Db, affiliateUserId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${affiliateCommissions.amountCents}), 0)::int` })
    .from(affiliateCommissions)
    .where(eq(affiliateCommissions.affiliateUserId, affiliateUserId));
  return Number(row?.total ?? 0);
}

export async function listAffiliatesForAdmin(db: Db) {
  const result = (await db.execute(sql`
    SELECT a.user_id, u.name, a.email, a.phone, a.code, a.created_at,
      (SELECT count(*) FROM ${referrals} r WHERE r.affiliate_user_id = a.user_id)::int AS referred_count,
      coalesce((SELECT sum(c.amount_cents) FROM ${affiliateCommissions} c WHERE c.affiliate_user_id = a.user_id), 0)::int AS earnings_cents
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

