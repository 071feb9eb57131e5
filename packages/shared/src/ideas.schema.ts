import { z } from 'zod';
import { IDEA_FIELD_MAX } from './constants.ts';

/** Spec §5: both fields optional, at most 5000 characters each. */
export const ideaRequestSchema = z.object({
  researchBackground: z.string().max(IDEA_FIELD_MAX, 'Research background too long').default(''),
  researchInterests: z.string().max(IDEA_FIELD_MAX, 'Research interests too long').default(''),
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
