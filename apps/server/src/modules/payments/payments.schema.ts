import { sql } from 'drizzle-orm';
import { integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';
import { sealedText } from '../../adapters/storage/content-crypto.ts';

/** A Checkout Session we created: what was offered to whom (the webhook credits from this row). */
export const checkouts = pgTable('checkouts', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  packId: text('pack_id').notNull(),
  creditsTenths: integer('credits_tenths').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  stripeSessionId: text('stripe_session_id').unique(),
  status: text('status', { enum: ['open', 'paid', 'expired'] })
    .notNull()
    .default('open'),
  createdAt: createdAt(),
});
export type CheckoutRow = typeof checkouts.$inferSelect;

export const payments = pgTable('payments', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('CAD'),
  reference: text('reference').notNull().unique(),
  recordedBy: uuid('recorded_by'),
  checkoutId: uuid('checkout_id').unique(),
  packId: text('pack_id'),
  creditsTenths: integer('credits_tenths').notNull().default(0),
  taxCents: integer('tax_cents'),
  stripePaymentIntent: text('stripe_payment_intent'),
  receiptUrl: text('receipt_url'),
  cardFingerprint: text('card_fingerprint'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: createdAt(),
});
export type PaymentRow = typeof payments.$inferSelect;

/** Webhook event ids already acted on. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const refundRequests = pgTable('refund_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  paymentId: uuid('payment_id').notNull().unique(),
  userId: uuid('user_id').notNull(),
  hoursSpent: numeric('hours_spent', { precision: 8, scale: 1, mode: 'number' }).notNull(),
  comment: text('comment').notNull().default(''),
  status: text('status', { enum: ['pending', 'approved', 'declined'] })
    .notNull()
    .default('pending'),
  note: text('note'),
  decidedBy: uuid('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  stripeRefundId: text('stripe_refund_id'),
  createdAt: createdAt(),
});
export type RefundRequestRow = typeof refundRequests.$inferSelect;

/**
 * A request for credits where card payments are off, or for an invoice / purchase order (issue 28
 * §2, ADR 0262). An admin approves (the credits go in through the ledger door) or declines.
 */
export const creditRequests = pgTable('credit_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  kind: text('kind', { enum: ['credits', 'invoice'] }).notNull(),
  creditsTenths: integer('credits_tenths').notNull(),
  organisation: sealedText('credit_requests', 'organisation').notNull().default(''),
  purchaseOrder: sealedText('credit_requests', 'purchase_order').notNull().default(''),
  message: sealedText('credit_requests', 'message').notNull().default(''),
  status: text('status', { enum: ['pending', 'approved', 'declined'] })
    .notNull()
    .default('pending'),
  grantedTenths: integer('granted_tenths'),
  note: text('note'),
  decidedBy: uuid('decided_by'),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  createdAt: createdAt(),
});
export type CreditRequestRow = typeof creditRequests.$inferSelect;
