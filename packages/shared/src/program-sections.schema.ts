import { z } from 'zod';

/**
 * The shape of a program's application as its funder publishes it (apps/server/data/program-sections.json):
 * the sections in the funder's order under the funder's headers, each with its limit, what it must
 * contain, which applicant fields feed it and what to ask when the applicant has not said it.
 * Programs without an entry use the file's `general` template.
 */

/** The generation form's fields (§3), so the data can say which ones feed a section. */
export const applicantFieldSchema = z.enum([
  'projectTitle',
  'projectOverview',
  'keyObjectives',
  'totalBudget',
  'projectTimeline',
  'timelineMilestones',
  'teamLeadName',
  'teamLeadRole',
  'teamProfiles',
  'industryPartner',
]);
export type ApplicantField = z.infer<typeof applicantFieldSchema>;

/**
 * What a section writes, each written once per application: a topic named by two sections would
 * repeat the same material (the overview three times, the objectives three times).
 */
export const sectionTopicSchema = z.enum([
  'summary',
  'progress',
  'objectives',
  'novelty',
  'methods',
  'workplan',
  'training',
  'team',
  'partner',
  'commercialisation',
  'impact',
  'dissemination',
  'budget',
  'otherSupport',
  'risk',
  'data',
  'edi',
]);
export type SectionTopic = z.infer<typeof sectionTopicSchema>;

/**
 * Something a reviewer expects that only the applicant can supply. The engine looks for it in the
 * applicant's material; when it is not there, the section asks `question` and the draft has a gap.
 */
export const sectionNeedSchema = z.enum([
  'priorArt',
  'validation',
  'risks',
  'goNoGo',
  'preliminaryData',
  'partnerContribution',
  'partnerSize',
  'trainees',
  'edi',
  'market',
  'customers',
  'ip',
  'dissemination',
  'dataPlan',
  'budgetBreakdown',
  'otherSupport',
  'progress',
  'facilities',
  'beneficiaries',
  'eligibleCosts',
]);
export type SectionNeed = z.infer<typeof sectionNeedSchema>;

export const sectionLimitSchema = z.object({
  max: z.number().positive(),
  unit: z.enum(['pages', 'words', 'characters']),
  /** "maximum" is enforced by the funder; "recommended" is the funder's advice within a larger limit. */
  kind: z.enum(['maximum', 'recommended']).default('maximum'),
  /** Said beside the count when the funder's current form could not be confirmed. */
  note: z.string().optional(),
});
export type SectionLimit = z.infer<typeof sectionLimitSchema>;

export const programSectionSpecSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** The header exactly as the funder asks for it. */
  header: z.string().min(1),
  limit: sectionLimitSchema.nullable(),
  /** What the funder says the section must do, in short. */
  guidance: z.string().min(1),
  topics: z.array(sectionTopicSchema).min(1),
  feeds: z.array(applicantFieldSchema).min(1),
  asks: z
    .array(z.object({ need: sectionNeedSchema, question: z.string().min(10).endsWith('?') }))
    .default([]),
});
export type ProgramSectionSpec = z.infer<typeof programSectionSpecSchema>;

/**
 * Program rules the draft checks and states, other than money: every cost rule (caps, cost share,
 * shares of eligible costs) lives in cost-rules.json alone and is read through the program profile
 * (ADR 0451). Strict, so a cost fact added here again fails the file's parse.
 */
export const programRulesSchema = z.strictObject({
  goNoGo: z.string().optional(),
  edi: z.string().optional(),
  training: z.string().optional(),
});
export type ProgramRules = z.infer<typeof programRulesSchema>;

export const programSectionsEntrySchema = z
  .object({
    /** The funder's instructions this entry was read from. */
    sources: z.array(z.string().url()).min(1),
    /** The formatting rule a page limit assumes, and the words per page it is counted at. */
    formatting: z.string().min(1),
    wordsPerPage: z.number().int().positive(),
    /** A limit the funder sets on several sections together ("Project Description, 15 pages"). */
    sharedLimits: z
      .array(
        z.object({ header: z.string(), sections: z.array(z.string()).min(2), limit: sectionLimitSchema }),
      )
      .default([]),
    sections: z.array(programSectionSpecSchema).min(1),
    rules: programRulesSchema.default({}),
  })
  .superRefine((entry, ctx) => {
    const seen = new Map<string, string>();
    for (const section of entry.sections) {
      for (const topic of section.topics) {
        const other = seen.get(topic);
        if (other) {
          ctx.addIssue({
            code: 'custom',
            message: `topic "${topic}" is written by both "${other}" and "${section.id}"`,
          });
        }
        seen.set(topic, section.id);
      }
    }
    const ids = new Set(entry.sections.map((s) => s.id));
    for (const group of entry.sharedLimits) {
      for (const id of group.sections) {
        if (!ids.has(id))
          ctx.addIssue({ code: 'custom', message: `shared limit names unknown section "${id}"` });
      }
    }
  });
export type ProgramSectionsEntry = z.infer<typeof programSectionsEntrySchema>;

const askSchema = z.object({ need: sectionNeedSchema, question: z.string().min(10).endsWith('?') });

/**
 * A family of programs whose applicants need other words for a question than the general
 * template's: a SSHRC study is not asked for "code releases" or a "benchmark". Its questions
 * replace the template's for the same need in every program of the family shaped from the
 * template or the catalogue; a program with its own entry words its questions there.
 */
export const programFamilySchema = z.object({
  id: z.string().min(2),
  label: z.string().min(2),
  /** Catalogue program ids of the family, by prefix ("ca-sshrc-"). */
  programs: z.array(z.string().min(3)).min(1),
  why: z.string().min(10),
  asks: z.array(askSchema).min(1),
});
export type ProgramFamily = z.infer<typeof programFamilySchema>;

export const programSectionsFileSchema = z.object({
  about: z.string(),
  general: programSectionsEntrySchema,
  programs: z.record(z.string(), programSectionsEntrySchema),
  families: z.array(programFamilySchema).default([]),
});
export type ProgramSectionsFile = z.infer<typeof programSectionsFileSchema>;
