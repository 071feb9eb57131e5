import { z } from 'zod';

/**
 * Reviewers' comments and the response plan (issue 27; ADR 0330): an import of reviews on an
 * application, its critiques (the reviewer's own words, filed by source, criterion and kind), a plan
 * row per critique (sections concerned, the planned change in the applicant's words, status), and
 * the funder's response section generated from the rows.
 */

/** A summary statement is 5–20 pages; 200,000 characters is far above any, and bounds the parse. */
export const REVIEW_TEXT_MAX = 200_000;
export const REVIEW_IMPORTS_MAX = 20;
export const CRITIQUES_PER_IMPORT_MAX = 400;
export const PLAN_TEXT_MAX = 4_000;

export const CRITIQUE_KINDS = ['strength', 'weakness'] as const;
export const PLAN_STATUSES = ['planned', 'done', 'declined'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

export const REVIEW_MESSAGES = {
  empty: 'Paste the reviewers’ comments or choose a file.',
  both: 'Paste the comments or choose a file, not both.',
  tooLong: `The comments are too long (at most ${REVIEW_TEXT_MAX.toLocaleString('en')} characters).`,
  noCritiques:
    'No strengths or weaknesses were found in this text. Paste the reviewers’ own comments (for example the critiques of a summary statement).',
  fileNotRead: 'This file could not be read. Upload it again, or paste its text.',
  full: `An application keeps at most ${REVIEW_IMPORTS_MAX} sets of reviews. Delete one first.`,
  declineReason: 'Say why you decline this critique: the response quotes your reason.',
  sectionUnknown: 'One of the chosen sections is not in this application.',
  versionUnknown: 'That version is not kept in this application’s history.',
  stale:
    'This row was changed elsewhere (another tab or window). Its latest state is shown: make your change again.',
} as const;

export const importReviewsSchema = z
  .object({
    /** What the user calls this set: "Summary statement, March 2026". */
    label: z.string().trim().max(200).optional(),
    text: z.string().max(REVIEW_TEXT_MAX, REVIEW_MESSAGES.tooLong).optional(),
    /** An upload's URL (/api/files/:id) from POST /api/upload: parsed off the request thread there. */
    fileUrl: z
      .string()
      .regex(/^\/api\/files\/[0-9a-f-]{36}$/i)
      .optional(),
    /** The application version the reviewers read; the current one when left out. */
    reviewedVersion: z.number().int().min(1).max(1_000_000).optional(),
  })
  .superRefine((v, ctx) => {
    const hasText = Boolean(v.text?.trim());
    if (!hasText && !v.fileUrl)
      ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.empty, path: ['text'] });
    if (hasText && v.fileUrl) ctx.addIssue({ code: 'custom', message: REVIEW_MESSAGES.both, path: ['text'] });
  });
export type ImportReviewsInput = z.infer<typeof importReviewsSchema>;

export const updatePlanRowSchema = z
  .object({
    sections: z.array(z.string().min(1).max(100)).max(30).optional(),
    plannedChange: z.string().max(PLAN_TEXT_MAX).optional(),
    status: z.enum(PLAN_STATUSES).optional(),
    declineReason: z.string().max(PLAN_TEXT_MAX).optional(),
    /**
     * The row's updatedAt as the editor last read it: a save over a newer change is refused (409)
     * rather than silently undoing it. Left out, the save applies whatever the row holds.
     */
    ifUpdatedAt: z.iso.datetime().optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== 'ifUpdatedAt'), { message: 'Nothing to change' });
export type UpdatePlanRowInput = z.infer<typeof updatePlanRowSchema>;

export const reviewFactSchema = z.object({ source: z.string(), name: z.string(), value: z.string() });

export const critiqueSchema = z.object({
  id: z.uuid(),
  importId: z.uuid(),
  source: z.string(),
  criterion: z.string(),
  kind: z.enum(CRITIQUE_KINDS),
  quote: z.string(),
  /** Section ids this critique concerns (suggested from its words, then the user's choice). */
  sections: z.array(z.string()),
  plannedChange: z.string(),
  status: z.enum(PLAN_STATUSES),
  declineReason: z.string(),
  /** Words added and removed in its sections since the reviewed version (null: that version is gone). */
  changed: z.object({ added: z.number().int(), removed: z.number().int() }).nullable(),
  /** What the plan still lacks for this row, in words a person reads; empty when it is answered. */
  problems: z.array(z.string()),
  /** When the row was last saved; sent back as ifUpdatedAt so a stale save gets 409. */
  updatedAt: z.string(),
});
export type CritiqueRow = z.infer<typeof critiqueSchema>;

export const reviewImportSchema = z.object({
  id: z.uuid(),
  label: z.string(),
  layout: z.string(),
  fileName: z.string().nullable(),
  reviewedVersion: z.number().int(),
  facts: z.array(reviewFactSchema),
  createdAt: z.string(),
});
export type ReviewImport = z.infer<typeof reviewImportSchema>;

export const reviewPlanSchema = z.object({
  applicationId: z.uuid(),
  currentVersion: z.number().int(),
  sections: z.array(z.object({ id: z.string(), header: z.string() })),
  imports: z.array(reviewImportSchema),
  critiques: z.array(critiqueSchema),
  summary: z.object({
    weaknesses: z.number().int(),
    strengths: z.number().int(),
    /** Weaknesses with neither a change done nor a reason to decline. */
    unanswered: z.number().int(),
    /** Marked done while their sections show no change since the reviewed version. */
    unverified: z.number().int(),
  }),
});
export type ReviewPlan = z.infer<typeof reviewPlanSchema>;

export const diffPartSchema = z.object({
  value: z.string(),
  added: z.boolean(),
  removed: z.boolean(),
});
export const critiqueDiffSchema = z.object({
  critiqueId: z.uuid(),
  fromVersion: z.number().int(),
  toVersion: z.number().int(),
  sections: z.array(
    z.object({
      id: z.string(),
      header: z.string(),
      added: z.number().int(),
      removed: z.number().int(),
      parts: z.array(diffPartSchema),
    }),
  ),
});
export type CritiqueDiff = z.infer<typeof critiqueDiffSchema>;

export const responseSectionSchema = z.object({
  /** The funder's name for it: "Introduction to the Resubmission Application", … */
  heading: z.string(),
  text: z.string(),
  words: z.number().int(),
  /** The funder's limit as printed ("1 page") and in words, with its source; null when none is known. */
  limit: z
    .object({ text: z.string(), words: z.number().int(), note: z.string(), sources: z.array(z.string()) })
    .nullable(),
  overLimit: z.boolean(),
  /** Weaknesses the text does not answer yet (planned with no change made, or nothing written). */
  unanswered: z.array(z.object({ id: z.uuid(), source: z.string(), quote: z.string() })),
  /** Rows marked done that the text leaves out: their sections show no change since the reviewed version. */
  leftOut: z.array(z.object({ id: z.uuid(), source: z.string(), quote: z.string(), reason: z.string() })),
});
export type ResponseSection = z.infer<typeof responseSectionSchema>;

/**
 * What the application's readiness check adds for a resubmission (issue 27 §3; ADR 0411): one item
 * per weakness with no response (still planned, no change in its sections), per row marked done
 * that the versions do not show, and the response section over its limit. Shaped like the live
 * checks' `left`, so the one verdict rule (ADR 0246) counts them with the rest.
 */
export const resubmissionFindingSchema = z.object({
  kind: z.enum(['unanswered', 'unverified', 'overLimit']),
  message: z.string(),
  /** The section to open for it (the row's first), null when there is none. */
  sectionId: z.string().nullable(),
  critiqueId: z.uuid().nullable(),
});
export type ResubmissionFinding = z.infer<typeof resubmissionFindingSchema>;

export const resubmissionFindingsSchema = z.object({
  /** False when no reviews are imported: the application is not treated as a resubmission. */
  resubmission: z.boolean(),
  findings: z.array(resubmissionFindingSchema),
});
export type ResubmissionFindings = z.infer<typeof resubmissionFindingsSchema>;
