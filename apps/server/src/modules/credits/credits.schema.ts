import { bigserial, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_REASONS } from '@grantleaf/shared/paid-work';
import { LIMIT_PERIODS, ORGANISATION_LEDGER_REASONS } from '@grantleaf/shared/organisation-credits.schema';
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

/** Organisation balances (ADR 0720), in tenths; written only with a row of the ledger below. */
export const organisationCreditBalances = pgTable('organisation_credit_balances', {
  organisationId: uuid('organisation_id').primaryKey(),
  credits: integer('credits').notNull().default(0),
});

/** Who moved what in or out of an organisation's balance; append-only (migration 0720). */
export const organisationCreditLedger = pgTable('organisation_credit_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  organisationId: uuid('organisation_id').notNull(),
  userId: uuid('user_id'),
  amount: integer('amount').notNull(),
  reason: text('reason', { enum: ORGANISATION_LEDGER_REASONS }).notNull(),
  reference: text('reference').notNull(),
  createdAt: createdAt(),
});
export type OrganisationLedgerRow = typeof organisationCreditLedger.$inferSelect;

/** A member's limit, tenths per calendar month (UTC) or in total; no row, no limit. */
export const organisationCreditLimits = pgTable(
  'organisation_credit_limits',
  {
    organisationId: uuid('organisation_id').notNull(),
    userId: uuid('user_id').notNull(),
    credits: integer('credits').notNull(),
    period: text('period', { enum: LIMIT_PERIODS }).notNull(),
    setBy: uuid('set_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] })],
);
export type OrganisationLimitRow = typeof organisationCreditLimits.$inferSelect;
