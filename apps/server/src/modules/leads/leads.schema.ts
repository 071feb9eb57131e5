import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';

export const leads = pgTable('leads', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  email: text('email').notNull(),
  role: text('role').notNull(),
  organization: text('organization').notNull(),
  grantSize: text('grant_size').notNull(),
  message: text('message'),
  status: text('status').notNull().default('new'),
  ip: text('ip'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type LeadRow = typeof leads.$inferSelect;

export const zenoLeadSubmissions = pgTable('zeno_lead_submissions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  email: text('email').notNull(),
  phoneNumber: text('phone_number').notNull(),
  message: text('message').notNull(),
  interestType: text('interest_type').notNull(),
  ip: text('ip'),
  createdAt: createdAt(),
});
export type ZenoLeadRow = typeof zenoLeadSubmissions.$inferSelect;
