import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';
import { sealedText } from '../../adapters/storage/content-crypto.ts';

export const outboxEmails = pgTable('outbox_emails', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  dedupeKey: text('dedupe_key'),
  toAddress: text('to_address').notNull(),
  // Mail quotes user content (idea titles, results): sealed at rest like it (ADR 0084).
  subject: sealedText('outbox_emails', 'subject').notNull(),
  bodyText: sealedText('outbox_emails', 'body_text').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});
