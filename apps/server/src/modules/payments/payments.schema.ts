import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';

export const payments = pgTable('payments', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull().default('CAD'),
  reference: text('reference').notNull().unique(),
  recordedBy: uuid('recorded_by'),
  createdAt: createdAt(),
});
export type PaymentRow = typeof payments.$inferSelect;
