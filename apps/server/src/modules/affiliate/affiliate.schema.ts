import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';

export const affiliates = pgTable('affiliates', {
  userId: uuid('user_id').primaryKey(),
  code: text('code').notNull().unique(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  createdAt: createdAt(),
});
export type AffiliateRow = typeof affiliates.$inferSelect;

export const referrals = pgTable('referrals', {
  referredUserId: uuid('referred_user_id').primaryKey(),
  affiliateUserId: uuid('affiliate_user_id').notNull(),
  createdAt: createdAt(),
});

export const affiliateCommissions = pgTable('affiliate_commissions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  affiliateUserId: uuid('affiliate_user_id').notNull(),
  referredUserId: uuid('referred_user_id').notNull(),
  paymentId: uuid('payment_id').notNull().unique(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  /** pending (held until payable_at, then payable), held (self-referral review), paid, reversed (refund). */
  status: text('status', { enum: ['pending', 'held', 'paid', 'reversed'] })
    .notNull()
    .default('pending'),
  payableAt: timestamp('payable_at', { withTimezone: true }).notNull().defaultNow(),
  holdReason: text('hold_reason'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  reversedAt: timestamp('reversed_at', { withTimezone: true }),
  createdAt: createdAt(),
});
export type CommissionRow = typeof affiliateCommissions.$inferSelect;
