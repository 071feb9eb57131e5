import { and, desc, eq, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../auth/auth.schema.ts';
import { creditLedger } from '../credits/credits.schema.ts';
import {
  checkouts,
  payments,
  refundRequests,
  stripeEvents,
  type CheckoutRow,
  type PaymentRow,
  type RefundRequestRow,
} from './payments.schema.ts';

const LIST_LIMIT = 200;

/** Undefined when a payment with this reference is already recorded. */
export async function insertPayment(
  tx: Tx,
  values: Pick<PaymentRow, 'userId' | 'amountCents' | 'currency' | 'reference' | 'recordedBy'> &
    Partial<
      Pick<
        PaymentRow,
        | 'checkoutId'
        | 'packId'
        | 'creditsTenths'
        | 'taxCents'
        | 'stripePaymentIntent'
        | 'receiptUrl'
        | 'cardFingerprint'
      >
    >,
): Promise<PaymentRow | undefined> {
  const [row] = await tx.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findPaymentByReference(tx: Tx, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

export async function findPayment(tx: Tx, id: string): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function insertCheckout(
  tx: Tx,
  values: Pick<CheckoutRow, 'userId' | 'packId' | 'creditsTenths' | 'amountCents' | 'currency'>,
): Promise<CheckoutRow> {
  const [row] = await tx.insert(checkouts).values(values).returning();
  return row!;
}

export async function setCheckoutSession(tx: Tx, id: string, stripeSessionId: string): Promise<void> {
  await tx.update(checkouts).set({ stripeSessionId }).where(eq(checkouts.id, id));
}

export async function findCheckout(
  tx: Tx,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<CheckoutRow | undefined> {
  const query = tx.select().from(checkouts).where(eq(checkouts.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

/** An abandoned checkout; a paid one stays paid whatever order the events come in. */
export async function expireCheckout(tx: Tx, id: string): Promise<void> {
  await tx
    .update(checkouts)
    .set({ status: 'expired' })
    .where(and(eq(checkouts.id, id), eq(checkouts.status, 'open')));
}

export async function markCheckoutPaid(tx: Tx, id: string): Promise<void> {
  await tx.update(checkouts).set({ status: 'paid' }).where(eq(checkouts.id, id));
}

/** True the first time an event id is seen; a replay returns false and the caller does nothing. */
export async function claimEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(stripeEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  return rows.length > 0;
}

export async function listUserPurchases(db: Db, userId: string) {
  return db
    .select({ payment: payments, request: refundRequests })
    .from(payments)
    .leftJoin(refundRequests, eq(refundRequests.paymentId, payments.id))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt))
    .limit(LIST_LIMIT);
}

export async function insertRefundRequest(
  tx: Tx,
  values: Pick<RefundRequestRow, 'paymentId' | 'userId' | 'hoursSpent' | 'comment'>,
): Promise<RefundRequestRow | undefined> {
  const [row] = await tx.insert(refundRequests).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findRefundRequest(tx: Tx, id: string, opts: { forUpdate?: boolean } = {}) {
  const query = tx.select().from(refundRequests).where(eq(refundRequests.id, id));
  const [row] = opts.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function decideRefundRequest(
  tx: Tx,
  id: string,
  values: Pick<RefundRequestRow, 'status' | 'note' | 'decidedBy' | 'stripeRefundId'>,
): Promise<void> {
  await tx
    .update(refundRequests)
    .set({ ...values, decidedAt: new Date() })
    .where(eq(refundRequests.id, id));
}

export async function markPaymentRefunded(tx: Tx, id: string): Promise<void> {
  await tx
    .update(payments)
    .set({ refundedAt: new Date() })
    .where(and(eq(payments.id, id), isNull(payments.refundedAt)));
}

/** Refund requests with who asked, what they bought and what they did since (credits spent, paid jobs). */
export async function listRefundRequests(db: Db, status: RefundRequestRow['status'] | 'all') {
  const rows = await db
    .select({
      request: refundRequests,
      payment: payments,
      user: { id: users.id, name: users.name, email: users.email, credits: users.credits },
      spentTenths: sql<number>`coalesce((select -sum(l.amount) from ${creditLedger} l
        where l.user_id = ${payments.userId} and l.amount < 0 and l.created_at >= ${payments.createdAt}), 0)::int`,
      paidJobs: sql<number>`(select count(*) from ${creditLedger} l
        where l.user_id = ${payments.userId} and l.amount < 0 and l.created_at >= ${payments.createdAt})::int`,
    })
    .from(refundRequests)
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .innerJoin(users, eq(users.id, refundRequests.userId))
    .where(status === 'all' ? undefined : eq(refundRequests.status, status))
    .orderBy(desc(refundRequests.createdAt))
    .limit(LIST_LIMIT);
  return rows;
}

export async function listPayments(db: Db, filter: { query: string; status: 'all' | 'paid' | 'refunded' }) {
  const q = filter.query ? `%${filter.query.replace(/[%_\\]/g, (c) => `\\${c}`)}%` : null;
  return db
    .select({ payment: payments, user: { id: users.id, name: users.name, email: users.email } })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(
      and(
        q ? or(ilike(users.email, q), ilike(users.name, q), ilike(payments.reference, q)) : undefined,
        filter.status === 'paid' ? isNull(payments.refundedAt) : undefined,
        filter.status === 'refunded' ? isNotNull(payments.refundedAt) : undefined,
      ),
    )
    .orderBy(desc(payments.createdAt))
    .limit(LIST_LIMIT);
}

/** Card fingerprints an affiliate paid with themselves: a referred buyer's same card is a self-referral signal. */
export async function affiliateUsedCard(
  tx: Tx,
  affiliateUserId: string,
  fingerprint: string,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, affiliateUserId), eq(payments.cardFingerprint, fingerprint)))
    .limit(1);
  return Boolean(row);
}
