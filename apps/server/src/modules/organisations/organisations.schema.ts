import { sql } from 'drizzle-orm';
import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ORGANISATION_ROLES } from '@grantleaf/shared/organisations.schema';
import { createdAt } from '../auth/auth.schema.ts';

export const organisations = pgTable('organisations', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text('name').notNull(),
  domain: text('domain'),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
  /** Business days before the funder's deadline the office wants the application complete. */
  internalDeadlineDays: integer('internal_deadline_days').notNull().default(5),
});
export type OrganisationRow = typeof organisations.$inferSelect;

export const organisationMembers = pgTable(
  'organisation_members',
  {
    organisationId: uuid('organisation_id').notNull(),
    userId: uuid('user_id').notNull(),
    role: text('role', { enum: ORGANISATION_ROLES }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.userId] })],
);
export type MemberRow = typeof organisationMembers.$inferSelect;

export const organisationInvitations = pgTable('organisation_invitations', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  organisationId: uuid('organisation_id').notNull(),
  email: text('email').notNull(),
  role: text('role', { enum: ORGANISATION_ROLES }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: uuid('invited_by'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  usedBy: uuid('used_by'),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdAt: createdAt(),
});
export type InvitationRow = typeof organisationInvitations.$inferSelect;

/** Days the internal deadline's business-day count skips (issue 32 §3, ADR 0441). */
export const organisationHolidays = pgTable(
  'organisation_holidays',
  {
    organisationId: uuid('organisation_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.day] })],
);
export type HolidayRow = typeof organisationHolidays.$inferSelect;

/** Per-program internal deadlines (ADR 0650): a catalogue program's own business-day count. */
export const organisationProgramDeadlines = pgTable(
  'organisation_program_deadlines',
  {
    organisationId: uuid('organisation_id').notNull(),
    programId: text('program_id').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organisationId, t.programId] })],
);
