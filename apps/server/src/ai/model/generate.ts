import type { GeneratedApplication, GeneratedSection } from '@grantleaf/shared/grant-results.schema';
import type { SectionLimit } from '@grantleaf/shared/program-sections.schema';
import { z } from 'zod';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import type { AiProvider } from '../provider.ts';
import { assembleApplication } from '../write/assemble.ts';
import { draftApplication, writeSectionFromMaterial } from '../write/draft.ts';
import { profileOf } from '../profile/profile.ts';
import { describeFailure } from './failure.ts';
import { buildRevisionPrompt, buildSectionPrompt, SECTION_SYSTEM } from './prompts.ts';
import { provenanceSources } from './provenance.ts';
import { checkModelSection } from './section-check.ts';

/**
 * The entry point the generation job calls (analyse.ts is the analysis job's). With a provider the
 * model writes the prose; if it fails, the offline engine answers and the result says so. The
 * offline checks (coverage, budget arithmetic, limits) run on whatever text was produced.
 */

export interface GenerateApplicationInput {
  program: GrantProgram;
  form: GenerationForm;
  provider: AiProvider | null;
}

/** Revision rounds a section gets when the checks fail on the model's text. */
export const MAX_REVISIONS = 2;
/** Output budget of a section without a countable limit, and the most any section gets. */
const DEFAULT_SECTION_TOKENS = 1_500;
const MAX_SECTION_TOKENS = 6_000;
/** A page limit leaves room for figures; a model's token is about three quarters of a word. */
const TOKENS_PER_WORD = 1.4;
const JSON_OVERHEAD_TOKENS = 200;

const sectionDraftSchema = z.object({ body: z.string().min(1) });

/**
 * The model writes one section at a time with that section's instructions, limit and the
 * applicant's material; the offline checks run on each answer and what fails goes back to the
 * model, at most MAX_REVISIONS times. A section the model cannot write is drafted from the
 * material, and says so; the rest of the draft keeps the model's sections.
 */
export async function generateApplication({
  program,
  form,
  provider,
}: GenerateApplicationInput): Promise<GeneratedApplication> {
  // A French draft is written offline: the model's prompts and checks are English (ADR 1140).
  if (!provider || form.language === 'fr') return draftApplication(program, form);
  const profile = profileOf(program);
  const entry = profile.writing;
  const sources = provenanceSources(program, entry, form);
  let used = provider.name;
  const failures: string[] = [];
  const sections: GeneratedSection[] = [];
  for (const spec of entry.sections) {
    const offline = writeSectionFromMaterial(program, form, spec);
    try {
      const ask = (prompt: string) =>
        provider.generateObject({
          schema: sectionDraftSchema,
          system: SECTION_SYSTEM,
          prompt,
          maxOutputTokens: sectionTokenBudget(spec.limit, entry.wordsPerPage),
          report: (info) => {
            used = info.provider;
          },
        });
      let body = (await ask(buildSectionPrompt(profile, spec, form))).body.trim();
      let problems = checkModelSection(body, spec, entry, form, sources);
      for (let round = 0; round < MAX_REVISIONS && problems.failures.length > 0; round++) {
        body = (await ask(buildRevisionPrompt(profile, spec, form, body, problems.failures))).body.trim();
        problems = checkModelSection(body, spec, entry, form, sources);
      }
      sections.push({
        heading: spec.header,
        body,
        questions: [
          ...(offline.questions ?? []),
          ...problems.missing.map((m) => `Where does this section cover ${m}?`),
        ],
        table: offline.table ?? null,
        writtenBy: 'model',
        fallbackReason: null,
        toConfirm: problems.untraced,
      });
    } catch (error) {
      const reason = describeFailure(error);
      failures.push(`${spec.header}: ${reason}`);
      sections.push({
        ...offline,
        fallbackReason: `The AI model could not write this section (${reason}); it was drafted from your material instead.`,
      });
    }
  }
  const byModel = sections.filter((s) => s.writtenBy === 'model').length;
  const application = assembleApplication({
    program,
    form,
    sections,
    engine: byModel > 0 ? 'llm' : 'offline',
    provider: byModel > 0 ? used : null,
    fallbackReason:
      failures.length === 0
        ? null
        : byModel === 0
          ? `The AI model could not be used (${failures[0]}); drafted from your material and the program's instructions instead.`
          : `${failures.length} of ${sections.length} sections were drafted from your material because the AI model failed on them: ${failures.join('; ')}`.slice(
              0,
              1_000,
            ),
  });
  return application;
}

/** Tokens for one section's answer: its limit in words, with room for JSON; never truncating. */
export function sectionTokenBudget(limit: SectionLimit | null, wordsPerPage: number): number {
  if (!limit) return DEFAULT_SECTION_TOKENS;
  const words =
    limit.unit === 'pages' ? limit.max * wordsPerPage : limit.unit === 'words' ? limit.max : limit.max / 5;
  return Math.min(MAX_SECTION_TOKENS, Math.ceil(words * TOKENS_PER_WORD) + JSON_OVERHEAD_TOKENS);
}
