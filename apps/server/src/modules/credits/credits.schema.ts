import { bigserial, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_REASONS } from '@grantleaf/shared/paid-work';
import { createdAt } from '../auth/auth.schema.ts';
import { sealedText } from '../../adapters/storage/content-crypto.ts';

export const creditLedger = pgTable('credit_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  amount: integer('amount').notNull(),
  reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
  reference: text('reference').notNull(),
  createdAt: createdAt(),
  /** Free text an admin gave for a manual change. */
  note: text('note'),
  /** The admin who made a manual change. */
  actorId: uuid('actor_id'),
});
export type LedgerRow = typeof creditLedger.$inferSelect;

/** Idempotency-Key records of paid endpoints; see http/idempotency.ts. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] })
      .notNull()
      .default('running'),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    // The first answer, replayed to a retry: it quotes the user's content, so it is sealed (ADR 0084).
    responseBody: sealedText('idempotency_keys', 'response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
