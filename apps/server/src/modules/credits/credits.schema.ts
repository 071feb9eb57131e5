import { bigserial, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';

export const creditLedger = pgTable('credit_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  amount: integer('amount').notNull(),
  reason: text('reason').notNull(),
  reference: text('reference').notNull(),
  createdAt: createdAt(),
});
