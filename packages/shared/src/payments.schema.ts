import { z } from 'zod';
import { CURRENCIES, type CreditPack } from './pricing.ts';

export * from './pricing.ts';

/**
 * Buying credits (issue 17). Money is integer minor units (cents) with its ISO currency; credits
 * in the API are numbers of credits (the server stores tenths).
 */

export const currencySchema = z.enum(CURRENCIES);

export const creditPackSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  credits: z.number().positive(),
  /** Tax-exclusive price per currency, in cents. */
  prices: z.partialRecord(currencySchema, z.number().int().positive()),
}) satisfies z.ZodType<CreditPack>;

/** GET /api/credit-packs: public, so the landing page can show prices. */
export const pricingSchema = z.object({
  packs: z.array(creditPackSchema),
  /** False on a server without Stripe keys: the buy buttons explain instead of charging. */
  paymentsConfigured: z.boolean(),
  /** Stripe Tax adds GST/HST/QST or US sales tax at checkout when on; prices are tax-exclusive. */
  taxAtCheckout: z.boolean(),
  /** The operator's address (CONTACT_EMAIL), shown beside "Request credits" (issue 28 §2). */
  contactEmail: z.string(),
});
export type Pricing = z.infer<typeof pricingSchema>;

export const checkoutRequestSchema = z.object({
  packId: z.string().min(1, 'Choose a credit pack').max(40),
  currency: currencySchema,
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({ checkoutId: z.string(), url: z.string().url() });

export const CHECKOUT_STATUSES = ['open', 'paid', 'expired'] as const;
export const checkoutStatusSchema = z.object({
  checkoutId: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  credits: z.number(),
  /** The buyer's balance, in credits, once the payment is credited. */
  balance: z.number().nullable(),
});
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

export const REFUND_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

export const purchaseSchema = z.object({
  id: z.string(),
  packId: z.string().nullable(),
  credits: z.number(),
  amountCents: z.number().int(),
  taxCents: z.number().int().nullable(),
  currency: z.string(),
  receiptUrl: z.string().nullable(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
  refundRequest: z
    .object({ status: z.enum(REFUND_REQUEST_STATUSES), note: z.string().nullable(), createdAt: z.string() })
    .nullable(),
  /** Until when the money-back guarantee can be asked for; null when it no longer can. */
  refundableUntil: z.string().nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListSchema = z.object({ purchases: z.array(purchaseSchema) });

export const refundRequestSchema = z.object({
  hoursSpent: z
    .number({ error: 'Enter the hours you spent on your first application' })
    .min(0, 'Hours cannot be negative')
    .max(10_000, 'Enter the hours you spent on your first application'),
  comment: z.string().trim().max(2000, 'Keep the comment under 2000 characters').default(''),
});
export type RefundRequestInput = z.input<typeof refundRequestSchema>;

export const refundDecisionSchema = z.object({
  decision: z.enum(['approve', 'decline']),
  note: z.string().trim().min(1, 'Write a note for the user').max(2000),
});
export type RefundDecision = z.infer<typeof refundDecisionSchema>;

export const adminRefundRequestSchema = z.object({
  id: z.string(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  hoursSpent: z.number(),
  comment: z.string(),
  note: z.string().nullable(),
  createdAt: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), balance: z.number() }),
  purchase: z.object({
    id: z.string(),
    credits: z.number(),
    amountCents: z.number().int(),
    currency: z.string(),
    createdAt: z.string(),
  }),
  /** What the user did since buying: credits spent and paid jobs run. */
  usage: z.object({ creditsSpent: z.number(), paidJobs: z.number().int() }),
});
export type AdminRefundRequest = z.infer<typeof adminRefundRequestSchema>;
export const adminRefundListSchema = z.object({ requests: z.array(adminRefundRequestSchema) });

export const adminPaymentsQuerySchema = z.object({
  query: z.string().trim().max(254).default(''),
  status: z.enum(['all', 'paid', 'refunded']).default('all'),
});
export const adminPaymentSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  packId: z.string().nullable(),
  credits: z.number(),
  amountCents: z.number().int(),
  taxCents: z.number().int().nullable(),
  currency: z.string(),
  source: z.enum(['stripe', 'manual']),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
});
export const adminPaymentListSchema = z.object({ payments: z.array(adminPaymentSchema) });

export const payoutLineSchema = z.object({
  affiliateUserId: z.string(),
  name: z.string(),
  email: z.string(),
  currency: z.string(),
  payableCents: z.number().int(),
  heldCents: z.number().int(),
  commissions: z.number().int(),
});
export const payoutListSchema = z.object({ payouts: z.array(payoutLineSchema) });
export const markPayoutSchema = z.object({ affiliateUserId: z.string().uuid(), currency: currencySchema });

// --- credit requests (issue 28 §2, ADR 0262): credits on a deployment without card payments ---

export const CREDIT_REQUEST_KINDS = ['credits', 'invoice'] as const;
export const CREDIT_REQUEST_STATUSES = ['pending', 'approved', 'declined'] as const;
/** The most one request may ask for; an organisation with more in mind writes to the operator. */
export const MAX_REQUESTED_CREDITS = 500;

export const creditRequestInputSchema = z
  .object({
    /** 'credits': ask the operator; 'invoice': an organisation asks for an invoice or pays by PO. */
    kind: z.enum(CREDIT_REQUEST_KINDS),
    credits: z
      .number({ error: 'Enter a number of credits' })
      .int('Whole credits only')
      .min(1, 'Ask for at least 1 credit')
      .max(MAX_REQUESTED_CREDITS, `Ask for at most ${MAX_REQUESTED_CREDITS} credits at a time`),
    organisation: z.string().trim().max(200, 'Organisation must be 200 characters or less').default(''),
    purchaseOrder: z.string().trim().max(100, 'Purchase order must be 100 characters or less').default(''),
    message: z.string().trim().max(2000, 'Message must be 2,000 characters or less').default(''),
  })
  .refine((r) => r.kind !== 'invoice' || r.organisation.length > 0, {
    path: ['organisation'],
    message: 'Name the organisation to invoice',
  });
export type CreditRequestInput = z.input<typeof creditRequestInputSchema>;

export const creditRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(CREDIT_REQUEST_KINDS),
  credits: z.number(),
  organisation: z.string(),
  purchaseOrder: z.string(),
  message: z.string(),
  status: z.enum(CREDIT_REQUEST_STATUSES),
  /** Credits added on approval (an admin may grant fewer than asked). */
  granted: z.number().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CreditRequest = z.infer<typeof creditRequestSchema>;
export const creditRequestListSchema = z.object({ requests: z.array(creditRequestSchema) });

export const adminCreditRequestSchema = creditRequestSchema.extend({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    balance: z.number(),
  }),
});
export type AdminCreditRequest = z.infer<typeof adminCreditRequestSchema>;
export const adminCreditRequestListSchema = z.object({ requests: z.array(adminCreditRequestSchema) });

export const creditRequestDecisionSchema = z.object({
  decision: z.enum(['approve', 'decline']),
  /** Credits to add on approval; the amount asked for when left out. */
  credits: z.number().int().min(1).max(MAX_REQUESTED_CREDITS).optional(),
  note: z.string().trim().max(2000).default(''),
});
export type CreditRequestDecision = z.input<typeof creditRequestDecisionSchema>;
