import { z } from 'zod';

/** Spec §3: the seven marketing services, with the labels the dialog shows. */
export const MARKETING_SERVICES = [
  { value: 'outreach', label: 'Outreach (up to 125,000 emails/month)' },
  { value: 'cold-calls', label: 'Cold calls' },
  { value: 'social-media-post-share', label: 'Social media post share' },
  { value: 'linkedin-post-share', label: 'LinkedIn post share' },
  { value: 'find-team-members', label: 'Find research team members from your university' },
  { value: 'find-study-participants', label: 'Find research study participants' },
  { value: 'find-trial-partners', label: 'Find research trials partners' },
] as const;

export type MarketingService = (typeof MARKETING_SERVICES)[number]['value'];
const serviceValues = MARKETING_SERVICES.map((s) => s.value) as unknown as [
  MarketingService,
  ...MarketingService[],
];
export const marketingServiceSchema = z.enum(serviceValues);

export const marketingServiceLabel = (value: string) =>
  MARKETING_SERVICES.find((s) => s.value === value)?.label ?? value;

/** Spec §5: phone required, at least one service, description optional. */
export const marketingRequestSchema = z.object({
  phone: z.string().trim().min(1, 'Phone number is required').max(40, 'Phone number is too long'),
  services: z
    .array(marketingServiceSchema)
    .min(1, 'Please select at least one service')
    .max(MARKETING_SERVICES.length)
    .refine((list) => new Set(list).size === list.length, 'Each service may be chosen once'),
  description: z.string().trim().max(5000, 'Description too long').optional().default(''),
  email: z.string().trim().min(1, 'Email is required').max(254).email('Invalid email'),
});
export type MarketingRequestInput = z.input<typeof marketingRequestSchema>;

export const marketingRequestRecordSchema = z.object({
  id: z.string(),
  phone: z.string(),
  services: z.array(z.string()),
  description: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type MarketingRequestRecord = z.infer<typeof marketingRequestRecordSchema>;

export const adminMarketingRequestSchema = marketingRequestRecordSchema.extend({
  userId: z.string(),
  userName: z.string(),
  accountEmail: z.string(),
});
export const adminMarketingRequestListSchema = z.object({ requests: z.array(adminMarketingRequestSchema) });
export type AdminMarketingRequestList = z.infer<typeof adminMarketingRequestListSchema>;
