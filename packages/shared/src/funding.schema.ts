import { z } from 'zod';
import { applicantOverrideSchema } from './applicant-profile.schema.ts';
import { FUNDING_DETAILS_MAX, FUNDING_TEAM_MAX, FUNDING_TOPIC_MAX } from './constants.ts';
import { payFromSchema } from './organisation-credits.schema.ts';
import { FILE_URL_PATTERN, SUBMISSION_MESSAGES } from './submissions.schema.ts';

/** fileContent above this many bytes (UTF-8) is refused with 413. */
export const FUNDING_FILE_MAX_BYTES = 1024 * 1024;
export const FUNDING_FILE_EXTENSIONS = ['pdf', 'doc', 'docx', 'txt'] as const;

const required = (missing: string, tooLong: string, max: number) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

/** A file's bytes sent inline are refused: files go through POST /api/upload and its checks. */
export const FUNDING_FILE_INLINE_MESSAGE = 'Please upload the file first: fileContent takes plain text only';

/**
 * POST /api/funding-finder-requests (spec §5). fileContent is plain text (the spec's field, read
 * as text); a PDF, Word or text file is uploaded first and named by fileUrl, the URL POST
 * /api/upload answered, so it passes the same checks and extraction as every other upload (ADR 81).
 */
export const fundingFinderRequestSchema = z.object({
  researchTopic: required('Research topic is required', 'Research topic too long', FUNDING_TOPIC_MAX),
  researchDetails: required(
    'Research details are required',
    'Research details too long',
    FUNDING_DETAILS_MAX,
  ),
  teamProfile: required('Team profile is required', 'Team profile too long', FUNDING_TEAM_MAX),
  fileContent: z
    .string()
    .refine((text) => !/^\s*data:/i.test(text.slice(0, 100)), FUNDING_FILE_INLINE_MESSAGE)
    .nullable()
    .optional(),
  fileUrl: z.string().regex(FILE_URL_PATTERN, SUBMISSION_MESSAGES.fileUrl).optional(),
  /**
   * Issue 25 §1: facts that replace the account's applicant profile for this search only (a
   * co-applicant's company, a student's project); keys left out keep the profile's value.
   */
  applicant: applicantOverrideSchema.optional(),
  /** Pay from this organisation's credits instead of the own (issue 32 §1, ADR 0720). */
  payFrom: payFromSchema,
});
export type FundingFinderInput = z.infer<typeof fundingFinderRequestSchema>;

export const fundingProgramResultSchema = z.object({
  program_name: z.string(),
  agency_name: z.string(),
  funding_range: z.string(),
  deadline: z.string().nullable(),
});

export const fundingRecommendationSchema = z.object({
  name: z.string(),
  agency: z.string(),
  description: z.string(),
  eligibility: z.string(),
  funding_range: z.string(),
  deadline: z.string().nullable(),
  /** Plain-language reasons this program fits the request. */
  why_it_matched: z.string(),
  program_id: z.string(),
  url: z.string().nullable(),
});
export type FundingRecommendation = z.infer<typeof fundingRecommendationSchema>;

export const fundingResultsSchema = z.object({
  /** Said above the list when the request leaves a rule unchecked (where the applicant is based). */
  notice: z.string().optional(),
  funding_programs: z.array(fundingProgramResultSchema),
  recommendations: z.array(fundingRecommendationSchema),
  /** Issue 25 §1: who the search matched, and where each fact came from (profile, override, text). */
  applicant_note: z.string().optional(),
  /**
   * Issue 25 §3: curated programs the applicant could apply to that take no applications now
   * (paused, archived, between rounds), with the funder's next date when one is known.
   */
  not_open: z
    .array(
      z.object({
        program_name: z.string(),
        agency_name: z.string(),
        program_id: z.string(),
        intake: z.string(),
        next_date: z.string().nullable(),
      }),
    )
    .optional(),
  /** Issue 14: curated programs the rules set aside, shown apart ("Not eligible, because…") when the user asks. */
  not_eligible: z
    .array(
      z.object({
        program_name: z.string(),
        agency_name: z.string(),
        program_id: z.string(),
        because: z.string(),
        /** Each reason apart, so the interface can show it in its language (ADR 0930); absent in older searches. */
        reasons: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});
export type FundingResults = z.infer<typeof fundingResultsSchema>;

export const fundingRequestSchema = z.object({
  id: z.string(),
  researchTopic: z.string(),
  researchDetails: z.string(),
  teamProfile: z.string(),
  /** The start of the file's text (2,000 characters), or '[type file attached]' for a PDF or Word file. */
  fileContent: z.string().nullable(),
  /** Null while the search runs (spec §4: Processing until results are non-empty). */
  fundingResults: fundingResultsSchema.nullable(),
  status: z.enum(['processing', 'complete', 'failed']),
  error: z.string().nullable(),
  submissionTimestamp: z.string(),
  /** While processing: when a search is expected to be done, from measured durations; else null. */
  etaTimestamp: z.string().nullable(),
});
export type FundingRequest = z.infer<typeof fundingRequestSchema>;
export const fundingRequestListSchema = z.array(fundingRequestSchema);

export const fundingRequestParamsSchema = z.object({ id: z.string().max(100) });
