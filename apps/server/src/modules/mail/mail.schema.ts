import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';

export const outboxEmails = pgTable('outbox_emails', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  dedupeKey: text('dedupe_key'),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  bodyText: text('body_text').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});
