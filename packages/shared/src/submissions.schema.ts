import { z } from 'zod';
import { calendarDaysBetween } from './days.ts';
import { submissionResultsSchema } from './grant-results.schema.ts';
import { payFromSchema } from './organisation-credits.schema.ts';
import {
  PROJECT_TITLE_MAX_CHARS,
  PROJECT_TITLE_MAX_WORDS,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
} from './constants.ts';
import { isPdfFileName, SUBMISSION_MESSAGES, SUBMISSIONS_PAGE_SIZE } from './submissions.constants.ts';

// The texts and page size live in a module without zod (the dashboard's panels use them at first
// paint, ADR 190); they stay importable from here. The status rule is paidWorkDisplay (ADR 0812).
export { isPdfFileName, SUBMISSION_MESSAGES, SUBMISSIONS_PAGE_SIZE };

const KIND_NAMES: Record<(typeof UPLOAD_EXTENSIONS)[number], string> = {
  pdf: 'PDF',
  doc: 'Word (.doc)',
  docx: 'Word (.docx)',
  txt: 'plain-text (UTF-8)',
};

/**
 * Why an upload whose name is allowed was refused for its content (issue 18 item 5): the spec's
 * file-type text would send the user to retry a file that can never pass, so this says what is wrong
 * and what helps. The extension itself (spec §5) keeps SUBMISSION_MESSAGES.fileType.
 */
export function uploadContentRefusal(kind: (typeof UPLOAD_EXTENSIONS)[number]): string {
  const name = KIND_NAMES[kind];
  return UPLOAD_CONTENT_REFUSAL.replaceAll('{{name}}', name).replace('{{kind}}', kind);
}

/**
 * The refusal's words around the file's kind, as one text: the web finds its French by this text
 * (fr.messages.json, `translateMessage` fills the {{parts}} back in; issue 31).
 */
export const UPLOAD_CONTENT_REFUSAL =
  'This file is not a readable {{name}} file: its content does not match its .{{kind}} name, or it is empty or damaged. Uploading it again will not help; save or export it again as {{name}}, or choose another file.';

const LONG_TEXT_MAX = 20_000;
const SHORT_TEXT_MAX = 500;

export const countWords = (text: string) => text.trim().split(/\s+/).filter(Boolean).length;

/** Our own upload URLs only: the server never fetches anything a client names. */
export const FILE_URL_PATTERN = /^\/api\/files\/[0-9a-f-]{36}$/;
export const fileIdFromUrl = (url: string) => url.split('/').pop() ?? '';

const requiredText = (max: number) => z.string().trim().min(1, SUBMISSION_MESSAGES.required).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional().default('');

export const milestoneSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string().trim().max(SHORT_TEXT_MAX).default(''),
  description: z.string().trim().max(LONG_TEXT_MAX).default(''),
  startDate: z.string().trim().max(40).default(''),
  endDate: z.string().trim().max(40).default(''),
  budgetAmount: z.string().trim().max(100).default(''),
  deliverables: z.string().trim().max(LONG_TEXT_MAX).default(''),
});
export type Milestone = z.infer<typeof milestoneSchema>;
export type MilestoneInput = z.input<typeof milestoneSchema>;

const MILESTONE_REQUIRED = ['title', 'description', 'startDate', 'endDate', 'budgetAmount'] as const;

// The editor pre-fills every title ('Phase N'), so a title alone does not make a milestone "filled".
const USER_FIELDS = ['description', 'startDate', 'endDate', 'budgetAmount', 'deliverables'] as const;
const filled = (v: unknown) => (typeof v === 'string' && v.trim() !== '') || typeof v === 'number';

/** Milestone nobody has typed into: ignored, not an error. */
export const isMilestoneBlank = (m: Partial<Record<keyof Milestone, unknown>>) =>
  !USER_FIELDS.some((k) => filled(m[k]));

/** Spec §5: a milestone with any field filled needs title, description, both dates and budget. */
export function isMilestoneIncomplete(m: Partial<Record<keyof Milestone, unknown>>): boolean {
  return !isMilestoneBlank(m) && MILESTONE_REQUIRED.some((k) => !filled(m[k]));
}

const generationFields = z.object({
  programId: z.string().trim().min(1, SUBMISSION_MESSAGES.required).max(200),
  projectTitle: requiredText(PROJECT_TITLE_MAX_CHARS + 1000)
    .refine((t) => t.length <= PROJECT_TITLE_MAX_CHARS, SUBMISSION_MESSAGES.titleChars)
    .refine((t) => countWords(t) <= PROJECT_TITLE_MAX_WORDS, SUBMISSION_MESSAGES.titleWords),
  projectOverview: requiredText(LONG_TEXT_MAX),
  keyObjectives: requiredText(LONG_TEXT_MAX),
  totalBudget: requiredText(SHORT_TEXT_MAX),
  projectTimeline: requiredText(LONG_TEXT_MAX),
  timelineMilestones: z.array(milestoneSchema).max(50).default([]),
  teamLeadName: requiredText(SHORT_TEXT_MAX),
  teamLeadRole: requiredText(SHORT_TEXT_MAX),
  teamProfiles: requiredText(LONG_TEXT_MAX),
  industryPartner: optionalText(SHORT_TEXT_MAX),
  fileUrl: z.string().regex(FILE_URL_PATTERN, SUBMISSION_MESSAGES.fileUrl).optional(),
  originalFileName: z.string().max(255).optional(),
  /** One of the user's own applications whose saved budget states the request (ADR 0453; the server checks it is theirs). */
  applicationId: z.string().uuid().optional(),
  /** The draft's language (issue 31 §2); English when left out. French is refused, with its reason (ADR 1088). */
  language: z.enum(['en', 'fr']).optional(),
});

function checkMilestones(form: { timelineMilestones: Milestone[] }, ctx: z.RefinementCtx) {
  form.timelineMilestones.forEach((m, i) => {
    if (isMilestoneIncomplete(m))
      ctx.addIssue({
        code: 'custom',
        path: ['timelineMilestones', i],
        message: SUBMISSION_MESSAGES.milestone,
      });
  });
}

// Untouched blank milestones are the editor's empty rows, not part of the plan.
const dropBlankMilestones = <T extends { timelineMilestones: Milestone[] }>(form: T): T => ({
  ...form,
  timelineMilestones: form.timelineMilestones.filter((m) => !isMilestoneBlank(m)),
});

export const generationFormSchema = generationFields
  .superRefine(checkMilestones)
  .transform(dropBlankMilestones);
export type GenerationForm = z.infer<typeof generationFormSchema>;
export type GenerationFormInput = z.input<typeof generationFormSchema>;

export const analysisInputMethodSchema = z.enum(['text', 'file']);

const analysisFields = z.object({
  programId: z.string().trim().min(1, SUBMISSION_MESSAGES.program).max(200),
  inputMethod: analysisInputMethodSchema.default('text'),
  content: z.string().max(200_000).optional().default(''),
  fileUrl: z.string().regex(FILE_URL_PATTERN, SUBMISSION_MESSAGES.fileUrl).optional(),
  originalFileName: z.string().max(255).optional(),
  /** One of the user's own applications this analysis is attached to (the server checks it is theirs). */
  applicationId: z.string().uuid().optional(),
});

function checkAnalysisInput(
  form: { inputMethod: 'text' | 'file'; content: string; fileUrl?: string },
  ctx: z.RefinementCtx,
) {
  if (form.inputMethod === 'text' && form.content.trim() === '')
    ctx.addIssue({ code: 'custom', path: ['content'], message: SUBMISSION_MESSAGES.content });
  if (form.inputMethod === 'file' && !form.fileUrl)
    ctx.addIssue({ code: 'custom', path: ['fileUrl'], message: SUBMISSION_MESSAGES.file });
}

export const analysisFormSchema = analysisFields.superRefine(checkAnalysisInput);
export type AnalysisForm = z.infer<typeof analysisFormSchema>;
export type AnalysisFormInput = z.input<typeof analysisFormSchema>;

export const submissionTypeSchema = z.enum(['generation', 'analysis']);
export type SubmissionType = z.infer<typeof submissionTypeSchema>;

/**
 * POST /api/submissions (§7): `programId` at the top level and the whole form in `contentJson`.
 * The form's own `programId` may be left out (the top-level one stands for it); when both are
 * sent they must agree.
 */
export const createSubmissionSchema = z
  .discriminatedUnion('type', [
    z.object({
      type: z.literal('generation'),
      programId: generationFields.shape.programId,
      /** Pay from this organisation's credits instead of the own (issue 32 §1, ADR 0720). */
      payFrom: payFromSchema,
      contentJson: generationFields
        .partial({ programId: true })
        .superRefine(checkMilestones)
        .transform(dropBlankMilestones),
    }),
    z.object({
      type: z.literal('analysis'),
      programId: analysisFields.shape.programId,
      payFrom: payFromSchema,
      contentJson: analysisFields.partial({ programId: true }).superRefine(checkAnalysisInput),
    }),
  ])
  .refine(
    (body) => body.contentJson.programId === undefined || body.contentJson.programId === body.programId,
    {
      path: ['contentJson', 'programId'],
      message: SUBMISSION_MESSAGES.programMismatch,
    },
  );
export type CreateSubmission = z.infer<typeof createSubmissionSchema>;
export type CreateSubmissionInput = z.input<typeof createSubmissionSchema>;

export const submissionStatusSchema = z.enum(['processing', 'completed', 'failed']);

export const submissionSchema = z.object({
  id: z.string(),
  type: z.string(),
  programId: z.string(),
  status: z.string(),
  results: submissionResultsSchema.nullable(),
  contentJson: z.unknown(),
  fileUrl: z.string().nullable(),
  /** A readable reason when the job failed for good. */
  error: z.string().nullable(),
  submissionTimestamp: z.string(),
  etaTimestamp: z.string().nullable(),
  /** The application an analysis is attached to; null once it is deleted. */
  applicationId: z.string().nullable().optional(),
});
export type Submission = z.infer<typeof submissionSchema>;

/** GET /api/admin/submissions: what the PDF panel needs, and no more of the user's content. */
export const adminSubmissionSchema = z.object({
  id: z.string(),
  programId: z.string(),
  projectTitle: z.string(),
  displayStatus: z.enum(['complete', 'processing', 'error']),
  fileUrl: z.string().nullable(),
  submissionTimestamp: z.string(),
  userEmail: z.string(),
  userName: z.string(),
});
export type AdminSubmission = z.infer<typeof adminSubmissionSchema>;

export const linkSubmissionFileSchema = z.object({
  filename: z.string().trim().min(1, SUBMISSION_MESSAGES.required).max(300),
});

export const uploadResponseSchema = z.object({ fileUrl: z.string() });

export const submissionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(SUBMISSIONS_PAGE_SIZE).default(SUBMISSIONS_PAGE_SIZE),
});
export type SubmissionListQuery = z.infer<typeof submissionListQuerySchema>;

export const adminSubmissionListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminSubmissionListQuery = z.infer<typeof adminSubmissionListQuerySchema>;

export const exportQuerySchema = z.object({
  format: z.enum(['docx', 'pdf']).default('docx'),
  /**
   * Issue 28 §1: without it a generated draft's export is its application's latest version;
   * `version=1` is the draft as generated. Other versions live in the editor's history.
   */
  version: z
    .literal('1', { error: 'Only version 1, the draft as generated, is exported by number' })
    .optional(),
});

/** Spec §5 upload rules on a chosen file, before it is sent. */
export function checkUploadFile(file: { name: string; size: number }): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  if (!file.name.includes('.') || !(UPLOAD_EXTENSIONS as readonly string[]).includes(ext))
    return SUBMISSION_MESSAGES.fileType;
  if (file.size > UPLOAD_MAX_BYTES) return SUBMISSION_MESSAGES.fileSize;
  return null;
}

// ---- Milestone editor rules (§4), shared by the dialog and the engine ----

export const DEFAULT_MILESTONE_TITLE = 'Phase 1: Research & Planning';

export function newMilestone(index: number, id: string = String(index)): Milestone {
  return {
    id,
    title: index === 1 ? DEFAULT_MILESTONE_TITLE : `Phase ${index}`,
    description: '',
    startDate: '',
    endDate: '',
    budgetAmount: '',
    deliverables: '',
  };
}

export const canRemoveMilestone = (count: number) => count > 1;

/** Whole days from start to end date (ISO yyyy-mm-dd); null when either is missing or invalid. */
export function milestoneDurationDays(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): number | null {
  if (!startDate || !endDate) return null;
  const start = Date.parse(`${startDate.slice(0, 10)}T00:00:00Z`);
  const end = Date.parse(`${endDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return calendarDaysBetween(start, end);
}

/** The numeric part of a budget text: "$40,000 CAD" → 40000; no digits → 0. */
export function budgetAmountValue(text: string | number | null | undefined): number {
  if (typeof text === 'number') return Number.isFinite(text) ? text : 0;
  if (!text) return 0;
  const digits = text.replace(/[^0-9.]/g, '');
  const value = Number.parseFloat(digits);
  return Number.isFinite(value) ? value : 0;
}

export const totalMilestoneBudget = (milestones: ReadonlyArray<{ budgetAmount?: string | number | null }>) =>
  milestones.reduce((sum, m) => sum + budgetAmountValue(m.budgetAmount), 0);

/** GET /api/applications/:id/analyses: the analyses attached to one of the user's applications. */
export const applicationAnalysisSchema = z.object({
  id: z.string(),
  status: z.string(),
  submissionTimestamp: z.string(),
  /** The overall score (0–10) once the analysis has finished. */
  meanScore: z.number().nullable(),
  /** The program it was scored against, named (issue 28 item 10). */
  programId: z.string(),
  programName: z.string(),
});
export const applicationAnalysesSchema = z.object({ analyses: z.array(applicationAnalysisSchema) });
export type ApplicationAnalysis = z.infer<typeof applicationAnalysisSchema>;
