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
export const marketingServiceLabel = (value: string) =>
  MARKETING_SERVICES.find((s) => s.value === value)?.label ?? value;
