import { z } from 'zod';
import { FILE_URL_PATTERN, SUBMISSION_MESSAGES } from './submissions.schema.ts';

/**
 * Issue 16 §3: a funder's call or guidelines, split into requirement statements the applicant ticks
 * off. With a configured model the model extracts and maps them, every statement checked against
 * the document's text (ADR 0200); without one, or when the model fails, the split is rule-based
 * (ADR 0115). The checklist says which.
 */

/** What a statement asks about; 'other' is a user's own item or an unclassified one. */
export const REQUIREMENT_KINDS = [
  'eligibility',
  'deadline',
  'limit',
  'format',
  'must',
  'should',
  /** What the application must contain or address (the model's word; rules say must/should). */
  'content',
  'other',
] as const;
export const requirementKindSchema = z.enum(REQUIREMENT_KINDS);
export type RequirementKind = z.infer<typeof requirementKindSchema>;

export const REQUIREMENT_KIND_LABELS: Record<RequirementKind, string> = {
  eligibility: 'Eligibility',
  deadline: 'Deadline',
  limit: 'Limit',
  format: 'Format',
  must: 'Required',
  should: 'Recommended',
  content: 'Content',
  other: 'Other',
};

export const CHECKLIST_TEXT_MAX = 2000;
export const CHECKLIST_SECTION_MAX = 200;
/** One application's checklist holds at most this many items (a long call gives ~150). */
export const CHECKLIST_MAX_ITEMS = 500;
/**
 * Checklists the AI model builds for one user in a day: free, so bounded (ADR 0200). Past it, and
 * whenever the model fails, the rules build the checklist and it says so.
 */
export const GUIDELINES_MODEL_BUILDS_PER_DAY = 5;

export const GUIDELINES_MESSAGES = {
  noRequirements:
    'No requirement statements were found in this document (must, should, eligible, deadline, limit or format sentences). Is it a scanned image? You can add items by hand.',
  noText: 'No text could be read from this document (is it a scanned image?). You can add items by hand.',
  tooMany: `A checklist holds at most ${CHECKLIST_MAX_ITEMS} items.`,
  applicationId: 'Unknown application',
  /** Why rules built the checklist although a model is configured (ExtractionResult.fallback). */
  modelFailed: 'The AI model did not give a usable answer, so the rules built this checklist.',
  modelLimit: `You have used today's ${GUIDELINES_MODEL_BUILDS_PER_DAY} checklists built by the AI model, so the rules built this one.`,
  modelTooLong: 'This document is too long for one AI model call, so the rules built this checklist.',
  modelUnverified:
    'The AI model builds checklists once your e-mail address is verified, so the rules built this one.',
} as const;

/** How the items were extracted; the UI states it plainly (origin 'model'). */
export const MODEL_EXTRACTION_NOTE = 'Built by the AI model from your document; check each item.';

/** How the items were extracted; the UI states it plainly (origin 'rules'). */
export const EXTRACTION_METHOD_NOTE =
  'Extracted by rules (sentences with must, should, required, eligible, deadline, limit or format words), not by an AI model: check each item against the call.';

const itemText = z
  .string()
  .trim()
  .min(1, 'Requirement text is required')
  .max(CHECKLIST_TEXT_MAX, `Requirement text must be ${CHECKLIST_TEXT_MAX} characters or less`);
const sectionName = z
  .string()
  .trim()
  .max(CHECKLIST_SECTION_MAX, `Section name must be ${CHECKLIST_SECTION_MAX} characters or less`)
  .nullable()
  // An empty choice means "not mapped".
  .transform((s) => (s ? s : null));

export const extractGuidelinesSchema = z.object({
  /** What POST /api/upload answered: the file went through the upload checks and extraction. */
  fileUrl: z.string().regex(FILE_URL_PATTERN, SUBMISSION_MESSAGES.fileUrl),
});
export type ExtractGuidelinesInput = z.infer<typeof extractGuidelinesSchema>;

export const createChecklistItemSchema = z.object({
  text: itemText,
  section: sectionName.optional(),
});
export type CreateChecklistItemInput = z.input<typeof createChecklistItemSchema>;

export const updateChecklistItemSchema = z
  .object({ text: itemText.optional(), section: sectionName.optional(), done: z.boolean().optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to change');
export type UpdateChecklistItemInput = z.input<typeof updateChecklistItemSchema>;

export const checklistItemSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** The page of the call it came from, when the parser gives pages (PDF); null otherwise. */
  page: z.number().int().nullable(),
  kind: requirementKindSchema,
  /** The section of the application that answers it, a free choice. */
  section: z.string().nullable(),
  done: z.boolean(),
  /**
   * 'model' = extracted by the AI model and found in the document's text; 'rules' = found by the
   * rule-based extractor; 'user' = added by hand.
   */
  origin: z.enum(['model', 'rules', 'user']),
  /** The uploaded file's name it came from. */
  sourceName: z.string().nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/** Ticked items over all items: the editor's readiness summary reads it. */
export const checklistCoverageSchema = z.object({ done: z.number().int(), total: z.number().int() });
export type ChecklistCoverage = z.infer<typeof checklistCoverageSchema>;

export const checklistSchema = z.object({
  items: z.array(checklistItemSchema),
  coverage: checklistCoverageSchema,
  /** A model is configured: building a checklist asks it first (free, a few a day). */
  modelAvailable: z.boolean(),
});
export type Checklist = z.infer<typeof checklistSchema>;

export const extractionResultSchema = checklistSchema.extend({
  /** Statements found in this document, and how many of them were new to the checklist. */
  found: z.number().int(),
  added: z.number().int(),
  /** Which extractor built this document's statements. */
  method: z.enum(['model', 'rules']),
  /** Statements the model gave that are not in the document's text: left out, never listed. */
  dropped: z.number().int(),
  /** Why the rules built it although a model is configured (GUIDELINES_MESSAGES); null otherwise. */
  fallback: z.string().nullable(),
});
export type ExtractionResult = z.infer<typeof extractionResultSchema>;
