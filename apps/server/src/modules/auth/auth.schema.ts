import type { Language } from '@grantleaf/shared/language';
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable('users', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  email: text('email').notNull(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  passwordHash: text('password_hash').notNull(),
  credits: integer('credits').notNull().default(0),
  emailVerified: boolean('email_verified').notNull().default(false),
  /** The address was proven by the e-mailed link (not only the guessable code): ADMIN_EMAILS needs it (ADR 0230). */
  emailLinkVerified: boolean('email_link_verified').notNull().default(false),
  isAdmin: boolean('is_admin').notNull().default(false),
  adminOverride: text('admin_override').$type<'grant' | 'revoke'>(),
  /** The interface language; the account's e-mails and exports follow it (ADR 0360). */
  language: text('language').$type<Language>().notNull().default('en'),
  createdAt: createdAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});
export type UserRow = typeof users.$inferSelect;

export const sessions = pgTable('sessions', {
  idHash: text('id_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  publicId: uuid('public_id')
    .notNull()
    .default(sql`gen_random_uuid()`),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  userAgent: text('user_agent'),
  ip: text('ip'),
});

export const passwordResets = pgTable('password_resets', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const emailVerifications = pgTable('email_verifications', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }).notNull(),
  codeAttempts: integer('code_attempts').notNull().default(0),
  tokenHash: text('token_hash').notNull(),
  tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});
