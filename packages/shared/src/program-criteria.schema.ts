import { z } from 'zod';

/**
 * What a program's reviewers require under each criterion (apps/server/data/program-criteria.json):
 * the offline reviewer scores a criterion as the share of these elements a text supplies with
 * specific content. Programs without an entry use the file's `general` template. The catalogue
 * exposes a program's entry through its record.
 */

/**
 * Specific content that makes a sentence evidence of an element rather than rubric vocabulary:
 * a number with a unit or count, a date or project month, an amount of money, a named
 * organisation/person/place, a person shown as one (a title, initials, a role: a capitalised word
 * alone is no person), or a named method/instrument/technique.
 */
export const evidenceNeedSchema = z.enum(['number', 'date', 'money', 'name', 'person', 'method']);
export type EvidenceNeed = z.infer<typeof evidenceNeedSchema>;

export const requiredElementSchema = z.object({
  label: z.string().min(3),
  /** What a reviewer expects to read, in the funder's terms. */
  expects: z.string().min(10),
  /** One concrete thing to add, drawn from the program's guidance. */
  suggestion: z.string().min(10),
  /**
   * Words (matched at a word start, case-insensitive) that carry the element's meaning. A
   * sentence must contain one to be read as being about the element.
   */
  cues: z.array(z.string().min(2)).min(1),
  /** The sentence must also carry one of these kinds of specific content to count as found. */
  needs: z.array(evidenceNeedSchema).min(1),
  /**
   * Kinds of statement in the applicant's fact model (apps/server/src/ai/read, cues.json
   * `statementKinds`) that supply the element when the applicant states one: a stated record
   * ("PI has 45 publications in …") is the team's record whatever the detector says, so the
   * element is never reported missing beside it (issue 24 §1). `objective`: an item of a list the
   * applicant labelled ("Aim 2:", "Objective 1 –", "Objectif 3 :"), read as the fact model's
   * objectives. `partner_cash`, `partner_in_kind`: an amount the fact model read with that role
   * ("partner cash contribution $150,000"), so a partner's stated cash is never "missing".
   */
  statedBy: z
    .array(
      z.enum([
        'pilot',
        'record',
        'method',
        'outcome',
        'km',
        'training',
        'qualitative',
        'objective',
        'partner_cash',
        'partner_in_kind',
      ]),
    )
    .optional(),
});
export type RequiredElement = z.infer<typeof requiredElementSchema>;

/** A criterion lists element ids of the library, optionally with the program's own wording. */
export const criterionElementSchema = z.union([
  z.string(),
  z.object({
    id: z.string(),
    label: z.string().optional(),
    expects: z.string().optional(),
    suggestion: z.string().optional(),
  }),
]);

export const programCriterionSchema = z.object({
  /** As the catalogue names the criterion, so scores line up with the program record. */
  name: z.string().min(2),
  weight: z.number().min(0).max(1).nullable(),
  /** What the criterion asks, in a sentence (the general template's criteria carry one). */
  description: z.string().optional(),
  elements: z.array(criterionElementSchema).min(1),
});

/** The funder's own scale where it differs from 0–10 higher-is-better (NIH: 1–9, 1 is best). */
export const funderScaleSchema = z.object({
  min: z.number(),
  max: z.number(),
  lowerIsBetter: z.boolean(),
  note: z.string(),
});
export type FunderScale = z.infer<typeof funderScaleSchema>;

export const programRequirementsSchema = z.object({
  name: z.string(),
  /** Where the criteria and their elements come from (the funder's published page). */
  source: z.string(),
  scale: funderScaleSchema.optional(),
  criteria: z.array(programCriterionSchema).min(1),
});
export type ProgramRequirements = z.infer<typeof programRequirementsSchema>;

export const programCriteriaFileSchema = z
  .object({
    version: z.literal(1),
    /**
     * Grant vocabulary that says nothing about a particular project ("innovative", "impact",
     * "stakeholders"): it never counts as specific content, and text made mostly of it earns
     * nothing.
     */
    genericVocabulary: z.array(z.string().min(2)).min(20),
    elements: z.record(z.string(), requiredElementSchema),
    general: programRequirementsSchema,
    programs: z.record(z.string(), programRequirementsSchema),
  })
  .superRefine((file, ctx) => {
    const all = [['general', file.general] as const, ...Object.entries(file.programs)];
    for (const [id, program] of all) {
      for (const criterion of program.criteria) {
        for (const element of criterion.elements) {
          const ref = typeof element === 'string' ? element : element.id;
          if (!file.elements[ref])
            ctx.addIssue({
              code: 'custom',
              message: `${id} / ${criterion.name}: unknown element "${ref}"`,
            });
        }
      }
    }
  });
export type ProgramCriteriaFile = z.infer<typeof programCriteriaFileSchema>;
