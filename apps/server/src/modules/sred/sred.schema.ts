import type {
  ClaimSettings,
  ExpenseCategory,
  ProjectInput,
  ClaimGrantInput,
} from '@grantleaf/shared/sred/sred.schema';
import type { DraftSource, NarrativeDraft } from '@grantleaf/shared/sred/narrative-draft.schema';
import type { PaidWorkStatus } from '@grantleaf/shared/paid-work';
import type { SredResult } from '@grantleaf/shared/sred/calculator';
import type { TimeEntry } from '@grantleaf/shared/sred/classify';
import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sealedJson } from '../../adapters/storage/content-crypto.ts';
import { createdAt } from '../auth/auth.schema.ts';

export interface LineData {
  date: string | null;
  description: string;
  account: string;
  vendor: string;
  person: string;
  jurisdiction: 'ON' | 'QC' | 'BC' | 'AB' | 'OTHER';
  amount: number;
  error: string | null;
}
export interface OverrideEntry {
  at: string;
  from: ExpenseCategory;
  to: ExpenseCategory;
  reason: string;
}

export interface StoredGrant extends ClaimGrantInput {
  title: string;
  program: string;
  approvedAt: string;
}

export const sredClaims = pgTable('sred_claims', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  userId: uuid('user_id').notNull(),
  taxYearStart: text('tax_year_start').notNull(),
  taxYearEnd: text('tax_year_end').notNull(),
  // A company's finances: sealed at rest (ADR 0084).
  settings: sealedJson<ClaimSettings>('sred_claims', 'settings').notNull(),
  timeEntries: sealedJson<TimeEntry[]>('sred_claims', 'time_entries').notNull(),
  // Grants from the tracker counted as assistance (ADR 0660), with the title and program as they
  // were when counted, so the audit package still names a grant whose application was deleted.
  grants: sealedJson<StoredGrant[]>('sred_claims', 'grants')
    .notNull()
    .default(sql`'[]'::jsonb`),
  result: sealedJson<SredResult>('sred_claims', 'result'),
  resultError: text('result_error'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type SredClaimRow = typeof sredClaims.$inferSelect;

export const sredProjects = pgTable('sred_projects', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  claimId: uuid('claim_id').notNull(),
  userId: uuid('user_id').notNull(),
  data: sealedJson<ProjectInput>('sred_projects', 'data').notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type SredProjectRow = typeof sredProjects.$inferSelect;

export const sredExpenseLines = pgTable('sred_expense_lines', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  claimId: uuid('claim_id').notNull(),
  userId: uuid('user_id').notNull(),
  source: text('source').$type<'ledger' | 'payroll'>().notNull(),
  rowNo: integer('row_no').notNull(),
  data: sealedJson<LineData>('sred_expense_lines', 'data').notNull(),
  ruleCategory: text('rule_category').$type<ExpenseCategory>().notNull(),
  ruleReason: text('rule_reason').notNull(),
  category: text('category').$type<ExpenseCategory>().notNull(),
  overrides: sealedJson<OverrideEntry[]>('sred_expense_lines', 'overrides').notNull(),
  createdAt: createdAt(),
});
export type SredExpenseLineRow = typeof sredExpenseLines.$inferSelect;

/** The checked draft (ADR 0710): the kept and left-out statements per part, and the offline checks. */
export interface StoredDraft {
  parts: NonNullable<NarrativeDraft['parts']>;
  checks: NarrativeDraft['checks'];
}

export const sredNarrativeDrafts = pgTable('sred_narrative_drafts', {
  id: uuid('id')
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  claimId: uuid('claim_id').notNull(),
  projectId: uuid('project_id').notNull(),
  userId: uuid('user_id').notNull(),
  sources: sealedJson<DraftSource[]>('sred_narrative_drafts', 'sources').notNull(),
  taxYearStart: text('tax_year_start').notNull(),
  taxYearEnd: text('tax_year_end').notNull(),
  draft: sealedJson<StoredDraft>('sred_narrative_drafts', 'draft'),
  status: text('status').$type<PaidWorkStatus>().notNull().default('processing'),
  error: text('error'),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
export type SredNarrativeDraftRow = typeof sredNarrativeDrafts.$inferSelect;
