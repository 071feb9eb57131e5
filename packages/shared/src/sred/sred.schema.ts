import { z } from 'zod';
import { JURISDICTIONS } from './calculator.ts';

/** Issue 30: SR&ED claims (a claim per tax year, its projects, expense lines and time). */

export const EXPENSE_CATEGORIES = [
  'salary',
  'specified_salary',
  'materials',
  'contract_arms_length',
  'contract_non_arms_length',
  'third_party',
  'capital',
  'overhead',
  'government_assistance',
  'non_government_assistance',
  'contract_payment',
  'not_eligible',
] as const;
export const expenseCategorySchema = z.enum(EXPENSE_CATEGORIES);
export type ExpenseCategory = z.infer<typeof expenseCategorySchema>;

export const EXPENSE_CATEGORY_LABELS: Record<ExpenseCategory, string> = {
  salary: 'Salary (employee directly engaged)',
  specified_salary: 'Salary (specified employee)',
  materials: 'Materials consumed or transformed',
  contract_arms_length: 'Contract (arm’s length)',
  contract_non_arms_length: 'Contract (non-arm’s length)',
  third_party: 'Third-party payment',
  capital: 'Capital property',
  overhead: 'Overhead (traditional method)',
  government_assistance: 'Government assistance received',
  non_government_assistance: 'Non-government assistance received',
  contract_payment: 'Contract payment received',
  not_eligible: 'Not eligible',
};

export const jurisdictionSchema = z.enum(JURISDICTIONS as unknown as ['ON', 'QC', 'BC', 'AB', 'OTHER']);
export const JURISDICTION_LABELS: Record<z.infer<typeof jurisdictionSchema>, string> = {
  ON: 'Ontario',
  QC: 'Québec',
  BC: 'British Columbia',
  AB: 'Alberta',
  OTHER: 'Other province or territory',
};

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD');
/** Whole cents, at most a billion dollars. */
const cents = z.number().int().min(0).max(100_000_000_000);

export const SRED_LIMITS = {
  claims: 20,
  projects: 50,
  lines: 5_000,
  timeEntries: 2_000,
  csvBytes: 2 * 1024 * 1024,
  csvRows: 5_000,
  nameMax: 200,
  grants: 50,
} as const;

/** Evidence files one project may attach (the package carries each). */
export const SRED_EVIDENCE_FILES = 20;

export const claimSettingsSchema = z
  .object({
    name: z.string().trim().min(1).max(SRED_LIMITS.nameMax),
    taxYearStart: isoDate,
    taxYearEnd: isoDate,
    corporationType: z.enum(['ccpc', 'ecpc', 'other']),
    method: z.enum(['proxy', 'traditional']),
    priorYearTaxableCapital: cents,
    priorYearTaxableIncome: cents.nullable(),
    expenditureLimitShare: z.number().min(0).max(1),
    qualifyingCorporation: z.boolean(),
    /** Province where the work was done when a line names none. */
    defaultJurisdiction: jurisdictionSchema,
    albertaPriorTwoYearsAverage: cents.nullable(),
    quebecPriorYearAssets: cents.nullable(),
    quebecForeignControlled: z.boolean(),
  })
  .refine((v) => v.taxYearEnd >= v.taxYearStart, {
    message: 'The tax year ends before it starts',
    path: ['taxYearEnd'],
  });
export type ClaimSettings = z.infer<typeof claimSettingsSchema>;

export const projectInputSchema = z.object({
  title: z.string().trim().min(1).max(SRED_LIMITS.nameMax),
  fieldCode: z.string().trim().max(20).default(''),
  startDate: isoDate.nullable().default(null),
  endDate: isoDate.nullable().default(null),
  keyPersonnel: z.string().trim().max(2_000).default(''),
  uncertainty: z.string().max(20_000).default(''),
  work: z.string().max(20_000).default(''),
  advancements: z.string().max(20_000).default(''),
  /** One dated item per line: "YYYY-MM-DD description". */
  evidence: z.string().max(20_000).default(''),
  /**
   * Files uploaded as evidence (the user's own uploads, checked on save); the audit-defence
   * package carries them. The name is the upload's, set by the server.
   */
  evidenceFiles: z
    .array(
      z.object({
        fileUrl: z.string().regex(/^\/api\/files\/[0-9a-f-]{36}$/, 'Not a Grantleaf file'),
        name: z.string().max(255).default(''),
      }),
    )
    .max(SRED_EVIDENCE_FILES)
    .default([]),
});
export type ProjectInput = z.infer<typeof projectInputSchema>;

export const IMPORT_FIELDS = [
  'date',
  'description',
  'account',
  'amount',
  'person',
  'jurisdiction',
  'vendor',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  date: 'Date',
  description: 'Description',
  account: 'Account',
  amount: 'Amount',
  person: 'Employee',
  jurisdiction: 'Province',
  vendor: 'Vendor',
};

export const importSourceSchema = z.enum(['ledger', 'payroll']);
/**
 * The file travels in JSON: a CSV as its text, an Excel workbook (.xlsx, ADR 0661) as base64. Each
 * is at most SRED_LIMITS.csvBytes; exactly one of the two is sent.
 */
const importFile = z.object({
  source: importSourceSchema,
  csv: z.string().min(1).max(SRED_LIMITS.csvBytes).optional(),
  xlsx: z
    .base64()
    .min(1)
    .max(Math.ceil(SRED_LIMITS.csvBytes / 3) * 4, 'An Excel file can be at most 2 MB')
    .optional(),
});
const oneFile = (v: { csv?: string; xlsx?: string }) => (v.csv === undefined) !== (v.xlsx === undefined);
const ONE_FILE = { message: 'Send one file: a CSV or an Excel workbook (.xlsx)' };
export const importPreviewSchema = importFile.refine(oneFile, ONE_FILE);
/** Which CSV column (by header) fills each field; amount and date are required. */
export const importMappingSchema = z.object({
  date: z.string().min(1),
  amount: z.string().min(1),
  description: z.string().nullable().default(null),
  account: z.string().nullable().default(null),
  person: z.string().nullable().default(null),
  jurisdiction: z.string().nullable().default(null),
  vendor: z.string().nullable().default(null),
});
export type ImportMapping = z.infer<typeof importMappingSchema>;
export const importRequestSchema = importFile
  .extend({ mapping: importMappingSchema })
  .refine(oneFile, ONE_FILE);
export type ImportFile = { csv: string } | { xlsx: string };

export const importPreviewResultSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  rowCount: z.number(),
  suggested: importMappingSchema.partial(),
});
export const importResultSchema = z.object({
  imported: z.number(),
  errors: z.array(z.object({ row: z.number(), message: z.string() })),
});

export const overrideSchema = z.object({
  category: expenseCategorySchema,
  reason: z.string().trim().min(1, 'Say why').max(500),
});

export const timeEntrySchema = z.object({
  person: z.string().trim().min(1).max(200),
  /** Null: the person's hours on other (non-SR&ED) work in the tax year. */
  projectId: z.uuid().nullable(),
  hours: z.number().min(0).max(10_000),
});
export const timeEntriesSchema = z.object({ entries: z.array(timeEntrySchema).max(SRED_LIMITS.timeEntries) });

const overrideEntry = z.object({
  at: z.string(),
  from: expenseCategorySchema,
  to: expenseCategorySchema,
  reason: z.string(),
});

export const expenseLineSchema = z.object({
  id: z.string(),
  source: importSourceSchema,
  row: z.number(),
  date: z.string().nullable(),
  description: z.string(),
  account: z.string(),
  vendor: z.string(),
  person: z.string(),
  jurisdiction: jurisdictionSchema,
  amount: z.number(),
  error: z.string().nullable(),
  ruleCategory: expenseCategorySchema,
  ruleReason: z.string(),
  category: expenseCategorySchema,
  overrides: z.array(overrideEntry),
  /** For salaries: the SR&ED share of the person's time (null when no time records). */
  sredShare: z.number().nullable(),
  counted: z.number(),
});
export type ExpenseLine = z.infer<typeof expenseLineSchema>;

/**
 * CRA's word limits for T661 Part 2. Line 242's 350 words was read on canada.ca ("How to write
 * your project description for Form T661", read 2026-11-27); the stored copy was cut before
 * lines 244 and 246, so their limits (700 and 350, as commonly stated) are marked unverified.
 */
export const T661_WORD_LIMITS = {
  uncertainty: { line: 242, words: 350, verified: true },
  work: { line: 244, words: 700, verified: false },
  advancements: { line: 246, words: 350, verified: false },
} as const;
export const T661_SOURCE =
  'https://www.canada.ca/en/revenue-agency/services/scientific-research-experimental-development-tax-incentive-program/sred-claim/group-projects/project-description-t661.html';

export const narrativeFindingSchema = z.object({
  field: z.enum(['uncertainty', 'work', 'advancements', 'evidence']),
  kind: z.enum(['missing', 'word_limit', 'uncertainty', 'systematic', 'excluded', 'evidence']),
  message: z.string(),
});
export type NarrativeFinding = z.infer<typeof narrativeFindingSchema>;

export const projectSchema = projectInputSchema.extend({
  id: z.string(),
  checks: z.array(narrativeFindingSchema),
});
export type Project = z.infer<typeof projectSchema>;

export const claimSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  taxYearStart: z.string(),
  taxYearEnd: z.string(),
  filingDeadline: z.string(),
  totalCredit: z.number(),
  verified: z.boolean(),
});
export type ClaimSummary = z.infer<typeof claimSummarySchema>;

/**
 * Issue 30 §3: a grant the company's tracker records as approved, counted as government
 * assistance on this claim. The amount is the part of the award that the user says concerns this
 * claim's SR&ED work (whole cents); Grantleaf never assumes the whole award does.
 */
export const claimGrantInputSchema = z.object({
  applicationId: z.uuid(),
  amount: cents.min(1, 'Enter the part of the grant that paid for SR&ED work in this tax year'),
  jurisdiction: jurisdictionSchema,
  /** The project it funded, for the audit package (the credit is computed per jurisdiction). */
  projectId: z.uuid().nullable(),
});
export type ClaimGrantInput = z.infer<typeof claimGrantInputSchema>;
export const claimGrantsSchema = z.object({
  grants: z
    .array(claimGrantInputSchema)
    .max(SRED_LIMITS.grants)
    .refine(
      (grants) => new Set(grants.map((g) => g.applicationId)).size === grants.length,
      'Each grant can be counted once on a claim',
    ),
});

export const claimGrantSchema = claimGrantInputSchema.extend({
  title: z.string(),
  program: z.string(),
  approvedAt: z.string(),
  /** False when the tracker no longer marks the application approved (or it was deleted). */
  stillApproved: z.boolean(),
  /** How much this grant lowers the claim's total credit (cents), or null when the claim cannot be computed. */
  effect: z.number().nullable(),
});
export type ClaimGrant = z.infer<typeof claimGrantSchema>;

/** An approved application in the tracker that the claim does not count yet. */
export const grantOfferSchema = z.object({
  applicationId: z.string(),
  title: z.string(),
  program: z.string(),
  /** The award as the tracker records it (free text) and, when it reads as money, in cents. */
  awardText: z.string(),
  award: z.number().nullable(),
  approvedAt: z.string(),
});
export type GrantOffer = z.infer<typeof grantOfferSchema>;

export const claimViewSchema = z.object({
  id: z.string(),
  settings: z.any(),
  projects: z.array(projectSchema),
  lines: z.array(expenseLineSchema),
  time: z.array(timeEntrySchema),
  grants: z.array(claimGrantSchema),
  grantOffers: z.array(grantOfferSchema),
  /** The calculator's input as the server aggregated it (the web's preview starts from it). */
  calculatorInput: z.any(),
  /** The server's record of the calculation (computeSredCredits), or its refusal. */
  result: z.any(),
  resultError: z.string().nullable(),
});
export type ClaimView = Omit<z.infer<typeof claimViewSchema>, 'settings'> & { settings: ClaimSettings };
