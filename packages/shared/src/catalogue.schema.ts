import { z } from 'zod';
import { PROGRAM_PAGE_SIZE_MAX, PROGRAM_QUERY_MAX, programTypeSchema } from './programs.schema.ts';

/**
 * Catalogue curation by admins (issue 14 §2, ADR 135). A record not checked against the funder's
 * own pages for this many months is flagged for re-verification by the daily job.
 */
export const VERIFICATION_MAX_AGE_MONTHS = 12;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter dates as YYYY-MM-DD');
const amount = z
  .number({ error: 'Enter an amount in whole currency units' })
  .int('Enter an amount in whole currency units')
  .nonnegative('An amount cannot be negative')
  .max(1e12, 'That amount is too large')
  .nullable();
const webAddress = z.url({ protocol: /^https?$/, error: 'Enter a full web address (https://…)' }).max(2000);

/**
 * What an admin may change on a program: the form and PATCH /api/admin/programs/:id check with
 * this one schema. `updatedAt` is the version the admin started from; an edit made meanwhile by
 * someone else is refused (409) rather than silently overwritten.
 */
export const programEditSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter the program name').max(300, 'At most 300 characters'),
    agency: z.string().trim().min(1, 'Enter the agency').max(300, 'At most 300 characters'),
    jurisdiction: z.string().trim().min(1, 'Enter the jurisdiction').max(100, 'At most 100 characters'),
    country: z.enum(['CA', 'US'], { error: 'Choose Canada or the United States' }),
    programType: programTypeSchema,
    currency: z.enum(['CAD', 'USD'], { error: 'Choose CAD or USD' }),
    fundingMin: amount,
    fundingMax: amount,
    fundingPeriod: z.string().trim().max(200, 'At most 200 characters'),
    deadlinePattern: z.string().trim().max(1000, 'At most 1000 characters'),
    /** Dates the funder has published; the rule (if any) projects the cycles after them. */
    nextDeadlines: z.array(isoDate).max(24, 'At most 24 dates'),
    eligibility: z.string().trim().max(5000, 'At most 5000 characters'),
    url: webAddress,
    sources: z.array(webAddress).min(1, 'Give at least one source').max(20, 'At most 20 sources'),
    status: z.string().trim().max(300, 'At most 300 characters'),
    /** Internal curation notes: only admin routes ever return them. */
    notes: z.string().trim().max(5000, 'At most 5000 characters').nullable(),
    updatedAt: z.string().min(1),
  })
  .strict()
  .refine((p) => p.fundingMin === null || p.fundingMax === null || p.fundingMin <= p.fundingMax, {
    path: ['fundingMax'],
    message: 'The maximum must be at least the minimum',
  });
export type ProgramEdit = z.infer<typeof programEditSchema>;

export const CATALOGUE_FILTERS = [
  { value: 'active', label: 'All active programs' },
  { value: 'unverified', label: `Not verified for ${VERIFICATION_MAX_AGE_MONTHS} months` },
  { value: 'retired', label: 'Retired' },
] as const;

export const adminProgramQuerySchema = z
  .object({
    q: z.string().trim().max(PROGRAM_QUERY_MAX, 'Search text too long').optional(),
    filter: z.enum(['active', 'unverified', 'retired'], { error: 'Unknown filter' }).default('active'),
    page: z.coerce.number().int().min(1).default(1),
    pageSize: z.coerce.number().int().min(1).max(PROGRAM_PAGE_SIZE_MAX).default(20),
  })
  .strict();
export type AdminProgramQuery = z.infer<typeof adminProgramQuerySchema>;

export const adminProgramSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  agency: z.string(),
  jurisdiction: z.string(),
  source: z.enum(['seed', 'grants.gov']),
  lastVerified: z.string().nullable(),
  /** Flagged by the daily job: not verified for VERIFICATION_MAX_AGE_MONTHS (or never). */
  needsVerification: z.boolean(),
  retired: z.boolean(),
  updatedAt: z.string(),
});
export type AdminProgramSummary = z.infer<typeof adminProgramSummarySchema>;

export const adminProgramListSchema = z.object({
  programs: z.array(adminProgramSummarySchema),
  total: z.number(),
});

export const PROGRAM_CHANGE_ACTIONS = ['edit', 'verify', 'retire', 'restore'] as const;
export const programChangeSchema = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.enum(PROGRAM_CHANGE_ACTIONS),
  /** The fields an edit changed (empty for verify, retire and restore). */
  fields: z.array(z.string()),
});
export type ProgramChange = z.infer<typeof programChangeSchema>;

/** One program as an admin sees it: the editable fields, the internal notes and the history. */
export const adminProgramSchema = adminProgramSummarySchema.extend({
  country: z.enum(['CA', 'US']),
  programType: programTypeSchema,
  currency: z.enum(['CAD', 'USD']),
  fundingMin: z.number().nullable(),
  fundingMax: z.number().nullable(),
  fundingPeriod: z.string(),
  deadlinePattern: z.string(),
  nextDeadlines: z.array(z.string()),
  /** The next deadline as users see it (from the rule and today's date). */
  deadline: z.string().nullable(),
  eligibility: z.string(),
  url: z.string(),
  sources: z.array(z.string()),
  status: z.string(),
  confidence: z.string().nullable(),
  notes: z.string().nullable(),
  hasDeadlineRule: z.boolean(),
  /** With no date to show: how the intake reads to users (issue 25 §3). */
  intake: z.string().nullable(),
  /**
   * The sections drafts and checks use, and where they come from (issue 24 §2, ADR 0241): a funder
   * template in the data files wins over the record's own section list, which the form cannot edit.
   */
  application: z.object({
    sectionsFrom: z.enum(['program', 'catalogue', 'general']),
    criteriaFrom: z.enum(['program', 'catalogue', 'general']),
    sections: z.array(z.object({ name: z.string(), limit: z.string().nullable(), attachment: z.boolean() })),
    /** The catalogue record's own list, shown beside the template when the template wins. */
    recordSections: z.array(z.object({ name: z.string(), limit: z.string().nullable() })),
    sources: z.array(z.string()),
  }),
  history: z.array(programChangeSchema),
});
export type AdminProgram = z.infer<typeof adminProgramSchema>;

export const programIdParamsSchema = z.object({ id: z.string().min(1).max(200) });
