import { z } from 'zod';

/**
 * Each funder's cost rules as data (apps/server/data/cost-rules.json, issue 26 §2, ADR 0280): what
 * a budget may contain, how much, and how the request follows from the costs and the partners'
 * money. The budget builder and the budget checks read these records; no rule is written in code.
 *
 * Every rule carries where it was read (`source`), when (`read`), and whether the funder's own
 * page confirmed it (`verified`). An unverified rule is kept so the builder can say "check with
 * the funder", and its `note` says what to check; it is never presented as fact.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** Budget lines as the builder groups them (issue 26 §1). */
export const costCategorySchema = z.enum([
  /** Students, postdocs, technicians, research associates: salaries or stipends plus benefits. */
  'personnel',
  /** The applicant's (principal investigator's) own salary. */
  'applicant_salary',
  'equipment',
  'materials',
  'travel',
  /** Publication, open access, conference presentation. */
  'dissemination',
  'knowledge_mobilisation',
  /** Subcontracts, consultants, contractor fees, purchased services. */
  'subcontracts',
  /**
   * Stipends, travel and registration fees paid to or for participants or trainees (not employees)
   * of conferences or training projects: NSF's budget line F.
   */
  'participant_support',
  /** Indirect, overhead or facilities and administrative (F&A) costs. */
  'indirect',
  'partner_cash',
  'partner_in_kind',
]);
export type CostCategory = z.infer<typeof costCategorySchema>;

const provenance = {
  /** The rule in the funder's terms, as a check will quote it. */
  says: z.string().min(10),
  /** The funder's page or guide the rule was read on. */
  source: z.url(),
  /** The day the stored copy was read through the search tool. */
  read: isoDate,
  /** True only when the funder's own page or document states the rule. */
  verified: z.boolean(),
  /** What to check with the funder (required when unverified), or a caveat on the copy read. */
  note: z.string().min(10).optional(),
};

/** Whether a category of cost may be charged to the funder. */
const categoryRuleSchema = z.object({
  kind: z.literal('category'),
  category: costCategorySchema,
  /** 'conditional': eligible only under conditions the rule's words state. */
  eligible: z.union([z.boolean(), z.literal('conditional')]),
  ...provenance,
});

/** A floor and/or ceiling on what may be requested. */
const limitRuleSchema = z.object({
  kind: z.literal('limit'),
  /** 'one_year': the bound holds in one budget year only, named by `year` (NSERC CREATE's first year). */
  scope: z.enum(['per_year', 'per_project', 'one_year']),
  /** With scope 'one_year': which budget year, counted from 1. */
  year: z.number().int().min(1).max(7).optional(),
  /** Which costs the amount counts: direct costs only, or direct plus indirect. */
  basis: z.enum(['direct', 'total']),
  /** Set when the limit concerns one category only. */
  category: costCategorySchema.optional(),
  min: z.number().int().nonnegative().optional(),
  max: z.number().int().positive().optional(),
  ...provenance,
});

/** The funder pays a multiple of the partners' contribution (NSERC Alliance 2:1 and 1:1). */
const costShareRuleSchema = z.object({
  kind: z.literal('cost_share'),
  /** Funder dollars per recognised partner dollar (2 for 2:1, 1 for 1:1). */
  funderPerPartnerDollar: z.number().positive(),
  /** Which partner contributions count towards the ratio; in-kind often does not. */
  counts: z.array(z.enum(['partner_cash', 'partner_in_kind'])).min(1),
  /** Which partners the ratio applies to; employees counted globally as the funder counts them. */
  partners: z.discriminatedUnion('size', [
    z.object({ size: z.literal('any') }),
    z.object({ size: z.literal('small'), maxEmployees: z.number().int().positive() }),
    z.object({ size: z.literal('large'), minEmployees: z.number().int().positive() }),
  ]),
  ...provenance,
});

/** The funder pays at most a share of eligible costs (IRAP salaries, SIF projects). */
const shareOfCostsRuleSchema = z.object({
  kind: z.literal('share_of_costs'),
  /** Set when the share applies to one category only. */
  category: costCategorySchema.optional(),
  maxShare: z.number().gt(0).lte(1),
  ...provenance,
});

/** Indirect-cost treatment beyond eligibility: a fixed rate or the institution's negotiated one. */
const indirectRuleSchema = z.object({
  kind: z.literal('indirect'),
  treatment: z.enum(['not_paid', 'negotiated_rate', 'fixed_rate']),
  /** For a fixed rate, the share of `base`. */
  rate: z.number().gt(0).lt(1).optional(),
  base: z.string().min(3).optional(),
  ...provenance,
});

/** Direct costs requested in fixed modules up to a yearly ceiling (NIH modular budgets). */
const modularRuleSchema = z.object({
  kind: z.literal('modular'),
  moduleSize: z.number().int().positive(),
  /** The most direct costs per year a modular budget may request; above it, a detailed budget. */
  maxPerYear: z.number().int().positive(),
  ...provenance,
});

/** Funding in fixed units shared between partner and funder (Mitacs internship units). */
const unitRuleSchema = z.object({
  kind: z.literal('unit'),
  unitAmount: z.number().int().positive(),
  partnerPerUnit: z.number().int().nonnegative(),
  funderPerUnit: z.number().int().nonnegative(),
  months: z.number().int().positive(),
  ...provenance,
});

/**
 * How one category is treated beyond its eligibility (NSF participant support: no indirect costs are
 * paid on it, and its money is not moved to other categories without the funder's prior approval).
 */
const categoryTermsRuleSchema = z.object({
  kind: z.literal('category_terms'),
  category: costCategorySchema,
  /** False: the funder pays no indirect costs on this category; it leaves the indirect-cost base. */
  carriesIndirect: z.boolean(),
  /** True: moving this category's money to other categories needs the funder's prior approval. */
  rebudgetNeedsApproval: z.boolean(),
  ...provenance,
});

/** Where equipment starts: an item costing `unitCost` or more is equipment, a cheaper one supplies. */
const equipmentThresholdRuleSchema = z.object({
  kind: z.literal('equipment_threshold'),
  /** Per item (unit acquisition cost), in the program's currency; inclusive. */
  unitCost: z.number().int().positive(),
  ...provenance,
});

/** How the amount requested follows from the budget. */
const requestRuleSchema = z.object({
  kind: z.literal('request'),
  computed: z.enum([
    /** The applicant requests the eligible costs, within the program's limits. */
    'eligible_costs',
    /** The request follows from the partners' recognised contribution and the cost-share ratio. */
    'ratio_to_partner_contribution',
    /** The funder pays a share of eligible costs; the applicant pays the rest. */
    'share_of_eligible_costs',
    /** The request is a number of fixed units. */
    'units',
  ]),
  ...provenance,
});

export const costRuleSchema = z
  .discriminatedUnion('kind', [
    categoryRuleSchema,
    limitRuleSchema,
    costShareRuleSchema,
    shareOfCostsRuleSchema,
    indirectRuleSchema,
    modularRuleSchema,
    unitRuleSchema,
    requestRuleSchema,
    categoryTermsRuleSchema,
    equipmentThresholdRuleSchema,
  ])
  .superRefine((rule, ctx) => {
    if (!rule.verified && !rule.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'an unverified rule says what to check' });
    if (rule.kind === 'limit') {
      if (rule.min === undefined && rule.max === undefined)
        ctx.addIssue({ code: 'custom', path: ['max'], message: 'a limit has a min or a max' });
      if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max)
        ctx.addIssue({ code: 'custom', path: ['min'], message: 'min is above max' });
      if ((rule.scope === 'one_year') !== (rule.year !== undefined))
        ctx.addIssue({
          code: 'custom',
          path: ['year'],
          message: 'a one-year limit, and only it, names its year',
        });
    }
    if (rule.kind === 'unit' && rule.partnerPerUnit + rule.funderPerUnit !== rule.unitAmount)
      ctx.addIssue({ code: 'custom', path: ['unitAmount'], message: 'the shares do not add up to the unit' });
    if (rule.kind === 'modular' && rule.maxPerYear % rule.moduleSize !== 0)
      ctx.addIssue({ code: 'custom', path: ['maxPerYear'], message: 'not a whole number of modules' });
    if (rule.kind === 'category_terms' && rule.carriesIndirect && !rule.rebudgetNeedsApproval)
      ctx.addIssue({
        code: 'custom',
        path: ['category'],
        message: 'the terms say nothing beyond eligibility',
      });
    if (rule.kind === 'indirect' && rule.treatment === 'fixed_rate' && rule.rate === undefined)
      ctx.addIssue({ code: 'custom', path: ['rate'], message: 'a fixed rate states the rate' });
  });
export type CostRule = z.infer<typeof costRuleSchema>;

export const programCostRulesSchema = z.object({
  /** As the catalogue names the program. */
  name: z.string().min(3),
  currency: z.enum(['CAD', 'USD']),
  rules: z.array(costRuleSchema).min(1),
});
export type ProgramCostRules = z.infer<typeof programCostRulesSchema>;

export const costRulesFileSchema = z.object({
  version: z.literal(1),
  /** Keyed by catalogue program id (apps/server/data/programs.json). */
  programs: z.record(z.string().min(3), programCostRulesSchema),
});
export type CostRulesFile = z.infer<typeof costRulesFileSchema>;
