import { z } from 'zod';

/**
 * Limited-submission competitions (issue 32 §3, ADR 0650). A funder lets an institution nominate
 * only a few applicants to a program; the office announces a competition with a cap and an
 * internal deadline, members send a short internal application, officers score it against the
 * office's criteria and select up to the cap.
 */

export const COMPETITION_CAP_MAX = 20;
export const COMPETITION_CRITERIA_MAX = 8;
export const ENTRY_TITLE_MAX = 200;
/** About a page: the short internal application a limited-submission call asks for. */
export const ENTRY_SUMMARY_MAX = 3000;
export const SCORE_COMMENT_MAX = 2000;
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;

const criterion = z
  .string()
  .trim()
  .min(1, 'Name each criterion')
  .max(120, 'At most 120 characters per criterion');

export const createCompetitionSchema = z.object({
  title: z.string().trim().min(1, 'Give the competition a title').max(200, 'At most 200 characters'),
  programId: z.string().trim().min(1, 'Choose a program').max(200, 'Choose a program'),
  cap: z
    .number({ error: 'Give the number of nominations allowed' })
    .int('Give a whole number of nominations')
    .min(1, `Between 1 and ${COMPETITION_CAP_MAX} nominations`)
    .max(COMPETITION_CAP_MAX, `Between 1 and ${COMPETITION_CAP_MAX} nominations`),
  internalDeadline: z.iso.date('Use a date like 2027-03-01'),
  criteria: z
    .array(criterion)
    .min(1, 'Give at least one criterion')
    .max(COMPETITION_CRITERIA_MAX, `At most ${COMPETITION_CRITERIA_MAX} criteria`)
    .refine((list) => new Set(list.map((c) => c.toLowerCase())).size === list.length, 'Each criterion once'),
});
export type CreateCompetitionInput = z.infer<typeof createCompetitionSchema>;

export const entryInputSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give your application a title')
    .max(ENTRY_TITLE_MAX, `At most ${ENTRY_TITLE_MAX} characters`),
  summary: z
    .string()
    .trim()
    .min(1, 'Write a summary')
    .max(ENTRY_SUMMARY_MAX, `At most ${ENTRY_SUMMARY_MAX} characters`),
  /** One of the member's own Grantleaf applications, optional. */
  applicationId: z.uuid('Choose one of your applications').nullable().optional(),
});
export type EntryInput = z.infer<typeof entryInputSchema>;

export const scoreInputSchema = z.object({
  /** One score per criterion, in the competition's order. */
  scores: z.array(
    z
      .number({ error: `Score each criterion from ${SCORE_MIN} to ${SCORE_MAX}` })
      .int(`Score each criterion from ${SCORE_MIN} to ${SCORE_MAX}`)
      .min(SCORE_MIN, `Score each criterion from ${SCORE_MIN} to ${SCORE_MAX}`)
      .max(SCORE_MAX, `Score each criterion from ${SCORE_MIN} to ${SCORE_MAX}`),
  ),
  comment: z.string().trim().max(SCORE_COMMENT_MAX, `At most ${SCORE_COMMENT_MAX} characters`).optional(),
});
export type ScoreInput = z.infer<typeof scoreInputSchema>;

export const selectionInputSchema = z.object({ selected: z.boolean() });

export const competitionSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  programId: z.string(),
  program: z.string(),
  cap: z.number().int(),
  internalDeadline: z.string(),
  criteria: z.array(z.string()),
  /** Entries received (officers) or 0 (members see only their own). */
  entries: z.number().int(),
  selected: z.number().int(),
  /** Entries are accepted until the internal deadline, inclusive. */
  open: z.boolean(),
  createdAt: z.string(),
});
export type CompetitionSummary = z.infer<typeof competitionSummarySchema>;

export const scoreSchema = z.object({
  officer: z.string().nullable(),
  mine: z.boolean(),
  scores: z.array(z.number().int()),
  comment: z.string().nullable(),
  updatedAt: z.string(),
});
export type Score = z.infer<typeof scoreSchema>;

export const entrySchema = z.object({
  id: z.string(),
  applicant: z.string(),
  mine: z.boolean(),
  title: z.string(),
  summary: z.string(),
  applicationId: z.string().nullable(),
  applicationTitle: z.string().nullable(),
  selected: z.boolean(),
  submittedAt: z.string(),
  updatedAt: z.string(),
  /** Officers only: every officer's scores, and the mean of their totals (null before any). */
  scores: z.array(scoreSchema),
  average: z.number().nullable(),
});
export type Entry = z.infer<typeof entrySchema>;

export const competitionDetailSchema = competitionSummarySchema.extend({
  /** Officers: every entry, best average first. Members: their own entry only. */
  entryList: z.array(entrySchema),
  canManage: z.boolean(),
});
export type CompetitionDetail = z.infer<typeof competitionDetailSchema>;

export const competitionListSchema = z.object({
  data: z.array(competitionSummarySchema),
  canManage: z.boolean(),
});
export type CompetitionList = z.infer<typeof competitionListSchema>;

export const COMPETITION_MESSAGES = {
  closed: 'The internal deadline has passed: entries are closed.',
  capReached: 'The cap is reached: unselect a nomination first.',
  wrongScores: 'Give one score per criterion.',
  ownEntry: 'You cannot score or select your own entry; another officer does.',
  notYourApplication: 'Link one of your own applications.',
  pastDeadline: 'The internal deadline must be today or later.',
} as const;
