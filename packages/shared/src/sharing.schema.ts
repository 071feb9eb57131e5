import { z } from 'zod';
import { applicationStatusSchema } from './applications.schema.ts';

/**
 * Issue 32 §2: who may do what with an application (ADR 0371). The owner does everything; an
 * editor edits sections; a commenter reads and comments; a viewer reads. An organisation's owners
 * and research officers review what is shared with it, with a commenter's rights.
 */
export const ACCESS_LEVELS = ['viewer', 'commenter', 'editor', 'owner'] as const;
export const accessSchema = z.enum(ACCESS_LEVELS);
export type Access = z.infer<typeof accessSchema>;

export const SHARE_ROLES = ['editor', 'commenter', 'viewer'] as const;
export const shareRoleSchema = z.enum(SHARE_ROLES);
export type ShareRole = z.infer<typeof shareRoleSchema>;

export const SHARE_ROLE_LABELS: Record<ShareRole, string> = {
  editor: 'Co-applicant (can edit)',
  commenter: 'Commenter',
  viewer: 'Viewer',
};

/** Whether `has` includes what `need` asks for (owner ⊃ editor ⊃ commenter ⊃ viewer). */
export const allows = (has: Access, need: Access) =>
  ACCESS_LEVELS.indexOf(has) >= ACCESS_LEVELS.indexOf(need);

/** One application is shared with at most this many people. */
export const SHARES_MAX = 50;

export const shareInputSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address'),
  role: shareRoleSchema,
});
export type ShareInput = z.input<typeof shareInputSchema>;

export const organisationShareInputSchema = z.object({ organisationId: z.uuid() });

export const shareSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: shareRoleSchema,
  createdAt: z.string(),
});
export type Share = z.infer<typeof shareSchema>;

export const sharesSchema = z.object({
  people: z.array(shareSchema),
  organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type Shares = z.infer<typeof sharesSchema>;

export const sharedApplicationSchema = z.object({
  id: z.string(),
  title: z.string(),
  program: z.string(),
  status: applicationStatusSchema,
  deadline: z.string().nullable(),
  owner: z.string(),
  access: accessSchema,
  /** Through the organisation (research officers), not a named share. */
  organisation: z.string().nullable(),
  updatedAt: z.string(),
});
export type SharedApplication = z.infer<typeof sharedApplicationSchema>;
export const sharedApplicationListSchema = z.object({ data: z.array(sharedApplicationSchema) });

/** Comments (issue 32 §2): anchored to a quote of a section's text; replies hang from a root comment. */
export const COMMENT_MAX = 5_000;
export const QUOTE_MAX = 1_000;
/** One application holds at most this many comments (the thread list stays unpaged). */
export const COMMENTS_MAX = 1_000;

export const commentInputSchema = z.object({
  sectionId: z.string().trim().min(1).max(80),
  quote: z.string().max(QUOTE_MAX, `The quoted text must be ${QUOTE_MAX} characters or less`).default(''),
  body: z
    .string()
    .trim()
    .min(1, 'Write a comment')
    .max(COMMENT_MAX, `A comment must be ${COMMENT_MAX.toLocaleString('en-US')} characters or less`),
  /** A reply names the comment it answers. */
  parentId: z.uuid().optional(),
});
export type CommentInput = z.input<typeof commentInputSchema>;

export const resolveCommentSchema = z.object({ resolved: z.boolean() });

export const commentSchema = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  sectionId: z.string(),
  quote: z.string(),
  body: z.string(),
  author: z.string(),
  mine: z.boolean(),
  resolved: z.boolean(),
  resolvedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentListSchema = z.object({ data: z.array(commentSchema) });

/** Addresses written as @name@host in a comment: the people it mentions. */
export function mentionedAddresses(body: string): string[] {
  const found = body.match(/(?<![\w.+-])@([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g) ?? [];
  return [...new Set(found.map((m) => m.slice(1).toLowerCase()))];
}
