import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import catalogue from '../apps/server/data/programs.json' with { type: 'json' };
import { RUBRIC_WORDS_TEXT } from '../apps/server/src/ai/assess/fixtures/rubric-words.ts';
import { CONCISE_TWINS } from '../apps/server/src/ai/assess/fixtures/twins.ts';
import { analyseApplication } from '../apps/server/src/ai/model/analyse.ts';
import { generateApplication } from '../apps/server/src/ai/model/generate.ts';
import { buildAnalysisPrompt } from '../apps/server/src/ai/model/prompts.ts';
import { type GrantProgram, programToJudge } from '../apps/server/src/ai/profile/program.ts';
import { type GenerationForm } from '../apps/server/src/ai/read/form.ts';
import { FORM_STRONG, formFromEvalProfile } from '../apps/server/src/ai/fixtures/forms.ts';
import { PROPOSAL_PAIRS } from '../apps/server/src/ai/fixtures/proposals.ts';
import type { AiProvider, GenerateObjectRequest } from '../apps/server/src/ai/provider.ts';
import { programSectionSpecs } from '../apps/server/src/ai/write/draft.ts';
import { runLiveChecks } from '../apps/server/src/modules/applications/live-checks.ts';

/**
 * A behaviour snapshot of the engine for refactors that must change nothing (ADR 0501, ADR 0600):
 * every eval draft (development and held-out profiles for the programs they won, and two complete
 * forms for every catalogue program), every analysis fixture against its program, the editor's
 * live checks on the complete drafts, and every model prompt with the model's answers played by
 * a scripted provider (section prompts, revision prompts after a failed provenance check, a
 * failed section's fallback, analysis prompts and the scores kept). Programs go in as the product
 * hands them to the engine (`programToJudge`, ADR 0530).
 *
 *   npx tsx eval/engine-snapshot.ts /tmp/before.json
 *   npx tsx eval/engine-snapshot.ts /tmp/after.json /tmp/before.json   # compares, exit 1 on change
 *
 * Not a test: drafts and analyses change whenever detection or writing is improved on purpose,
 * so the snapshot is taken before and after one refactor, on the same base, and compared.
 */

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const programs = (catalogue as unknown as GrantProgram[]).map((p) => programToJudge(p));

interface Profile {
  won: string[];
  researchTopic: string;
  researchDetails: string;
  teamProfile: string;
}

function profiles(dir: string): Profile[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Profile);
}

/** The complete form with the facts issue 24 found contradicted (eval-drafts.test.ts's FORM_FACTS). */
const FORM_FACTS: GenerationForm = {
  ...FORM_STRONG,
  projectOverview: `${FORM_STRONG.projectOverview} In a pilot in 12 homes last winter, the estimator cut defrost energy by 24%.`,
  keyObjectives: [
    '1. Reduce defrost energy losses by at least 30% between -25 °C and -5 °C.',
    '2. Keep supply-air temperature within 2 °C of setpoint during 95% of defrost events.',
    '3. Validate against LC-MS/MS (EPA 533) at 6 municipal sites over 12 months.',
  ].join('\n'),
  totalBudget: 'Total project cost $420,000; contribution requested $252,000',
  industryPartner:
    'Nordair Systems Inc. (85 employees): partner cash contribution $150,000; partner in-kind $60,000',
};

/**
 * A model played by a script: each section's first answer carries an invented figure and name
 * (so the provenance check sends a revision prompt), the second is clean; every fifth call fails
 * (so a section falls back to the material). Reviews quote the text's first sentence.
 */
function scriptedProvider(log: unknown[], text = ''): AiProvider {
  let calls = 0;
  const firstSentence = text.split(/(?<=\.)\s/)[0] ?? '';
  return {
    name: 'scripted',
    async generateObject<T>(req: GenerateObjectRequest<T>): Promise<T> {
      calls++;
      log.push({ system: req.system, prompt: req.prompt, max: req.maxOutputTokens, t: req.temperature });
      if (calls % 5 === 0) throw new Error(`scripted failure ${calls}`);
      const shape = (req.schema as z.ZodObject<z.ZodRawShape>).shape ?? {};
      if ('body' in shape) {
        const revision = req.prompt.includes('<previous_text>');
        const body = revision
          ? 'The project follows the applicant material and its milestones.'
          : 'The project receives $99,999 from Zebra Quantum Labs in 2031.';
        return req.schema.parse({ body });
      }
      const criteria = [...req.prompt.matchAll(/Score exactly these criteria: (.*)\./g)][0]?.[1] ?? '';
      const names = JSON.parse(`[${criteria}]`) as string[];
      return req.schema.parse({
        evaluation_scores: names.map((criterion, i) => ({
          criterion,
          score: (i % 9) + 1,
          justification: `Scripted ${i}.`,
          quotes: i % 2 ? [firstSentence, 'not in the text'] : ['absent'],
        })),
        funding_probability: 'moderate',
        certification_status: 'Submission ready',
      });
    },
  };
}

async function snapshot(): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  const byId = new Map(programs.map((p) => [p.id, p]));
  const forms: [string, GenerationForm, GrantProgram[]][] = [];
  for (const [set, dir] of [
    ['dev', 'eval/profiles'],
    ['heldout', 'eval/profiles/heldout'],
  ] as const) {
    profiles(path.join(ROOT, dir)).forEach((profile, i) => {
      const won = profile.won.map((id) => byId.get(id)).filter((p): p is GrantProgram => Boolean(p));
      forms.push([`${set}-${i}`, formFromEvalProfile(profile), won]);
    });
  }
  forms.push(['strong', FORM_STRONG, programs], ['facts', FORM_FACTS, programs]);

  // Offline drafts, and the editor's live checks on the complete forms' drafts.
  for (const [label, form, targets] of forms) {
    for (const program of targets) {
      const draft = await generateApplication({ program, form, provider: null });
      out[`draft ${label} ${program.id}`] = draft;
      if (label === 'facts' || label === 'strong') {
        const entry = programSectionSpecs(program);
        out[`live ${label} ${program.id}`] = runLiveChecks({
          program,
          wordsPerPage: entry.wordsPerPage,
          sections: draft.sections.map((s, i) => ({
            id: `s${i}`,
            header: s.heading,
            limit: entry.sections.find((spec) => spec.header === s.heading)?.limit ?? null,
            text: s.body,
          })),
          budget: label === 'facts' ? { requested: 252_000, partners: [] } : null,
        });
      }
    }
  }

  // Model path: every program's section prompts, revisions and fallbacks, on the complete form.
  for (const program of programs) {
    const log: unknown[] = [];
    const draft = await generateApplication({ program, form: FORM_FACTS, provider: scriptedProvider(log) });
    out[`model draft ${program.id}`] = { draft, log };
  }

  // Analyses: the proposal pairs on their program, the concise twins on every program of their
  // family, the rubric words on every program; offline, and with the scripted model for the pairs.
  const texts: [string, string, GrantProgram[]][] = [];
  for (const pair of PROPOSAL_PAIRS) {
    const program = byId.get(pair.programId);
    if (!program) continue;
    texts.push([`pair ${pair.label} strong`, pair.strong, [program]]);
    texts.push([`pair ${pair.label} weak`, pair.weak, [program]]);
  }
  for (const twin of CONCISE_TWINS) {
    const family = programs.filter((p) => twin.prefixes.some((x) => p.id.startsWith(x)));
    texts.push([`twin ${twin.family} strong`, twin.strong, family]);
    texts.push([`twin ${twin.family} weak`, twin.weak, family]);
  }
  texts.push(['rubric words', RUBRIC_WORDS_TEXT, programs]);
  for (const [label, text, targets] of texts) {
    for (const program of targets) {
      out[`analysis ${label} ${program.id}`] = await analyseApplication({ program, text, provider: null });
      if (label.startsWith('pair')) {
        const log: unknown[] = [];
        const result = await analyseApplication({ program, text, provider: scriptedProvider(log, text) });
        out[`model analysis ${label} ${program.id}`] = { result, log };
      }
    }
  }
  for (const program of programs)
    out[`analysis prompt ${program.id}`] = buildAnalysisPrompt(program, RUBRIC_WORDS_TEXT);
  return out;
}

function firstDifference(a: unknown, b: unknown, at = ''): string | null {
  if (JSON.stringify(a) === JSON.stringify(b)) return null;
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    for (const k of keys) {
      const d = firstDifference(
        (a as Record<string, unknown>)[k],
        (b as Record<string, unknown>)[k],
        `${at}/${k}`,
      );
      if (d) return d;
    }
  }
  return `${at}:\n  before: ${JSON.stringify(b)?.slice(0, 400)}\n  after:  ${JSON.stringify(a)?.slice(0, 400)}`;
}

const [outFile, compareWith] = process.argv.slice(2);
const started = Date.now();
const snap = await snapshot();
const json = JSON.stringify(snap, null, 1);
const hash = createHash('sha256').update(json).digest('hex');
if (outFile) fs.writeFileSync(outFile, json);
console.log(`${Object.keys(snap).length} outputs, sha256 ${hash}, ${Date.now() - started} ms`);
if (compareWith) {
  const before = JSON.parse(fs.readFileSync(compareWith, 'utf8')) as Record<string, unknown>;
  const changed = Object.keys({ ...before, ...snap }).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(snap[k]),
  );
  if (changed.length === 0 && fs.readFileSync(compareWith, 'utf8') === json) {
    console.log(`byte-identical to ${compareWith}`);
  } else {
    console.log(`${changed.length} outputs differ from ${compareWith}:`);
    for (const k of changed.slice(0, 10)) console.log(`- ${k}${firstDifference(snap[k], before[k])}`);
    process.exitCode = 1;
  }
}
