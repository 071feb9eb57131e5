import { z } from 'zod';

/** Program types of the catalogue (normalised slugs; the seed's free text maps onto them). */
export const PROGRAM_TYPES = [
  { value: 'grant', label: 'Grant' },
  { value: 'contribution', label: 'Contribution' },
  { value: 'tax-credit', label: 'Tax credit' },
  { value: 'fellowship', label: 'Fellowship' },
  { value: 'loan', label: 'Loan' },
  { value: 'contract', label: 'Contract' },
  { value: 'cooperative-agreement', label: 'Cooperative agreement' },
  { value: 'accelerator', label: 'Accelerator' },
  { value: 'equity-investment', label: 'Equity investment' },
  { value: 'other', label: 'Other' },
] as const;

/**
 * Jurisdiction filter values: a country code matches every program of that country (federal and
 * provincial); a province code matches that province's own programs.
 */
export const JURISDICTIONS = [
  { value: 'CA', label: 'Canada (all)' },
  { value: 'CA-FED', label: 'Canada (federal / national)' },
  { value: 'CA-AB', label: 'Alberta' },
  { value: 'CA-BC', label: 'British Columbia' },
  { value: 'CA-MB', label: 'Manitoba' },
  { value: 'CA-NB', label: 'New Brunswick' },
  { value: 'CA-NL', label: 'Newfoundland and Labrador' },
  { value: 'CA-NS', label: 'Nova Scotia' },
  { value: 'CA-ON', label: 'Ontario' },
  { value: 'CA-PE', label: 'Prince Edward Island' },
  { value: 'CA-QC', label: 'Quebec' },
  { value: 'CA-SK', label: 'Saskatchewan' },
  { value: 'US', label: 'United States' },
] as const;

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

export const programTypeSchema = z.enum(values(PROGRAM_TYPES), { error: 'Unknown program type' });
export type ProgramType = z.infer<typeof programTypeSchema>;
export const jurisdictionSchema = z.enum(values(JURISDICTIONS), { error: 'Unknown jurisdiction' });
export type Jurisdiction = z.infer<typeof jurisdictionSchema>;

export const PROGRAM_PAGE_SIZE_MAX = 100;
export const PROGRAM_QUERY_MAX = 200;

/**
 * GET /api/grant-programs. Without parameters: the whole catalogue. Unknown parameters and
 * unknown filter values are refused (400) rather than silently ignored.
 */
export const programQuerySchema = z
  .object({
    q: z.string().trim().max(PROGRAM_QUERY_MAX, 'Search text too long').optional(),
    jurisdiction: jurisdictionSchema.optional(),
    programType: programTypeSchema.optional(),
    deadlineWithinDays: z.coerce.number().int().min(0).max(3650).optional(),
    minAmount: z.coerce.number().int().min(0).optional(),
    page: z.coerce.number().int().min(1).optional(),
    pageSize: z.coerce.number().int().min(1).max(PROGRAM_PAGE_SIZE_MAX).optional(),
    include: z.enum(['details'], { error: 'Unknown include value' }).optional(),
  })
  .strict();
export type ProgramQuery = z.infer<typeof programQuerySchema>;

export const programSectionSchema = z.object({ name: z.string(), limit: z.string().nullable() });
export const programCriterionSchema = z.object({
  name: z.string(),
  /** A fraction of the total where the funder publishes weights; null otherwise. */
  weight: z.number().nullable(),
  description: z.string(),
});

export const grantProgramSchema = z.object({
  id: z.string(),
  name: z.string(),
  agency: z.string(),
  /** Spec §3: the next date still to come ('YYYY-MM-DD'); the last past date once closed; null for rolling intake. */
  deadline: z.string().nullable(),
  jurisdiction: z.string(),
  programType: programTypeSchema,
  fundingRange: z.string(),
  country: z.string(),
  region: z.string(),
  currency: z.string(),
  fundingMin: z.number().nullable(),
  fundingMax: z.number().nullable(),
  fundingPeriod: z.string().nullable(),
  /** Shown instead of a date for rolling programs. */
  deadlinePattern: z.string().nullable(),
  closed: z.boolean(),
  eligibility: z.string().nullable(),
  url: z.string().nullable(),
  sources: z.array(z.string()),
  confidence: z.string().nullable(),
  status: z.string().nullable(),
  source: z.enum(['seed', 'grants.gov']),
  /** With ?include=details. */
  requiredSections: z.array(programSectionSchema).optional(),
  criteria: z.array(programCriterionSchema).optional(),
  description: z.string().nullable().optional(),
  notes: z.string().nullable().optional(),
  nextDeadlines: z.array(z.string()).optional(),
  projectedDeadlines: z.array(z.string()).optional(),
});
export type GrantProgram = z.infer<typeof grantProgramSchema>;
export const grantProgramListSchema = z.array(grantProgramSchema);

const money = (n: number, currency: string) => `${currency === 'USD' ? 'US$' : currency === 'CAD' ? 'C$' : `${currency} `}${n.toLocaleString('en-US')}`;

const PERIOD_TEXT: Record<string, string> = {
  per_year: ' per year',
  total: ' total',
  per_project: ' per project',
  per_internship_unit: ' per internship unit',
  per_tax_year: ' per tax year',
  per_borrower: ' per borrower',
  per_business: ' per business',
  per_company: ' per company',
};

/** The spec's fundingRange text from the catalogue's figures, e.g. 'C$20,000 – C$1,000,000 per year'. */
export function formatFundingRange(min: number | null, max: number | null, currency: string, period?: string | null): string {
  const suffix = (period && PERIOD_TEXT[period]) ?? '';
  if (min === 0 && max === 0) return 'Non-monetary (services or equity)';
  if (min != null && max != null && min > 0) {
    return min === max ? `${money(max, currency)}${suffix}` : `${money(min, currency)} – ${money(max, currency)}${suffix}`;
  }
  if (max != null && max > 0) return `Up to ${money(max, currency)}${suffix}`;
  if (min != null && min > 0) return `From ${money(min, currency)}${suffix}`;
  return 'Varies';
}
