import { sql } from 'drizzle-orm';
import type { RichNode } from '@grantleaf/shared/application-document.schema';
import type { Budget, BudgetSummary } from '@grantleaf/shared/budget.schema';
import { SECTION_ACTIONS } from '@grantleaf/shared/section-actions.schema';
import {
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REVIEW_ACTIONS, REVIEW_STATES } from '@grantleaf/shared/office-review.schema';
import { sealedJson, sealedText } from '../../adapters/storage/content-crypto.ts';
import { createdAt } from '../auth/auth.schema.ts';

/** A section as stored: the template's id and header with its document. */
export interface StoredSection {
  id: string;
  header: string;
  doc: RichNode;
}

export const applications = pgTable(
  'applications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id').notNull(),
    title: text('title').notNull(),
    program: text('program').notNull(),
    amount: text('amount').notNull().default(''),
    status: text('status', { enum: ['draft', 'submitted', 'under_review', 'approved', 'rejected'] })
      .notNull()
      .default('draft'),
    deadline: date('deadline', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    programId: text('program_id'),
    submissionId: uuid('submission_id'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    version: integer('version').notNull().default(0),
    sections: sealedJson<StoredSection[]>('applications', 'sections')
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  (t) => [
    uniqueIndex('applications_submission_idx')
      .on(t.submissionId)
      .where(sql`submission_id IS NOT NULL`),
  ],
);
export type ApplicationRow = typeof applications.$inferSelect;

export const applicationStatusHistory = pgTable('application_status_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  applicationId: uuid('application_id').notNull(),
  status: text('status').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const applicationDocuments = pgTable('application_documents', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  applicationId: uuid('application_id').notNull(),
  fileUrl: text('file_url').notNull(),
  fileName: text('file_name').notNull(),
  createdAt: createdAt(),
});

export const calendarTokens = pgTable('calendar_tokens', {
  userId: uuid('user_id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Send-once keys of every deadline reminder (ADR 0541): exactly one of `applicationId` and
 * `sredClaimId` names the subject; (subject, deadline, days before) is unique for each kind.
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    applicationId: uuid('application_id'),
    sredClaimId: uuid('sred_claim_id'),
    deadline: date('deadline', { mode: 'string' }).notNull(),
    daysBefore: integer('days_before').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('deadline_reminders_application_once').on(t.applicationId, t.deadline, t.daysBefore),
    unique('deadline_reminders_sred_claim_once').on(t.sredClaimId, t.deadline, t.daysBefore),
  ],
);

export const applicationVersions = pgTable(
  'application_versions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: uuid('application_id').notNull(),
    version: integer('version').notNull(),
    authorId: uuid('author_id'),
    changedSections: jsonb('changed_sections').$type<string[]>().notNull(),
    /** Every section when `complete`; otherwise only the sections this version changed (ADR 236). */
    sections: sealedJson<StoredSection[]>('application_versions', 'sections').notNull(),
    createdAt: createdAt(),
    complete: boolean('complete').notNull().default(true),
    /** The last autosave folded into this row; null when none was. */
    savedAt: timestamp('saved_at', { withTimezone: true }),
    /** Written by an autosave: later autosaves of the same sections, soon after, fold into it. */
    autosave: boolean('autosave').notNull().default(false),
  },
  (t) => [unique().on(t.applicationId, t.version)],
);

/** An AI action's result on one section (issue 16 §5, ADR 0140): a suggestion, never a write. */
export const sectionSuggestions = pgTable('section_suggestions', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  applicationId: uuid('application_id').notNull(),
  userId: uuid('user_id').notNull(),
  sectionId: text('section_id').notNull(),
  action: text('action', { enum: SECTION_ACTIONS }).notNull(),
  baseVersion: integer('base_version').notNull(),
  beforeText: sealedText('section_suggestions', 'before_text').notNull(),
  limitText: text('limit_text'),
  missing: jsonb('missing').$type<string[]>().notNull().default([]),
  /** What a draft was written from besides the section: guidance, other sections, library blocks. */
  context: sealedText('section_suggestions', 'context'),
  suggestion: sealedText('section_suggestions', 'suggestion'),
  status: text('status', { enum: ['processing', 'complete', 'failed'] })
    .notNull()
    .default('processing'),
  error: text('error'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
export type SectionSuggestionRow = typeof sectionSuggestions.$inferSelect;

/** A named share (issue 32 §2, ADR 0371): kept by address, it opens to that verified address's account. */
export const applicationShares = pgTable(
  'application_shares',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    applicationId: uuid('application_id').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['editor', 'commenter', 'viewer'] }).notNull(),
    sharedBy: uuid('shared_by'),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.applicationId, t.email)],
);
export type ApplicationShareRow = typeof applicationShares.$inferSelect;

/** Shared with an organisation: its owners and research officers review it. */
export const applicationOrgShares = pgTable('application_org_shares', {
  applicationId: uuid('application_id').primaryKey(),
  organisationId: uuid('organisation_id').notNull(),
  sharedBy: uuid('shared_by'),
  createdAt: createdAt(),
  /** The office's review (ADR 0440): null while a draft to the office. */
  reviewState: text('review_state', { enum: REVIEW_STATES }),
  reviewVersion: integer('review_version'),
  reviewChangedAt: timestamp('review_changed_at', { withTimezone: true }),
});
export type ApplicationOrgShareRow = typeof applicationOrgShares.$inferSelect;

/** What happened in the office's review, by whom and when (issue 32 §3, ADR 0440). */
export const applicationReviewEvents = pgTable('application_review_events', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  applicationId: uuid('application_id').notNull(),
  organisationId: uuid('organisation_id').notNull(),
  actorId: uuid('actor_id'),
  action: text('action', { enum: REVIEW_ACTIONS }).notNull(),
  message: sealedText('application_review_events', 'message'),
  /** For `returned`: the headers of the sections changed after approval (ADR 0650). */
  sections: sealedJson<string[]>('application_review_events', 'sections'),
  version: integer('version').notNull(),
  createdAt: createdAt(),
});
export type ApplicationReviewEventRow = typeof applicationReviewEvents.$inferSelect;

/** A comment anchored to a section's text, or a reply to one (issue 32 §2, ADR 0373). */
export const applicationComments = pgTable('application_comments', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  applicationId: uuid('application_id').notNull(),
  authorId: uuid('author_id').notNull(),
  parentId: uuid('parent_id'),
  sectionId: text('section_id').notNull(),
  quote: sealedText('application_comments', 'quote').notNull(),
  body: sealedText('application_comments', 'body').notNull(),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  resolvedBy: uuid('resolved_by'),
  createdAt: createdAt(),
});
export type ApplicationCommentRow = typeof applicationComments.$inferSelect;
/**
 * An application's budget (issue 26 §1, ADR 0281): the builder's lines and partners, and the
 * summary the server computed from them by the program's cost rules when it was saved (the
 * record). Both sealed: a budget names salaries, partners and their money.
 */
export const applicationBudgets = pgTable('application_budgets', {
  applicationId: uuid('application_id').primaryKey(),
  budget: sealedJson<Budget>('application_budgets', 'budget').notNull(),
  summary: sealedJson<BudgetSummary>('application_budgets', 'summary').notNull(),
  /** Bumped on every save; a save from an older revision is refused so no edit is lost. */
  revision: integer('revision').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type ApplicationBudgetRow = typeof applicationBudgets.$inferSelect;
