import type { DeadlineRule } from '@grantleaf/shared/deadline';
import type { EligibilityRules } from '@grantleaf/shared/eligibility';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  bigserial,
  customType,
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../auth/auth.schema.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export interface ProgramSection {
  name: string;
  limit: string | null;
}
export interface ProgramCriterion {
  name: string;
  weight: number | null;
  description: string;
}

export const grantPrograms = pgTable('grant_programs', {
  id: text('id').primaryKey(),
  source: text('source', { enum: ['seed', 'grants.gov'] }).notNull(),
  opportunityNumber: text('opportunity_number').unique(),
  name: text('name').notNull(),
  agency: text('agency').notNull(),
  jurisdiction: text('jurisdiction').notNull(),
  country: text('country').notNull(),
  region: text('region').notNull(),
  programType: text('program_type').notNull(),
  currency: text('currency').notNull(),
  fundingMin: bigint('funding_min', { mode: 'number' }),
  fundingMax: bigint('funding_max', { mode: 'number' }),
  fundingPeriod: text('funding_period'),
  durationMonths: integer('duration_months'),
  deadlinePattern: text('deadline_pattern'),
  nextDeadlines: date('next_deadlines', { mode: 'string' })
    .array()
    .notNull()
    .default(sql`'{}'`),
  projectedDeadlines: date('projected_deadlines', { mode: 'string' })
    .array()
    .notNull()
    .default(sql`'{}'`),
  description: text('description'),
  eligibility: text('eligibility'),
  requiredSections: jsonb('required_sections').$type<ProgramSection[]>().notNull().default([]),
  criteria: jsonb('criteria').$type<ProgramCriterion[]>().notNull().default([]),
  url: text('url'),
  sources: jsonb('sources').$type<string[]>().notNull().default([]),
  lastVerified: date('last_verified', { mode: 'string' }),
  status: text('status'),
  confidence: text('confidence'),
  /** Curation notes: internal, never in an API answer or on screen (issue 14). */
  notes: text('notes'),
  /** Who may apply, as data (migration 0075); null for imports. */
  eligibilityRules: jsonb('eligibility_rules').$type<EligibilityRules>(),
  /** How the funder's dates recur; the refresh projects the next ones from it (migration 0075). */
  deadlineRule: jsonb('deadline_rule').$type<DeadlineRule>(),
  /** Hash of the record as loaded; an upsert with the same hash changes nothing. */
  contentHash: text('content_hash').notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** Retired by an admin: hidden from users, kept for history (migration 0135). */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  /** Edited or verified by an admin: the start-up seed no longer overwrites the record. */
  curatedAt: timestamp('curated_at', { withTimezone: true }),
  /** Flagged by the daily job: not verified for VERIFICATION_MAX_AGE_MONTHS. */
  verificationDueAt: timestamp('verification_due_at', { withTimezone: true }),
  /** Set by a trigger (migration 0013) and the daily close-programs job; never written directly. */
  deadline: date('deadline', { mode: 'string' }),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  search: tsvector('search').generatedAlwaysAs(
    sql`setweight(to_tsvector('english'::regconfig, coalesce(name, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(agency, '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce(eligibility, '')), 'C') || setweight(to_tsvector('english'::regconfig, coalesce(description, '') || ' ' || coalesce(notes, '')), 'D')`,
  ),
  searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || agency)`),
  /** Name and agency alone (migration 0014): candidates for ranking a broad query. */
  searchTitle: tsvector('search_title').generatedAlwaysAs(
    sql`to_tsvector('english'::regconfig, coalesce(name, '') || ' ' || coalesce(agency, ''))`,
  ),
});
export type ProgramRow = typeof grantPrograms.$inferSelect;
export type NewProgramRow = typeof grantPrograms.$inferInsert;

/**
 * Bumped by a trigger on every statement that writes grant_programs (migration 0780): the funding
 * finder's in-memory copy of the curated catalogue is reused while it is unchanged (ADR 1075).
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: boolean('id').primaryKey().default(true),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/** Who changed a program, when, and which fields (migration 0135); written with the change. */
export const programChanges = pgTable('program_changes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  programId: text('program_id').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  actorId: uuid('actor_id'),
  action: text('action', { enum: ['edit', 'verify', 'retire', 'restore'] }).notNull(),
  fields: text('fields')
    .array()
    .notNull()
    .default(sql`'{}'`),
});

/** One run of the scheduled simpler.grants.gov sync and what it did (migration 0170, ADR 170). */
export const programSyncs = pgTable('program_syncs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  source: text('source').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  pages: integer('pages').notNull().default(0),
  records: integer('records').notNull().default(0),
  inserted: integer('inserted').notNull().default(0),
  updated: integer('updated').notNull().default(0),
  unchanged: integer('unchanged').notNull().default(0),
  curated: integer('curated').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  closed: integer('closed').notNull().default(0),
  complete: boolean('complete').notNull().default(false),
  error: text('error'),
});
export type ProgramSyncRow = typeof programSyncs.$inferSelect;
