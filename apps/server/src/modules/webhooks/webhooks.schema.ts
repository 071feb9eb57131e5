import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';

export const webhookDeliveries = pgTable('webhook_deliveries', {
  eventId: text('event_id').primaryKey(),
  event: text('event').notNull(),
  payload: jsonb('payload').notNull(),
  attempts: integer('attempts').notNull().default(0),
  lastStatus: integer('last_status'),
  lastError: text('last_error'),
  deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  createdAt: createdAt(),
});
