import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per limited key and window (http/rate-limit.ts queries it in SQL); apart, so db/schema.ts imports no client. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  points: integer('points').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
