import { z } from 'zod';
import { IDEA_FIELD_MAX } from './constants.ts';
import { payFromSchema } from './organisation-credits.schema.ts';

/** Spec §5: both fields optional, at most 5000 characters each. */
export const ideaRequestSchema = z.object({
  researchBackground: z.string().max(IDEA_FIELD_MAX, 'Research background too long').default(''),
  researchInterests: z.string().max(IDEA_FIELD_MAX, 'Research interests too long').default(''),
  /** Pay from this organisation's credits instead of the own (issue 32 §1, ADR 0720). */
  payFrom: payFromSchema,
});
export type IdeaRequestInput = z.input<typeof ideaRequestSchema>;

/** Spec §3: the parsed idea result, exactly these keys. */
export const ideaResultsSchema = z.object({
  research_topic: z.object({ name: z.string().min(1), tagline: z.string() }),
  market_analysis: z.object({
    total_addressable_market: z.string(),
    serviceable_addressable_market: z.string(),
    adoption_timeline: z.string(),
  }),
  target_customer: z.object({
    primary_segment: z.string(),
    buying_authority: z.string(),
    budget_range: z.string(),
    discovery_channels: z.array(z.string()),
  }),
  core_problem_solution: z.object({
    market_problem: z.string(),
    research_solution: z.string(),
    competitive_advantage: z.string(),
  }),
  context_fit_analysis: z.object({
    expertise_alignment: z.string(),
    unfair_advantages: z.array(z.string()),
  }),
  commercialization_path: z.object({
    time_to_prototype: z.string(),
    regulatory_pathway: z.string(),
    ip_strategy: z.string(),
    funding_sources: z.array(z.string()),
  }),
  monetization_strategy: z.object({
    revenue_model: z.string(),
    pricing_strategy: z.string(),
    recurring_revenue_potential: z.string(),
    exit_opportunities: z.string(),
  }),
});
export type IdeaResults = z.infer<typeof ideaResultsSchema>;

export const ideaRequestStatusSchema = z.enum(['processing', 'complete', 'error']);

/** One row of GET /api/idea-generator-requests. `ideaResults` is JSON text (§3), null until done. */
export const ideaRequestRecordSchema = z.object({
  id: z.string(),
  researchBackground: z.string(),
  researchInterests: z.string(),
  ideaResults: z.string().nullable(),
  status: ideaRequestStatusSchema,
  error: z.string().nullable(),
  submissionTimestamp: z.string(),
  etaTimestamp: z.string().nullable(),
});
export type IdeaRequestRecord = z.infer<typeof ideaRequestRecordSchema>;

export const ideaRequestListSchema = z.array(ideaRequestRecordSchema);

/**
 * The idea as headed groups of labelled values, in the order users read them: one list for the
 * dashboard's view and the Markdown and PDF exports, so the three say the same thing.
 */
export function ideaSections(
  idea: IdeaResults,
): Array<{ heading: string; items: Array<{ label: string; value: string | string[] }> }> {
  const group = (heading: string, items: Array<[string, string | string[]]>) => ({
    heading,
    items: items.map(([label, value]) => ({ label, value })),
  });
  return [
    group('Market analysis', [
      ['Total addressable market', idea.market_analysis.total_addressable_market],
      ['Serviceable addressable market', idea.market_analysis.serviceable_addressable_market],
      ['Adoption timeline', idea.market_analysis.adoption_timeline],
    ]),
    group('Target customer', [
      ['Primary segment', idea.target_customer.primary_segment],
      ['Buying authority', idea.target_customer.buying_authority],
      ['Budget range', idea.target_customer.budget_range],
      ['Discovery channels', idea.target_customer.discovery_channels],
    ]),
    group('Problem and solution', [
      ['Market problem', idea.core_problem_solution.market_problem],
      ['Research solution', idea.core_problem_solution.research_solution],
      ['Competitive advantage', idea.core_problem_solution.competitive_advantage],
    ]),
    group('Fit with your research', [
      ['Expertise alignment', idea.context_fit_analysis.expertise_alignment],
      ['Unfair advantages', idea.context_fit_analysis.unfair_advantages],
    ]),
    group('Commercialization path', [
      ['Time to prototype', idea.commercialization_path.time_to_prototype],
      ['Regulatory pathway', idea.commercialization_path.regulatory_pathway],
      ['IP strategy', idea.commercialization_path.ip_strategy],
      ['Funding sources', idea.commercialization_path.funding_sources],
    ]),
    group('Monetization strategy', [
      ['Revenue model', idea.monetization_strategy.revenue_model],
      ['Pricing strategy', idea.monetization_strategy.pricing_strategy],
      ['Recurring revenue potential', idea.monetization_strategy.recurring_revenue_potential],
      ['Exit opportunities', idea.monetization_strategy.exit_opportunities],
    ]),
  ];
}
