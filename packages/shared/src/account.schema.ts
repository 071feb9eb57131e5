import { z } from 'zod';

/** GET /api/admin/audit-log: newest first, paged by the last id seen. */
export const auditLogQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().min(1).optional(),
  subject: z.uuid('Subject must be a user id').optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  subjectUserId: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  objectType: z.string(),
  objectId: z.string(),
  action: z.string(),
  requestId: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

/**
 * Staff reads of a user's content (privacy policy: "all access is logged"), named once for the
 * server that writes them and the audit page that shows them.
 */
export const STAFF_READ = {
  /** Any admin page or list was opened (one row per request; object = the route). */
  view: 'staff.view',
  file: 'admin_file_read',
  /** A user's submission was shown in the admin PDF panel (one row per submission). */
  submissionListed: 'admin_submission_list',
  pdfLinked: 'admin_pdf_link',
} as const;

/** How the audit page names each action; an unknown one is shown as stored. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  [STAFF_READ.view]: 'Opened a staff page',
  [STAFF_READ.file]: "Opened a user's file",
  [STAFF_READ.submissionListed]: "Saw a user's submission (PDF panel)",
  [STAFF_READ.pdfLinked]: 'Linked a PDF to a submission',
  'admin.rights-granted': 'Admin rights granted',
  'admin.rights-revoked': 'Admin rights revoked',
  'admin.operator-grant': 'Operator granted admin rights',
  'admin.operator-revoke': 'Operator revoked admin rights',
  'refund.approve': 'Refund approved',
  'refund.decline': 'Refund declined',
  'payment.record_manual': 'Payment recorded by hand',
  'payout.mark_paid': 'Affiliate payout marked paid',
};

export const auditLogPageSchema = z.object({
  entries: z.array(auditLogEntrySchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.number().nullable(),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** DELETE /api/account: the password again, so a stolen or forgotten-open session cannot delete the account. */
export const accountDeletionRequestSchema = z.object({
  password: z.string().min(1, 'Enter your password to confirm').max(256),
});
export type AccountDeletionRequest = z.infer<typeof accountDeletionRequestSchema>;

export const accountDeletionSchema = z.object({
  deleted: z.literal(true),
  /** Everything is hard-deleted by this date (ISO), within the policy's 30 days. */
  purgeBy: z.string(),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
