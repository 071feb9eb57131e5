/**
 * Organisation credit balances (issue 32 §1, ADR 0720): an owner moves their own credits to the
 * organisation, owners and research officers set each member's limit, a member pays paid work from
 * the organisation, and the organisation's ledger shows who spent what. Personal credits stay
 * personal: nothing moves back from an organisation to a person.
 */
import { z } from 'zod';
import { creditAmountSchema } from './credits.schema.ts';
import { organisationRoleSchema } from './organisations.schema.ts';

/** A typo guard on one transfer or one limit, in whole credits; not a business rule. */
export const ORGANISATION_CREDITS_MAX = 100_000;
export const ORGANISATION_LEDGER_PAGE_SIZE = 50;

const wholeCredits = (what: string) =>
  z
    .number({ error: `Give the ${what} as a whole number of credits` })
    .int(`Give the ${what} as a whole number of credits`)
    .max(ORGANISATION_CREDITS_MAX, `The ${what} is at most ${ORGANISATION_CREDITS_MAX} credits`);

/** POST /api/organisations/:id/credits/transfers: an owner's own credits into the organisation. */
export const organisationTransferSchema = z.object({
  credits: wholeCredits('amount').min(1, 'Move at least 1 credit'),
});
export type OrganisationTransferInput = z.infer<typeof organisationTransferSchema>;

export const LIMIT_PERIODS = ['month', 'total'] as const;
export const limitPeriodSchema = z.enum(LIMIT_PERIODS, { error: 'Choose per month or in total' });
export type LimitPeriod = z.infer<typeof limitPeriodSchema>;

/** PUT /api/organisations/:id/credits/limits/:userId: a limit, or null to remove it. */
export const organisationLimitSchema = z.object({
  limit: z
    .object({
      credits: wholeCredits('limit').min(0, 'A limit is 0 credits or more'),
      period: limitPeriodSchema,
    })
    .nullable(),
});
export type OrganisationLimitInput = z.infer<typeof organisationLimitSchema>;

export const organisationLedgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** A member's limit and what they spent against it (net of refunds) in its period. */
export const memberAllowanceSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: organisationRoleSchema,
  limit: z.object({ credits: creditAmountSchema, period: limitPeriodSchema }).nullable(),
  spent: creditAmountSchema,
  /** What the member may still spend: the smaller of the balance and the limit's rest. */
  available: creditAmountSchema,
});
export type MemberAllowance = z.infer<typeof memberAllowanceSchema>;

export const ORGANISATION_LEDGER_REASONS = ['transfer', 'spend', 'refund'] as const;

export const organisationLedgerEntrySchema = z.object({
  id: z.number(),
  amount: creditAmountSchema,
  reason: z.enum(ORGANISATION_LEDGER_REASONS),
  reference: z.string(),
  /** Who moved or spent it; null once that account is purged. */
  member: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type OrganisationLedgerEntry = z.infer<typeof organisationLedgerEntrySchema>;

/**
 * GET /api/organisations/:id/credits. Every member sees the balance and their own allowance and
 * rows; owners and research officers see every member's allowance and every row.
 */
export const organisationCreditsSchema = z.object({
  balance: creditAmountSchema,
  canManage: z.boolean(),
  canTransfer: z.boolean(),
  own: memberAllowanceSchema,
  members: z.array(memberAllowanceSchema),
  entries: z.array(organisationLedgerEntrySchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type OrganisationCredits = z.infer<typeof organisationCreditsSchema>;

/** The one field a paid request adds to pay from an organisation instead of the own balance. */
export const payFromSchema = z.uuid('Choose an organisation you belong to').optional();

export const ORGANISATION_CREDIT_MESSAGES = {
  notMember: 'Choose an organisation you belong to',
  notEnough: (name: string) => `${name} does not have enough credits for this. Ask an owner to add some.`,
  limit: (name: string, available: number, period: LimitPeriod) =>
    `This would pass your limit at ${name}: ${available} ${available === 1 ? 'credit' : 'credits'} left ${period === 'month' ? 'this month' : 'in total'}.`,
  ownBalance: 'You do not have that many credits to move.',
} as const;
