import { z } from 'zod';
import { INVALID_EMAIL_MESSAGE } from './constants.ts';

/** Spec §3: the values a grant-analysis lead may take, with the labels the form shows. */
export const LEAD_ROLES = [
  { value: 'principal-investigator', label: 'Principal Investigator' },
  { value: 'postdoc', label: 'Postdoctoral Researcher' },
  { value: 'graduate-student', label: 'Graduate Student' },
  { value: 'research-scientist', label: 'Research Scientist' },
  { value: 'faculty', label: 'Faculty Member' },
  { value: 'research-administrator', label: 'Research Administrator' },
  { value: 'other', label: 'Other' },
] as const;

export const GRANT_SIZES = [
  { value: 'under-50k', label: 'Under $50K' },
  { value: '50k-250k', label: '$50K - $250K' },
  { value: '250k-1m', label: '$250K - $1M' },
  { value: '1m-5m', label: '$1M - $5M' },
  { value: 'over-5m', label: 'Over $5M' },
] as const;

/** Spec §3: the voice-assistant early-access lead's interest types. */
export const INTEREST_TYPES = [
  { value: 'early_access', label: 'Early Access for Use' },
  { value: 'affiliate_marketing', label: 'Affiliate Marketing' },
  { value: 'distributor', label: 'Distributor' },
  { value: 'media', label: 'Media' },
  { value: 'investor', label: 'Investor' },
] as const;

export const LEAD_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'analysis_sent', label: 'Analysis sent' },
] as const;

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

export const leadRoleSchema = z.enum(values(LEAD_ROLES), { error: 'Please select your role' });
export const grantSizeSchema = z.enum(values(GRANT_SIZES), { error: 'Please select a grant size' });
export const interestTypeSchema = z.enum(values(INTEREST_TYPES), {
  error: 'Please select an interest',
});
export const leadStatusSchema = z.enum(values(LEAD_STATUSES));
export type LeadStatus = z.infer<typeof leadStatusSchema>;

/** The name of the hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = 'website';
const honeypot = z.string().max(500).optional();

const email = z.string().trim().min(1, 'Email is required').max(254).email(INVALID_EMAIL_MESSAGE);
// Each message written out whole: the web finds its French by the English (fr.messages.json).
const required = (message: string, max: number) => z.string().trim().min(1, message).max(max);

export const leadSchema = z.object({
  email,
  role: leadRoleSchema,
  organization: required('Organization is required', 200),
  grantSize: grantSizeSchema,
  message: z.string().trim().max(5000).optional(),
  [HONEYPOT_FIELD]: honeypot,
});
export type LeadInput = z.infer<typeof leadSchema>;

export const zenoLeadSchema = z.object({
  name: required('Name is required', 200),
  email,
  phoneNumber: required('Phone number is required', 40),
  message: required('Message is required', 5000),
  interestType: interestTypeSchema,
  [HONEYPOT_FIELD]: honeypot,
});
export type ZenoLeadInput = z.infer<typeof zenoLeadSchema>;

export const leadResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type LeadResponse = z.infer<typeof leadResponseSchema>;

export const updateLeadStatusSchema = z.object({ status: leadStatusSchema });
export type UpdateLeadStatusInput = z.infer<typeof updateLeadStatusSchema>;

export const leadIdParamsSchema = z.object({ id: z.string().uuid() });

export const adminLeadSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.string(),
  organization: z.string(),
  grantSize: z.string(),
  message: z.string().nullable(),
  status: leadStatusSchema,
  createdAt: z.string(),
});
export type AdminLead = z.infer<typeof adminLeadSchema>;

export const adminZenoLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  message: z.string(),
  interestType: z.string(),
  createdAt: z.string(),
});
export type AdminZenoLead = z.infer<typeof adminZenoLeadSchema>;

export const adminLeadListSchema = z.object({ leads: z.array(adminLeadSchema) });
export const adminZenoLeadListSchema = z.object({ submissions: z.array(adminZenoLeadSchema) });

/** What the public site needs from the server's configuration (GET /api/public-config). */
export const publicConfigSchema = z.object({
  promoVideoUrl: z.string().nullable(),
  demoBookingUrl: z.string().nullable(),
  privacyEmail: z.string(),
  contactEmail: z.string(),
  siteUrl: z.string(),
  /** An AI model writes and scores (AI_PROVIDER other than offline): the site's capability claims follow it. */
  aiModel: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

/** The label of an enumerated value, or the value itself when unknown. */
export function labelOf(list: readonly { value: string; label: string }[], value: string): string {
  return list.find((item) => item.value === value)?.label ?? value;
}
