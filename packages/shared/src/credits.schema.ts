import { z } from 'zod';
import { ledgerReasonSchema, ledgerWorkSchema } from './paid-work.ts';
import { creditsFromTenths, tenthsFromCredits } from './constants.ts';

/** Every balance, cost and ledger amount in the API: credits with one decimal (the server stores tenths). */
const hasOneDecimalAtMost = (n: number) => Math.abs(n - creditsFromTenths(tenthsFromCredits(n))) < 1e-9;

export const creditAmountSchema = z
  .number()
  .refine(hasOneDecimalAtMost, 'Credits have at most one decimal')
  .describe('Credits, with at most one decimal (1, 0.5, 12.5); the server stores integer tenths.');

/** Largest single admin change, in credits: a typo guard, not a business rule. */
export const ADMIN_CREDIT_CHANGE_MAX = 100_000;
export const LEDGER_PAGE_SIZE_MAX = 100;

/**
 * POST /api/admin/users/:id/credits. `amount` is in credits (negative removes), with at most one
 * decimal; the server stores tenths.
 */
export const adminCreditChangeSchema = z.object({
  amount: z
    // "abc" arrives as NaN: it is not a number, not a missing amount (issue 28 item 14).
    .number({
      error: (issue) => (issue.input === undefined ? 'Amount is required' : 'Amount must be a number'),
    })
    .refine((n) => Number.isFinite(n) && n !== 0, 'Amount must be a non-zero number')
    .refine(
      (n) => Math.abs(n) <= ADMIN_CREDIT_CHANGE_MAX,
      `Amount must be at most ${ADMIN_CREDIT_CHANGE_MAX} credits`,
    )
    .refine(hasOneDecimalAtMost, 'Amount may have at most one decimal'),
  reason: z.string().trim().min(1, 'Reason is required').max(500, 'Reason too long'),
});
export type AdminCreditChange = z.infer<typeof adminCreditChangeSchema>;

export const userIdParamsSchema = z.object({ id: z.string().max(100) });

export const adminUsersQuerySchema = z.object({ query: z.string().trim().max(254).default('') });

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  credits: creditAmountSchema,
  emailVerified: z.boolean(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({ users: z.array(adminUserSchema) });

export const ledgerQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LEDGER_PAGE_SIZE_MAX).default(20),
});

export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /** Negative for a spend. */
  amount: creditAmountSchema,
  reason: ledgerReasonSchema,
  reference: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The work a spend or refund paid for, named and linked (issue 28 §5); null for other rows. */
  work: ledgerWorkSchema.nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerPageSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type LedgerPage = z.infer<typeof ledgerPageSchema>;

export const adminCreditChangeResultSchema = z.object({
  user: adminUserSchema,
  entry: ledgerEntrySchema,
});
