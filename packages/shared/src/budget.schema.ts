import { z } from 'zod';
import { costCategorySchema, programCostRulesSchema } from './cost-rules.schema.ts';
import { plainText } from './plain-text.ts';

/**
 * An application's budget (issue 26 §1, ADR 0281): costs by category and year, the partners'
 * cash and in-kind by year, in the program's currency, in whole currency units. The request is
 * not typed: it is computed from these lines by the funder's cost rules (budget-checks.ts), except
 * where those rules are unconfirmed (`statedRequest`, ADR 0740).
 */

export const BUDGET_MAX_YEARS = 7;
export const BUDGET_MAX_LINES = 80;
export const BUDGET_MAX_PARTNERS = 20;
/** One line's amount in one year: whole currency units, below a billion. */
export const BUDGET_MAX_AMOUNT = 999_999_999;

/**
 * The categories a cost line may have: every cost category but partner money, which is entered per
 * partner, not as a line. Derived, so a category added to the cost rules is a line category too.
 */
export const budgetLineCategorySchema = costCategorySchema.exclude(['partner_cash', 'partner_in_kind']);
export const BUDGET_LINE_CATEGORIES = budgetLineCategorySchema.options;
export type BudgetLineCategory = z.infer<typeof budgetLineCategorySchema>;

export const BUDGET_CATEGORY_LABELS: Record<BudgetLineCategory, string> = {
  personnel: 'Personnel (students, postdocs, staff)',
  applicant_salary: "Applicant's own salary",
  equipment: 'Equipment',
  materials: 'Materials and supplies',
  travel: 'Travel',
  dissemination: 'Dissemination and open access',
  knowledge_mobilisation: 'Knowledge mobilisation',
  subcontracts: 'Subcontracts, consultants, services',
  participant_support: 'Participant support (stipends, travel, fees of participants or trainees)',
  indirect: 'Indirect costs (overhead)',
};

/**
 * Currencies an amount may be entered in (ADR 0940): the programs' own (CAD, USD) and those the
 * engine reads in applicants' texts (lexicon.json). Absent on a line or partner: the program's.
 */
export const BUDGET_CURRENCIES = ['CAD', 'USD', 'EUR', 'GBP', 'CHF', 'AUD'] as const;
export const budgetCurrencySchema = z.enum(BUDGET_CURRENCIES);
export type BudgetCurrency = z.infer<typeof budgetCurrencySchema>;
export const BUDGET_MAX_RATE = 1000;

/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
export function isRealDay(d: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(d)) return false;
  const t = Date.parse(`${d}T00:00:00Z`);
  return !Number.isNaN(t) && new Date(t).toISOString().startsWith(d);
}

const isoDay = z.string().refine(isRealDay, 'Enter a real date as YYYY-MM-DD');

/**
 * The applicant's rate from one currency to the program's, with where it comes from and its date
 * (ADR 0940): Grantleaf holds no rate of its own, so nothing is converted without one.
 */
export const exchangeRateSchema = z.object({
  currency: budgetCurrencySchema,
  /** One unit of `currency` in the program's currency: 1 USD = 1.365 CAD is 1.365. */
  rate: z
    .number({ error: 'Enter the rate as a number, e.g. 1.365' })
    .positive('A rate is more than 0')
    .max(BUDGET_MAX_RATE, 'That rate is too large')
    .refine((r) => Math.abs(r * 1e6 - Math.round(r * 1e6)) < 1e-6, 'At most six decimals'),
  /** Where the rate comes from ("Bank of Canada daily rate", "our research office's rate"). */
  source: plainText().trim().min(3, 'Say where the rate comes from').max(200),
  /** The day the rate is for. */
  date: isoDay,
});
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;

const amountSchema = z
  .number({ error: 'Enter an amount in whole units, e.g. 25000' })
  .int('Enter whole units, without cents')
  .min(0, 'An amount cannot be negative')
  .max(BUDGET_MAX_AMOUNT, 'That amount is too large');
const idSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'an id of letters, digits, - or _');

export const budgetLineSchema = z.object({
  id: idSchema,
  category: budgetLineCategorySchema,
  /** What the line pays for, as the applicant names it ("PhD student stipend"). */
  label: plainText().trim().min(1, 'Name the line').max(200),
  /** One amount per budget year. */
  amounts: z.array(amountSchema).min(1).max(BUDGET_MAX_YEARS),
  /** The applicant's justification of the line; the budget justification quotes it. */
  note: plainText().max(2000).default(''),
  /** Set when the amounts are in another currency than the program's (ADR 0940). */
  currency: budgetCurrencySchema.optional(),
});
export type BudgetLine = z.infer<typeof budgetLineSchema>;

export const budgetPartnerSchema = z.object({
  id: idSchema,
  name: plainText().trim().min(1, 'Name the partner').max(200),
  /** Employees counted globally, as funders count partner size; null when not known yet. */
  employees: z.number().int().min(0).max(10_000_000).nullable(),
  cash: z.array(amountSchema).min(1).max(BUDGET_MAX_YEARS),
  inKind: z.array(amountSchema).min(1).max(BUDGET_MAX_YEARS),
  /** Set when the cash and in-kind are in another currency than the program's (ADR 0940). */
  currency: budgetCurrencySchema.optional(),
});
export type BudgetPartner = z.infer<typeof budgetPartnerSchema>;

export const budgetSchema = z
  .object({
    years: z.number().int().min(1).max(BUDGET_MAX_YEARS),
    lines: z.array(budgetLineSchema).max(BUDGET_MAX_LINES),
    partners: z.array(budgetPartnerSchema).max(BUDGET_MAX_PARTNERS),
    /** General notes for the justification (assumptions, rates the institution applies). */
    notes: plainText().max(5000).default(''),
    /**
     * The amount the applicant requests, used only where the program's way of computing the request
     * is not confirmed on the funder's page (NRC IRAP's shares, ADR 0740): there the applicant's
     * figure, agreed with the funder, is the request, never an unconfirmed share.
     */
    statedRequest: amountSchema.optional(),
    /** The applicant's rates for the currencies lines or partners are entered in (ADR 0940). */
    exchangeRates: z.array(exchangeRateSchema).max(BUDGET_CURRENCIES.length).optional(),
  })
  .superRefine((b, ctx) => {
    const rated = new Set<string>();
    (b.exchangeRates ?? []).forEach((r, i) => {
      if (rated.has(r.currency))
        ctx.addIssue({
          code: 'custom',
          path: ['exchangeRates', i, 'currency'],
          message: `${r.currency} has two rates: keep one`,
        });
      rated.add(r.currency);
    });
    const ids = new Set<string>();
    b.lines.forEach((l, i) => {
      if (l.amounts.length !== b.years)
        ctx.addIssue({
          code: 'custom',
          path: ['lines', i, 'amounts'],
          message: `one amount per year (${b.years})`,
        });
      if (ids.has(l.id)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'id'], message: 'duplicate id' });
      ids.add(l.id);
    });
    b.partners.forEach((p, i) => {
      for (const key of ['cash', 'inKind'] as const)
        if (p[key].length !== b.years)
          ctx.addIssue({
            code: 'custom',
            path: ['partners', i, key],
            message: `one amount per year (${b.years})`,
          });
      if (ids.has(p.id))
        ctx.addIssue({ code: 'custom', path: ['partners', i, 'id'], message: 'duplicate id' });
      ids.add(p.id);
    });
  });
export type Budget = z.infer<typeof budgetSchema>;

export const EMPTY_BUDGET: Budget = { years: 1, lines: [], partners: [], notes: '' };

/** PUT /api/applications/:id/budget: the whole budget and the revision it was edited from. */
export const saveBudgetSchema = z.object({
  budget: budgetSchema,
  /** 0 when no budget was saved yet; a stale revision is refused (409) so no edit is lost. */
  baseRevision: z.number().int().min(0),
});
export type SaveBudget = z.infer<typeof saveBudgetSchema>;

const ruleRefSchema = z.object({
  kind: z.string(),
  says: z.string(),
  source: z.string(),
  read: z.string(),
  verified: z.boolean(),
  note: z.string().nullable(),
});
export type BudgetRuleRef = z.infer<typeof ruleRefSchema>;

export const budgetFindingSchema = z.object({
  /** unmet: breaks a verified rule; check: an unverified or conditional rule; met; info: arithmetic. */
  status: z.enum(['unmet', 'check', 'met', 'info']),
  message: z.string(),
  /** The line or partner the finding concerns, when one does. */
  lineId: z.string().nullable(),
  year: z.number().int().nullable(),
  rule: ruleRefSchema.nullable(),
});
export type BudgetFinding = z.infer<typeof budgetFindingSchema>;

/** A line or partner entered in another currency, and what it counts for in the program's (ADR 0940). */
export const budgetConversionSchema = z.object({
  /** The line's or partner's id. */
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  /** The applicant's rate, its source and date; null when none is entered (nothing is counted). */
  rate: z.number().nullable(),
  source: z.string().nullable(),
  date: z.string().nullable(),
  /** The amounts as entered, over all years (cash and in-kind together for a partner). */
  original: z.number(),
  /** The same in the program's currency; null without a rate. */
  converted: z.number().nullable(),
});
export type BudgetConversion = z.infer<typeof budgetConversionSchema>;

export const budgetSummarySchema = z.object({
  currency: z.enum(['CAD', 'USD']),
  /** Per year and in total: direct costs, indirect costs, partner cash and in-kind, the request. */
  direct: z.array(z.number()),
  indirect: z.array(z.number()),
  partnerCash: z.array(z.number()),
  partnerInKind: z.array(z.number()),
  requested: z.array(z.number()),
  totals: z.object({
    direct: z.number(),
    indirect: z.number(),
    partnerCash: z.number(),
    partnerInKind: z.number(),
    requested: z.number(),
    /** Everything the project costs: direct and indirect (partner in-kind not included). */
    projectCost: z.number(),
  }),
  /** How the request was computed, in a sentence. */
  basis: z.string(),
  findings: z.array(budgetFindingSchema),
  /** Amounts entered in another currency and how each was converted; stored summaries may lack it. */
  conversions: z.array(budgetConversionSchema).default([]),
});
export type BudgetSummary = z.infer<typeof budgetSummarySchema>;

/**
 * Where a prefilled value came from (issue 26 §1, ADR 0830): a field of the form the draft was
 * written from, or a section of the application, with the applicant's own words.
 */
export const prefillSourceSchema = z.object({
  origin: z.enum(['form', 'section']),
  /** The form field's id (totalBudget, industryPartner, projectTimeline…) or the section's header. */
  field: z.string(),
  /** The sentence that states it, as the applicant wrote it (cut at 240 characters). */
  quote: z.string(),
});
export type PrefillSource = z.infer<typeof prefillSourceSchema>;

const prefillAmountSchema = z.object({
  value: z.number(),
  /** Stated per year ("$50,000 per year"): every year gets it; otherwise the whole project's. */
  perYear: z.boolean(),
  /** The currency the material names ("USD 50,000"); null for a bare "$" (the program's). */
  currency: z.string().nullable().optional(),
  source: prefillSourceSchema,
});
export type PrefillAmount = z.infer<typeof prefillAmountSchema>;

/** What the builder could not fill from the applicant's material, and so asks for. */
export const PREFILL_MISSING = [
  'costLines',
  'years',
  'partnerMoney',
  'partnerName',
  'partnerSize',
  'partnerByYear',
  'requested',
  /** A partner's money is stated in another currency than the program's: its rate is asked for. */
  'exchangeRate',
] as const;

export const budgetPrefillSchema = z.object({
  years: z.number().int().min(1).max(BUDGET_MAX_YEARS),
  /** The stated duration the years come from; null when none was read (one year, and asked for). */
  yearsSource: prefillSourceSchema.nullable(),
  /** Partners named in the material with the cash and in-kind stated for each; never a line of cost. */
  partners: z.array(
    z.object({
      id: idSchema,
      /** Empty when amounts were stated for a partner the material does not name. */
      name: z.string(),
      nameSource: prefillSourceSchema.nullable(),
      cash: z.array(z.number()),
      inKind: z.array(z.number()),
      /** The currency the partner's money is stated in when not the program's (ADR 0940). */
      currency: budgetCurrencySchema.nullable().optional(),
      amounts: z.array(prefillAmountSchema.extend({ kind: z.enum(['cash', 'inKind']) })),
    }),
  ),
  /** Hints shown beside the table, never entered as lines: the stated total and request. */
  totalCost: prefillAmountSchema.nullable(),
  requested: prefillAmountSchema.nullable(),
  /** Entered as the amount requested only where the program asks the applicant for it (ADR 0740). */
  statedRequest: z.number().int().nullable(),
  milestones: z.array(z.object({ title: z.string(), value: z.number(), source: prefillSourceSchema })),
  missing: z.array(z.enum(PREFILL_MISSING)),
});
export type BudgetPrefill = z.infer<typeof budgetPrefillSchema>;

/** GET/PUT answer: the stored budget, its revision, the program's rules and the computed summary. */
export const budgetViewSchema = z.object({
  budget: budgetSchema,
  revision: z.number().int(),
  updatedAt: z.string().nullable(),
  programId: z.string().nullable(),
  programName: z.string().nullable(),
  /** The program's cost rules (cost-rules.json) so the editor recomputes live with the same helpers. */
  rules: programCostRulesSchema.nullable(),
  summary: budgetSummarySchema,
  /**
   * Before any budget is saved, for those who may save one: what the application's material
   * already states (ADR 0830); null once a budget is saved, for readers, and when nothing is stated.
   */
  prefill: budgetPrefillSchema.nullable(),
});
export type BudgetView = z.infer<typeof budgetViewSchema>;
