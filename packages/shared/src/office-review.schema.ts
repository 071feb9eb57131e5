import { z } from 'zod';

/**
 * Review and sign-off by the office (issue 32 §3, ADR 0440). An application shared with an
 * organisation is a draft to it until the applicant submits it; officers then request changes or
 * approve. A saved change after approval returns it to review by itself.
 */
export const REVIEW_STATES = ['submitted', 'changes_requested', 'approved'] as const;
export const reviewStateSchema = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof reviewStateSchema>;

/** The office list's status filter: a review state, or `draft` (shared, not yet submitted). */
export const REVIEW_FILTERS = ['draft', ...REVIEW_STATES] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** `returned`: a section changed after approval, so the application went back to review. */
export const REVIEW_ACTIONS = ['submitted', 'changes_requested', 'approved', 'returned'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const REVIEW_MESSAGE_MAX = 4000;
const message = z.string().trim().max(REVIEW_MESSAGE_MAX, `At most ${REVIEW_MESSAGE_MAX} characters`);

export const submitReviewSchema = z.object({ message: message.optional() });
export const requestChangesSchema = z.object({
  message: message.min(1, 'Say what should change'),
});
export const approveReviewSchema = z.object({ message: message.optional() });
export type SubmitReviewInput = z.infer<typeof submitReviewSchema>;
export type RequestChangesInput = z.infer<typeof requestChangesSchema>;

export const reviewEventSchema = z.object({
  id: z.string(),
  action: z.enum(REVIEW_ACTIONS),
  /** Null when the account that acted has since been deleted. */
  actor: z.string().nullable(),
  message: z.string().nullable(),
  /** For `returned`: the sections changed after approval (ADR 0650); empty otherwise. */
  sections: z.array(z.string()),
  version: z.number().int(),
  at: z.string(),
});
export type ReviewEvent = z.infer<typeof reviewEventSchema>;

export const officeReviewSchema = z.object({
  /** The organisation the application is shared with; null when it is shared with none. */
  organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Null: a draft to the office (not submitted yet). */
  state: reviewStateSchema.nullable(),
  /** The version the officers approved, while approved. */
  approvedVersion: z.number().int().nullable(),
  /** The office's internal deadline for this application (business days before the funder's). */
  internalDeadline: z.string().nullable(),
  /** Its business days before the funder's: the program's own number or the office's (ADR 0650). */
  internalDeadlineDays: z.number().int().nullable(),
  /** What the caller may do now: the applicant submits, an officer decides. */
  canSubmit: z.boolean(),
  canDecide: z.boolean(),
  events: z.array(reviewEventSchema),
});
export type OfficeReview = z.infer<typeof officeReviewSchema>;

export const REVIEW_MESSAGES = {
  notShared: 'Share this application with your organisation first, then submit it to the office.',
  alreadySubmitted: 'This application is already with the office for review.',
  alreadyApproved: 'The office approved this application; a change to a section sends it back to review.',
  notSubmitted: 'The applicant has not submitted this application to the office.',
  ownApplication: 'You cannot review your own application; another officer signs it off.',
} as const;
