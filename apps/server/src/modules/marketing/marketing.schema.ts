import { sql } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';

export const marketingRequests = pgTable('marketing_requests', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  phone: text('phone').notNull(),
  services: text('services').array().notNull(),
  description: text('description').notNull().default(''),
  email: text('email').notNull(),
  createdAt: createdAt(),
});
export type MarketingRequestRow = typeof marketingRequests.$inferSelect;
