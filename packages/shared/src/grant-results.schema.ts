import { z } from 'zod';

/**
 * Results of the two AI jobs (§3 "Results"). The stored submission `results` is one of these
 * objects. Both carry the spec's `evaluation_scores / funding_probability / certification_status`
 * so the dashboard can show either; the rest explains where every figure came from.
 */

export const fundingProbabilitySchema = z.enum(['high', 'moderate', 'low']);
export type FundingProbability = z.infer<typeof fundingProbabilitySchema>;

export const engineSchema = z.enum(['offline', 'llm']);
export type Engine = z.infer<typeof engineSchema>;

export const gapSeveritySchema = z.enum(['critical', 'major', 'minor']);
export const gapSchema = z.object({
  severity: gapSeveritySchema,
  message: z.string(),
});
export type Gap = z.infer<typeof gapSchema>;

/** Share of the program's required sections that are present and non-empty. */
export const coverageSchema = z.object({
  required: z.number().int().min(0),
  present: z.number().int().min(0),
  /** 0..1; 1 when the program lists no narrative section. */
  ratio: z.number().min(0).max(1),
  percent: z.number().int().min(0).max(100),
  missing: z.array(z.string()),
  /** Forms, CVs and letters the program lists; filed beside the narrative, not counted above. */
  attachments: z.array(z.string()).default([]),
});
export type Coverage = z.infer<typeof coverageSchema>;

export const limitCheckSchema = z.object({
  section: z.string(),
  /** The limit as the funder states it, e.g. "5 pages incl. figures". */
  limit: z.string().nullable(),
  unit: z.enum(['words', 'characters']).nullable(),
  /** The limit in `unit`; pages are converted at the words-per-page figure in `note`. */
  max: z.number().int().nullable(),
  words: z.number().int().min(0),
  characters: z.number().int().min(0),
  status: z.enum(['within', 'over', 'no_limit', 'missing']),
  note: z.string(),
});
export type LimitCheck = z.infer<typeof limitCheckSchema>;

export const budgetCheckSchema = z.object({
  currency: z.string(),
  statedTotalText: z.string(),
  statedTotal: z.number().nullable(),
  milestoneSum: z.number(),
  milestonesWithBudget: z.number().int().min(0),
  difference: z.number().nullable(),
  /** null when there is nothing to compare (no stated total or no milestone budgets). */
  matches: z.boolean().nullable(),
  message: z.string(),
});
export type BudgetCheck = z.infer<typeof budgetCheckSchema>;

export const workPlanRowSchema = z.object({
  milestone: z.string(),
  description: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  durationDays: z.number().int().nullable(),
  budgetText: z.string(),
  budget: z.number().nullable(),
  deliverables: z.string(),
});
export type WorkPlanRow = z.infer<typeof workPlanRowSchema>;

export const workPlanSchema = z.object({
  rows: z.array(workPlanRowSchema),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  totalDurationDays: z.number().int().nullable(),
  milestoneBudgetSum: z.number(),
});
export type WorkPlan = z.infer<typeof workPlanSchema>;

export const criterionMapEntrySchema = z.object({
  criterion: z.string(),
  weight: z.number().nullable(),
  reviewersLookFor: z.string(),
  answeredIn: z.array(z.string()),
  note: z.string(),
});
export type CriterionMapEntry = z.infer<typeof criterionMapEntrySchema>;

/** One required element of a criterion as the offline reviewer found it in the text. */
export const elementFindingSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** not_assessed: the offline detector cannot tell from this text (ADR 0300); never a "missing" claim. */
  status: z.enum(['found', 'weak', 'missing', 'not_assessed']),
  /** The sentence that supplies it, verbatim from the text (cut at 40 words with "…"). */
  quote: z.string().nullable(),
  carries: z.array(z.enum(['number', 'date', 'money', 'name', 'person', 'method'])),
  expects: z.string(),
  suggestion: z.string(),
});
export type ElementFinding = z.infer<typeof elementFindingSchema>;

export const evaluationScoreSchema = z.object({
  criterion: z.string(),
  score: z.number().min(0).max(10),
  justification: z.string(),
  weight: z.number().nullable().optional(),
  evidenceFound: z.array(z.string()).optional(),
  evidenceMissing: z.array(z.string()).optional(),
  /** The offline reviewer's required elements for this criterion, each found, weak or missing. */
  elements: z.array(elementFindingSchema).optional(),
});
export type EvaluationScore = z.infer<typeof evaluationScoreSchema>;

/** The checks that never need a model; they run on offline and LLM output alike. */
export const offlineChecksSchema = z.object({
  coverage: coverageSchema,
  limits: z.array(limitCheckSchema),
  budget: budgetCheckSchema.nullable(),
  gaps: z.array(gapSchema),
});
export type OfflineChecks = z.infer<typeof offlineChecksSchema>;

const producedBy = {
  engine: engineSchema,
  /** Provider name when a model produced it ("openai", "anthropic", ...), else null. */
  provider: z.string().nullable(),
  /** Why the configured provider was not used, when the offline engine stood in. */
  fallbackReason: z.string().nullable(),
};

export const analysisResultsSchema = z.object({
  evaluation_scores: z.array(evaluationScoreSchema),
  funding_probability: fundingProbabilitySchema,
  certification_status: z.string(),
  ...producedBy,
  programId: z.string(),
  meanScore: z.number().min(0).max(10),
  criticalGaps: z.array(z.string()),
  checks: offlineChecksSchema,
  /** When a model scored the text, the offline engine's own scores are kept beside them. */
  offlineEvaluation: z
    .object({
      evaluation_scores: z.array(evaluationScoreSchema),
      funding_probability: fundingProbabilitySchema,
      certification_status: z.string(),
      meanScore: z.number(),
    })
    .nullable(),
  wordCount: z.number().int().min(0),
  /** What the result rests on, in plain words ("Checked against …'s published requirements; no AI model was used."). */
  basis: z.string().optional(),
});
export type AnalysisResults = z.infer<typeof analysisResultsSchema>;

/** A table inside a section (the milestones): structured, so every renderer draws a real table. */
export const sectionTableSchema = z.object({
  caption: z.string(),
  columns: z.array(z.string()).min(1),
  rows: z.array(z.array(z.string())),
});
export type SectionTable = z.infer<typeof sectionTableSchema>;

/** A section's size against its limit, in the funder's unit (pages counted at `wordsPerPage`). */
export const sectionCountSchema = z.object({
  unit: z.enum(['pages', 'words', 'characters']),
  max: z.number(),
  used: z.number(),
  words: z.number().int().min(0),
  characters: z.number().int().min(0),
  wordsPerPage: z.number().int().nullable(),
  kind: z.enum(['maximum', 'recommended']),
  status: z.enum(['within', 'over']),
  note: z.string(),
});
export type SectionCount = z.infer<typeof sectionCountSchema>;

export const generatedSectionSchema = z.object({
  heading: z.string(),
  body: z.string(),
  /** What the applicant has not supplied, asked as questions; each one is a gap. */
  questions: z.array(z.string()).optional(),
  table: sectionTableSchema.nullable().optional(),
  count: sectionCountSchema.nullable().optional(),
  /** Who wrote the body: the model, or the applicant's own material (also when a model call failed). */
  writtenBy: z.enum(['model', 'material']).optional(),
  /** Why this section was not written by the model, when one was configured. */
  fallbackReason: z.string().nullable().optional(),
  /** Numbers, names and dates in a model-written body not found in the applicant's material. */
  toConfirm: z.array(z.string()).optional(),
});
export type GeneratedSection = z.infer<typeof generatedSectionSchema>;

export const generatedApplicationSchema = z.object({
  ...producedBy,
  programId: z.string(),
  programName: z.string(),
  title: z.string(),
  sections: z.array(generatedSectionSchema),
  workPlan: workPlanSchema,
  budgetCheck: budgetCheckSchema,
  criteriaMap: z.array(criterionMapEntrySchema),
  gaps: z.array(gapSchema),
  coverage: coverageSchema,
  limits: z.array(limitCheckSchema),
  /** The program's own rules (cost share, caps, go/no-go, training, EDI), checked and stated. */
  ruleChecks: z
    .array(z.object({ rule: z.string(), status: z.enum(['met', 'unmet', 'unknown']), message: z.string() }))
    .optional(),
  /** Where the section shapes and limits come from, said to the user. */
  basis: z.string().optional(),
  /**
   * The funder's own French names of the program's sections, where one of its French pages gives
   * them (ADR 1085): the French interface names a missing section by them. Absent on older drafts.
   */
  sectionNames: z.array(z.object({ name: z.string(), fr: z.string(), verified: z.boolean() })).optional(),
  /**
   * The language the engine wrote the draft's own words in (ADRs 1140, 1175): set on a French
   * draft, so the viewer marks them French; absent means English (every older draft).
   */
  language: z.literal('fr').optional(),
  /** The offline engine's review of this draft, in the spec's results shape. */
  evaluation_scores: z.array(evaluationScoreSchema),
  funding_probability: fundingProbabilitySchema,
  certification_status: z.string(),
});
export type GeneratedApplication = z.infer<typeof generatedApplicationSchema>;

/** What a model is asked to return when it drafts an application. */
export const modelDraftSchema = z.object({
  sections: z.array(z.object({ heading: z.string().min(1), body: z.string() })).min(1),
  criteriaMap: z
    .array(z.object({ criterion: z.string(), answeredIn: z.array(z.string()), note: z.string() }))
    .optional(),
});
export type ModelDraft = z.infer<typeof modelDraftSchema>;

/** What a model is asked to return when it scores an application. */
export const modelAnalysisSchema = z.object({
  evaluation_scores: z
    .array(
      z.object({
        criterion: z.string().min(1),
        score: z.coerce.number().min(0).max(10),
        justification: z.union([z.string(), z.array(z.string()).transform((lines) => lines.join(' '))]),
      }),
    )
    .min(1),
  funding_probability: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(fundingProbabilitySchema),
  certification_status: z.string().min(1),
});
export type ModelAnalysis = z.infer<typeof modelAnalysisSchema>;

/**
 * A submission's `results` as the API returns them (§7): the draft of a generation or the review of
 * an analysis, typed so the web reads fields instead of re-parsing JSON.
 */
export const submissionResultsSchema = z.union([generatedApplicationSchema, analysisResultsSchema]);
export type SubmissionResults = z.infer<typeof submissionResultsSchema>;
