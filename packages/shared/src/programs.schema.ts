import { z } from 'zod';
import { deadlineRuleSchema } from './deadline.ts';
import { eligibilityRulesSchema } from './eligibility.ts';
import {
  FUNDING_PERIODS,
  JURISDICTIONS,
  PROGRAM_PAGE_SIZE_MAX,
  PROGRAM_QUERY_MAX,
  PROGRAM_TYPES,
} from './programs.constants.ts';

// The lists and limits live in a module without zod, so a page that only shows them does not load
// the schemas (ADR 190); they stay importable from here.
export { FUNDING_PERIODS, JURISDICTIONS, PROGRAM_PAGE_SIZE_MAX, PROGRAM_QUERY_MAX, PROGRAM_TYPES };

const values = <T extends readonly { value: string }[]>(list: T) =>
  list.map((item) => item.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

export const programTypeSchema = z.enum(values(PROGRAM_TYPES), { error: 'Unknown program type' });
export type ProgramType = z.infer<typeof programTypeSchema>;
export const jurisdictionSchema = z.enum(values(JURISDICTIONS), { error: 'Unknown jurisdiction' });
export type Jurisdiction = z.infer<typeof jurisdictionSchema>;

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
    /** These programs only, by id, comma-separated (a user's submissions name them; retired ones too). */
    ids: z
      .string()
      .regex(/^[a-z0-9-]+(,[a-z0-9-]+){0,99}$/, 'Give up to 100 program ids, comma-separated')
      .optional(),
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

/** The funder's application template (issue 14 §1), from program-sections.json and program-criteria.json. */
export const applicationTemplateSchema = z.object({
  /** The formatting rule a page limit assumes. */
  formatting: z.string().nullable(),
  sections: z.array(
    z.object({
      header: z.string(),
      limit: z
        .object({
          max: z.number(),
          unit: z.enum(['pages', 'words', 'characters']),
          kind: z.enum(['maximum', 'recommended']),
          note: z.string().optional(),
        })
        .nullable(),
      guidance: z.string(),
    }),
  ),
  criteria: z.array(
    z.object({
      name: z.string(),
      weight: z.number().nullable(),
      /** What reviewers look for under the criterion. */
      elements: z.array(z.object({ label: z.string(), expects: z.string() })),
    }),
  ),
  /** The funder's scale where it is not 0–10 higher-is-better (NIH: 1–9, lower is better). */
  scale: z
    .object({ min: z.number(), max: z.number(), lowerIsBetter: z.boolean(), note: z.string() })
    .nullable(),
  sources: z.array(z.string()),
});
export type ApplicationTemplate = z.infer<typeof applicationTemplateSchema>;

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
  /**
   * The languages a draft can be written in for this program: the funder's accepted languages
   * (program-languages.json; issue 31 §2, ADR 1140). The generation form offers French only here.
   */
  draftLanguages: z.array(z.enum(['en', 'fr'])).optional(),
  fundingMin: z.number().nullable(),
  fundingMax: z.number().nullable(),
  fundingPeriod: z.string().nullable(),
  /** Shown instead of a date for rolling programs. */
  deadlinePattern: z.string().nullable(),
  /** The step the deadline is for ("Notification of intent", "Full application"), from the program's rule. */
  deadlineLabel: z.string().nullable(),
  /** The deadline is projected from the funder's rule; the funder has not published it yet. */
  deadlineExpected: z.boolean(),
  /** How the intake reads when there is no date (continuous, rolling, next round not announced, paused…; issue 25 §3). */
  intake: z.string().nullable(),
  /** The kind of the funder's intake (deadline rule), so a round not announced is never badged "Open". */
  intakeKind: z
    .enum(['recurring', 'fixed', 'continuous', 'rolling', 'periodic', 'invitation', 'paused', 'archived'])
    .nullable()
    .optional(),
  closed: z.boolean(),
  eligibility: z.string().nullable(),
  url: z.string().nullable(),
  sources: z.array(z.string()),
  /** When the record was last checked against the funder's pages ('YYYY-MM-DD'). */
  lastVerified: z.string().nullable(),
  status: z.string().nullable(),
  source: z.enum(['seed', 'grants.gov']),
  /** With ?include=details. */
  requiredSections: z.array(programSectionSchema).optional(),
  criteria: z.array(programCriterionSchema).optional(),
  description: z.string().nullable().optional(),
  nextDeadlines: z.array(z.string()).optional(),
  projectedDeadlines: z.array(z.string()).optional(),
  upcomingDeadlines: z
    .array(z.object({ date: z.string(), label: z.string(), expected: z.boolean() }))
    .optional(),
  deadlineRule: deadlineRuleSchema.nullable().optional(),
  eligibilityRules: eligibilityRulesSchema.nullable().optional(),
  /** Null for a program without a published template on file. */
  applicationTemplate: applicationTemplateSchema.nullable().optional(),
});
export type GrantProgram = z.infer<typeof grantProgramSchema>;
export const grantProgramListSchema = z.array(grantProgramSchema);

const money = (n: number, currency: string) =>
  `${currency === 'USD' ? 'US$' : currency === 'CAD' ? 'C$' : `${currency} `}${n.toLocaleString('en-US')}`;

const PERIOD_TEXT: Record<string, string> = Object.fromEntries(
  FUNDING_PERIODS.map((period) => [period.value, ` ${period.label}`]),
);

/** The spec's fundingRange text from the catalogue's figures, e.g. 'C$20,000 – C$1,000,000 per year'. */
export function formatFundingRange(
  min: number | null,
  max: number | null,
  currency: string,
  period?: string | null,
): string {
  const suffix = (period && PERIOD_TEXT[period]) ?? '';
  if (min === 0 && max === 0) return 'Non-monetary (services or equity)';
  if (min != null && max != null && min > 0) {
    return min === max
      ? `${money(max, currency)}${suffix}`
      : `${money(min, currency)} – ${money(max, currency)}${suffix}`;
  }
  if (max != null && max > 0) return `Up to ${money(max, currency)}${suffix}`;
  if (min != null && min > 0) return `From ${money(min, currency)}${suffix}`;
  return 'Varies';
}
