import { z } from 'zod';
import { jurisdictionSchema, PROGRAM_QUERY_MAX, programTypeSchema } from './programs.schema.ts';

/**
 * Issue 14 §4: saved searches with a weekly e-mail of new and soon-closing matches, and deadline
 * reminders for followed programs (ADR 0180). The numbers below are stated here only.
 */

/** Saved searches one user may keep. */
export const SAVED_SEARCHES_MAX = 20;
/** Programs one user may follow (one catalogue request names at most 100 ids). */
export const FOLLOWS_MAX = 100;
export const SAVED_SEARCH_NAME_MAX = 80;
/** The weekly digest lists a match as closing soon when its next deadline is this many days away or fewer. */
export const DIGEST_CLOSING_WITHIN_DAYS = 14;
/** A followed program's reminders go out this many days before its next deadline (largest first). */
export const FOLLOW_REMINDER_DAYS = [30, 7] as const;

/** What a user can turn off, each with its own link in every e-mail of that kind. */
export const ALERT_KINDS = ['digest', 'reminders'] as const;
export const alertKindSchema = z.enum(ALERT_KINDS);
export type AlertKind = z.infer<typeof alertKindSchema>;
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  digest: 'Weekly e-mail of new and soon-closing matches for your saved searches',
  reminders: 'Deadline reminders for programs you follow',
};

export const ALERT_MESSAGES = {
  searchesFull: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one you no longer need first.`,
  followsFull: `You can follow at most ${FOLLOWS_MAX} programs. Unfollow one first.`,
  emptySearch: 'Type a search or choose a filter before saving: an empty search matches every program.',
  duplicateName: 'You already have a saved search with this name.',
  unknownProgram: 'Not found',
} as const;

/** The criteria of a saved search, as the catalogue search (GET /api/grant-programs) accepts them. */
export const savedSearchQuerySchema = z
  .object({
    q: z.string().trim().max(PROGRAM_QUERY_MAX, 'Search text too long').optional(),
    jurisdiction: jurisdictionSchema.optional(),
    programType: programTypeSchema.optional(),
    minAmount: z.number().int().min(0).optional(),
  })
  .strict()
  .transform((query) => ({ ...query, q: query.q || undefined }))
  .refine((query) => Object.values(query).some((v) => v !== undefined), {
    message: ALERT_MESSAGES.emptySearch,
  });
export type SavedSearchQuery = z.output<typeof savedSearchQuerySchema>;
export type SavedSearchQueryInput = z.input<typeof savedSearchQuerySchema>;

const searchName = z
  .string()
  .trim()
  .min(1, 'Give the search a name')
  .max(SAVED_SEARCH_NAME_MAX, `A name must be ${SAVED_SEARCH_NAME_MAX} characters or less`);

export const createSavedSearchSchema = z.object({ name: searchName, query: savedSearchQuerySchema }).strict();
export type CreateSavedSearchInput = z.input<typeof createSavedSearchSchema>;
export const renameSavedSearchSchema = z.object({ name: searchName }).strict();
export type RenameSavedSearchInput = z.input<typeof renameSavedSearchSchema>;

export const savedSearchSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.object({
    q: z.string().optional(),
    jurisdiction: jurisdictionSchema.optional(),
    programType: programTypeSchema.optional(),
    minAmount: z.number().optional(),
  }),
  createdAt: z.string(),
  lastSentAt: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

/** Catalogue ids (programs.schema's `ids` pattern). */
export const programIdSchema = z.string().regex(/^[a-z0-9-]{1,200}$/, 'Unknown program');

export const programFollowSchema = z.object({
  programId: z.string(),
  name: z.string(),
  agency: z.string(),
  /** The program's next deadline (computed from its rule), null for rolling or continuous intake. */
  deadline: z.string().nullable(),
  deadlineExpected: z.boolean(),
  closed: z.boolean(),
  createdAt: z.string(),
});
export type ProgramFollow = z.infer<typeof programFollowSchema>;

export const alertPreferencesSchema = z
  .object({ digest: z.boolean(), reminders: z.boolean() })
  .strict()
  .describe('true: the e-mails of that kind are sent');
export type AlertPreferences = z.infer<typeof alertPreferencesSchema>;

export const alertsOverviewSchema = z.object({
  savedSearches: z.array(savedSearchSchema),
  follows: z.array(programFollowSchema),
  preferences: alertPreferencesSchema,
  /** Alerts go only to a verified address (issue 15 §7). */
  emailVerified: z.boolean(),
});
export type AlertsOverview = z.infer<typeof alertsOverviewSchema>;

export const unsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });
