import { z } from 'zod';
import { creditAmountSchema } from './credits.schema.ts';

const required = 'Please fill in all required fields';

/** Spec §5: email and phone both required; the email is the account's own (read-only in the form). */
export const affiliateRequestSchema = z.object({
  email: z.string().trim().min(1, required).max(254).email('Invalid email'),
  phone: z.string().trim().min(1, required).max(40, 'Phone number is too long'),
});
export type AffiliateRequestInput = z.infer<typeof affiliateRequestSchema>;

/** Money is integer cents (CAD). */
export const referredUserSchema = z.object({
  name: z.string(),
  /** Masked: an affiliate sees who joined, not a full address list to mail. */
  email: z.string(),
  joinedAt: z.string(),
  purchasesCents: z.number().int(),
  commissionCents: z.number().int(),
});
export type ReferredUser = z.infer<typeof referredUserSchema>;

export const affiliateStatusSchema = z.object({
  joined: z.boolean(),
  code: z.string().nullable(),
  link: z.string().nullable(),
  commissionPercent: z.number(),
  referredUsers: z.array(referredUserSchema),
  earningsCents: z.number().int(),
  /** Commissions in the 30-day guarantee window or held for review: not payable yet. */
  pendingCents: z.number().int(),
  /** Past the window and not yet paid out. */
  payableCents: z.number().int(),
  currency: z.string(),
});
export type AffiliateStatus = z.infer<typeof affiliateStatusSchema>;

/** A referral code as it may appear in `?ref=`: letters and digits only. */
export const referralCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{4,32}$/, 'Invalid referral code');

/** POST /api/admin/payments: a purchase recorded by an operator (or a payment webhook). */
export const recordPaymentSchema = z
  .object({
    userId: z.string().uuid().optional(),
    email: z.string().trim().email().optional(),
    amountCents: z.number().int().positive('Amount must be positive').max(100_000_000),
    currency: z.string().trim().length(3).default('CAD'),
    /** The provider's id for the payment; the same reference is recorded once. */
    reference: z.string().trim().min(1).max(200),
    /** Credits bought with it (one decimal, like every credit amount in the API); optional. */
    credits: creditAmountSchema.min(0).max(100_000).optional(),
  })
  .refine((p) => Boolean(p.userId || p.email), { message: 'userId or email is required', path: ['email'] });
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const paymentRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  reference: z.string(),
  commission: z.object({ affiliateUserId: z.string(), amountCents: z.number().int() }).nullable(),
  createdAt: z.string(),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;

export const adminAffiliateSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  code: z.string(),
  referredCount: z.number().int(),
  earningsCents: z.number().int(),
  joinedAt: z.string(),
});
export const adminAffiliateListSchema = z.object({ affiliates: z.array(adminAffiliateSchema) });

export const adminCommissionSchema = z.object({
  id: z.string(),
  affiliateUserId: z.string(),
  affiliateEmail: z.string(),
  referredUserId: z.string(),
  referredEmail: z.string(),
  paymentId: z.string(),
  paymentCents: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  createdAt: z.string(),
});
export const adminCommissionListSchema = z.object({ commissions: z.array(adminCommissionSchema) });
export type AdminAffiliateList = z.infer<typeof adminAffiliateListSchema>;
export type AdminCommissionList = z.infer<typeof adminCommissionListSchema>;
