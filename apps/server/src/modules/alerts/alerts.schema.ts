import type { AlertKind, SavedSearchQuery } from '@grantleaf/shared/alerts.schema';
import { sql } from 'drizzle-orm';
import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedJson, sealedText } from '../../adapters/storage/content-crypto.ts';
import { createdAt } from '../auth/auth.schema.ts';

export const savedSearches = pgTable('saved_searches', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  // The user's words: sealed at rest (ADR 0084).
  name: sealedText('saved_searches', 'name').notNull(),
  query: sealedJson<SavedSearchQuery>('saved_searches', 'query').notNull(),
  createdAt: createdAt(),
  lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
  seenProgramIds: text('seen_program_ids')
    .array()
    .notNull()
    .default(sql`'{}'`),
});
export type SavedSearchRow = typeof savedSearches.$inferSelect;

export const programFollows = pgTable(
  'program_follows',
  {
    userId: uuid('user_id').notNull(),
    programId: text('program_id').notNull(),
    createdAt: createdAt(),
    remindedDeadline: date('reminded_deadline', { mode: 'string' }),
    remindedDays: integer('reminded_days'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.programId] })],
);
export type ProgramFollowRow = typeof programFollows.$inferSelect;

export const alertSubscriptions = pgTable('alert_subscriptions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  kind: text('kind').$type<AlertKind>().notNull(),
  // A credential in every e-mail of its kind: sealed, and found by its hash.
  token: sealedText('alert_subscriptions', 'token').notNull(),
  tokenHash: text('token_hash').notNull(),
  unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  createdAt: createdAt(),
});
export type AlertSubscriptionRow = typeof alertSubscriptions.$inferSelect;
