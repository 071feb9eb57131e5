import { z } from 'zod';
import { isInstitutionalEmail, registrableDomain } from './email-domain.ts';
import { REVIEW_FILTERS, reviewStateSchema } from './office-review.schema.ts';

/**
 * Issue 32 §1: organisations (a research office, a department, a company) with members and roles.
 * An owner manages the organisation; a research officer sees and reviews every application shared
 * with it; a member is a researcher (ADR 0370).
 */
export const ORGANISATION_ROLES = ['owner', 'officer', 'member'] as const;
export const organisationRoleSchema = z.enum(ORGANISATION_ROLES);
export type OrganisationRole = z.infer<typeof organisationRoleSchema>;

export const ORGANISATION_ROLE_LABELS: Record<OrganisationRole, string> = {
  owner: 'Owner',
  officer: 'Research officer',
  member: 'Member',
};

/** An invitation is good for this many days, once. */
export const INVITATION_DAYS = 7;
/** One organisation holds at most this many members and open invitations (lists stay unpaged). */
export const ORGANISATION_MAX_MEMBERS = 500;

export const ORGANISATION_MESSAGES = {
  unverified:
    'Please verify your e-mail address first: organisations admit verified addresses only. We sent you a code; you can ask for a new one from your account page.',
  domainNotYours:
    'The domain rule must be the domain of your own verified address, so an office admits only its own institution.',
  lastOwner: 'An organisation needs an owner. Make another member an owner first.',
  invitationInvalid:
    'This invitation is not valid: it has expired, was already used or withdrawn, or was sent to another address. Ask the organisation for a new one.',
  alreadyMember: 'You are already a member of this organisation.',
  full: `An organisation holds at most ${ORGANISATION_MAX_MEMBERS} members and invitations.`,
} as const;

const domainRule = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
    'Use a domain like utoronto.ca',
  );

export const createOrganisationSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200, 'Name must be 200 characters or less'),
  /** Verified addresses at this domain may join without an invitation; null for none. */
  domain: domainRule.nullable().optional(),
});
export type CreateOrganisationInput = z.input<typeof createOrganisationSchema>;

/** Business days before the funder's deadline an internal deadline may be set at (ADR 0374). */
export const INTERNAL_DEADLINE_DAYS_MAX = 30;
const daysMessage = `Between 0 and ${INTERNAL_DEADLINE_DAYS_MAX} business days`;
const internalDays = z
  .number({ error: 'Give a whole number of business days' })
  .int('Give a whole number of business days')
  .min(0, daysMessage)
  .max(INTERNAL_DEADLINE_DAYS_MAX, daysMessage);

export const updateOrganisationSchema = z.object({
  name: createOrganisationSchema.shape.name.optional(),
  domain: domainRule.nullable().optional(),
  internalDeadlineDays: internalDays.optional(),
});
export type UpdateOrganisationInput = z.infer<typeof updateOrganisationSchema>;

export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).email('Enter a valid e-mail address'),
  role: organisationRoleSchema.default('member'),
});
export type InviteInput = z.input<typeof inviteSchema>;

export const acceptInvitationSchema = z.object({ token: z.string().min(16).max(200) });
export const changeRoleSchema = z.object({ role: organisationRoleSchema });

export const organisationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  /** Business days before the funder's deadline (issue 32 §3). */
  internalDeadlineDays: z.number().int(),
  role: organisationRoleSchema,
  members: z.number().int(),
});
export type OrganisationSummary = z.infer<typeof organisationSummarySchema>;

export const organisationListSchema = z.object({
  data: z.array(organisationSummarySchema),
  /** Organisations whose domain rule admits the caller's verified address and that they have not joined. */
  joinable: z.array(z.object({ id: z.string(), name: z.string(), domain: z.string() })),
});

export const memberSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: organisationRoleSchema,
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: organisationRoleSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const organisationDetailSchema = organisationSummarySchema.extend({
  memberList: z.array(memberSchema),
  /** Open invitations; only owners and officers see them (an empty list for members). */
  invitations: z.array(invitationSchema),
});
export type OrganisationDetail = z.infer<typeof organisationDetailSchema>;

/** The host of an address, lower-cased ("Ana@Mail.UToronto.ca" → "mail.utoronto.ca"). */
export const emailHost = (email: string) =>
  email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();

/** Whether a domain rule admits an address: its host is the domain or one under it. */
export function domainAdmits(domain: string | null, email: string): boolean {
  if (!domain) return false;
  const host = emailHost(email);
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * Who may set a domain rule: an institutional address (not a personal provider) at that domain,
 * and the domain at least the institution's registrable one ("utoronto.ca", not "ca" or "on.ca").
 */
export function mayClaimDomain(domain: string, email: string): boolean {
  const registrable = registrableDomain(`x@${domain}`);
  return Boolean(registrable) && isInstitutionalEmail(email) && domainAdmits(domain, email);
}

/**
 * The day `days` business days before a 'YYYY-MM-DD' deadline: Monday to Friday, less the
 * institution's holidays ('YYYY-MM-DD'), which count as weekend days (ADR 0441).
 */
export function businessDaysBefore(
  deadline: string,
  days: number,
  holidays: ReadonlySet<string> = new Set(),
): string {
  const d = new Date(`${deadline}T00:00:00Z`);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() - 1);
    const dow = d.getUTCDay();
    if (dow !== 0 && dow !== 6 && !holidays.has(d.toISOString().slice(0, 10))) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

/** An institution's holiday: a day the internal deadline's count skips. */
export const holidaySchema = z.object({
  date: z.iso.date('Use a date like 2026-12-25'),
  name: z.string().trim().min(1, 'Name the holiday').max(100, 'At most 100 characters'),
});
export type Holiday = z.infer<typeof holidaySchema>;
/** Enough for several years of a university's closures; the whole list is replaced at once. */
export const HOLIDAYS_MAX = 200;
export const holidayListSchema = z.object({
  holidays: z
    .array(holidaySchema)
    .max(HOLIDAYS_MAX, `At most ${HOLIDAYS_MAX} holidays`)
    .refine((list) => new Set(list.map((h) => h.date)).size === list.length, 'Each date once'),
});
export type HolidayList = z.infer<typeof holidayListSchema>;

/**
 * A per-program internal deadline (ADR 0650): for applications to this catalogue program, this
 * many business days before the funder's deadline instead of the organisation's number.
 */
export const programDeadlineSchema = z.object({
  programId: z.string().trim().min(1, 'Choose a program').max(200, 'Choose a program'),
  days: internalDays,
});
export type ProgramDeadline = z.infer<typeof programDeadlineSchema>;
/** The catalogue holds a few hundred programs; an office sets a rule for a few of them. */
export const PROGRAM_DEADLINES_MAX = 200;
export const programDeadlineListSchema = z.object({
  deadlines: z
    .array(programDeadlineSchema)
    .max(PROGRAM_DEADLINES_MAX, `At most ${PROGRAM_DEADLINES_MAX} programs`)
    .refine((list) => new Set(list.map((d) => d.programId)).size === list.length, 'Each program once'),
});
export type ProgramDeadlineList = z.infer<typeof programDeadlineListSchema>;
/** As served: each rule with the program's catalogue name. */
export const programDeadlineViewSchema = z.object({
  deadlines: z.array(programDeadlineSchema.extend({ program: z.string() })),
});
export type ProgramDeadlineView = z.infer<typeof programDeadlineViewSchema>;

/**
 * The live checks' summary for one application (ADR 0442): how many of the program's expected
 * elements the saved text shows, and how many things are left before submitting (0: ready).
 */
export const readinessSchema = z.object({
  found: z.number().int(),
  expected: z.number().int(),
  left: z.number().int(),
  ready: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** The office list's filters (ADR 0442): review status, program, funder deadline range. */
export const officeListQuerySchema = z.object({
  status: z.enum(REVIEW_FILTERS).optional(),
  program: z.string().trim().max(200).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
});
export type OfficeListQuery = z.infer<typeof officeListQuerySchema>;

/** One row of the office's list of applications shared with the organisation. */
export const officeApplicationSchema = z.object({
  id: z.string(),
  title: z.string(),
  owner: z.string(),
  ownerEmail: z.string(),
  program: z.string(),
  status: z.string(),
  deadline: z.string().nullable(),
  internalDeadline: z.string().nullable(),
  /** The office's review (ADR 0440): null while the applicant has not submitted it. */
  reviewState: reviewStateSchema.nullable(),
  /** The live checks' summary at the saved text (ADR 0442). */
  readiness: readinessSchema,
  sharedAt: z.string(),
  updatedAt: z.string(),
});
export type OfficeApplication = z.infer<typeof officeApplicationSchema>;
export const officeListSchema = z.object({ data: z.array(officeApplicationSchema) });
