import { sql } from 'drizzle-orm';
import {
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sealedText } from '../../adapters/storage/content-crypto.ts';
import { createdAt } from '../auth/auth.schema.ts';

/** A limited-submission competition the office announced (issue 32 §3, ADR 0650). */
export const officeCompetitions = pgTable('office_competitions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  organisationId: uuid('organisation_id').notNull(),
  programId: text('program_id').notNull(),
  title: text('title').notNull(),
  cap: integer('cap').notNull(),
  internalDeadline: date('internal_deadline', { mode: 'string' }).notNull(),
  criteria: jsonb('criteria').$type<string[]>().notNull(),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});
export type CompetitionRow = typeof officeCompetitions.$inferSelect;

/** A member's internal application to a competition: their words, sealed at rest. */
export const officeCompetitionEntries = pgTable(
  'office_competition_entries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    competitionId: uuid('competition_id').notNull(),
    applicantId: uuid('applicant_id').notNull(),
    title: sealedText('office_competition_entries', 'title').notNull(),
    summary: sealedText('office_competition_entries', 'summary').notNull(),
    applicationId: uuid('application_id'),
    selectedAt: timestamp('selected_at', { withTimezone: true }),
    selectedBy: uuid('selected_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique().on(t.competitionId, t.applicantId)],
);
export type EntryRow = typeof officeCompetitionEntries.$inferSelect;

/** One officer's scores of one entry, with a comment sealed at rest. */
export const officeCompetitionScores = pgTable(
  'office_competition_scores',
  {
    entryId: uuid('entry_id').notNull(),
    officerId: uuid('officer_id').notNull(),
    scores: jsonb('scores').$type<number[]>().notNull(),
    comment: sealedText('office_competition_scores', 'comment'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.officerId] })],
);
export type ScoreRow = typeof officeCompetitionScores.$inferSelect;
