import { z } from 'zod';

/** Spec §4: the application statuses, in their usual order. */
export const APPLICATION_STATUSES = ['draft', 'submitted', 'under_review', 'approved', 'rejected'] as const;
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/**
 * Any status may follow any other (issue 28 §4, ADR 261): a user records an award they already
 * won, or moves a row back after a mistake; each change is kept in the history with its date.
 */
export const otherStatuses = (from: ApplicationStatus): ApplicationStatus[] =>
  APPLICATION_STATUSES.filter((s) => s !== from);

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-03-31')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Invalid date');

export const createApplicationSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be 200 characters or less'),
  program: z.string().trim().min(1, 'Program is required').max(200, 'Program must be 200 characters or less'),
  /** Free text as the spec has it ("$250,000", "1.2M"); the funding total reads its number. */
  amount: z.string().trim().max(50, 'Amount must be 50 characters or less').default(''),
  deadline: isoDate.nullable().optional(),
  /** A catalogue program: its name, deadline and section template fill the new application. */
  programId: z.string().trim().min(1).max(200).optional(),
});
export type CreateApplicationInput = z.input<typeof createApplicationSchema>;

export const updateApplicationSchema = z.object({
  title: createApplicationSchema.shape.title.optional(),
  program: createApplicationSchema.shape.program.optional(),
  amount: z.string().trim().max(50, 'Amount must be 50 characters or less').optional(),
  deadline: isoDate.nullable().optional(),
  status: applicationStatusSchema.optional(),
});
export type UpdateApplicationInput = z.infer<typeof updateApplicationSchema>;

export const attachDocumentSchema = z.object({
  /** What POST /api/upload returned; only our own API paths are linked. */
  fileUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^\/api\/[A-Za-z0-9/_.%-]+$/, 'fileUrl must be a path returned by the upload API'),
  fileName: z.string().trim().min(1).max(255),
});
export type AttachDocumentInput = z.infer<typeof attachDocumentSchema>;

export const applicationSchema = z.object({
  id: z.string(),
  title: z.string(),
  program: z.string(),
  amount: z.string(),
  status: applicationStatusSchema,
  deadline: z.string().nullable(),
  /** The catalogue program whose template shapes the sections; null for one tracked by name only. */
  programId: z.string().nullable(),
  /** The generated draft this application started from. */
  submissionId: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** The saved version of its sections; 0 before the first save. */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  history: z.array(z.object({ status: applicationStatusSchema, at: z.string() })),
  documents: z.array(
    z.object({ id: z.string(), fileUrl: z.string(), fileName: z.string(), attachedAt: z.string() }),
  ),
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationListSchema = z.object({ data: z.array(applicationSchema) });

export const calendarTokenSchema = z.object({ token: z.string(), url: z.string() });
