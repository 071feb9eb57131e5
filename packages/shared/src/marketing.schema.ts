import { z } from 'zod';
import { MARKETING_SERVICES, marketingServiceLabel, type MarketingService } from './marketing.constants.ts';

// The services and their labels live in a module without zod (the dashboard's admin panel shows
// them, ADR 190); they stay importable from here.
export { MARKETING_SERVICES, marketingServiceLabel, type MarketingService };

const serviceValues = MARKETING_SERVICES.map((s) => s.value) as unknown as [
  MarketingService,
  ...MarketingService[],
];
export const marketingServiceSchema = z.enum(serviceValues);

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
