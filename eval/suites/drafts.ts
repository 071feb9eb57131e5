import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import catalogue from '../../apps/server/data/programs.json' with { type: 'json' };
import { programToJudge, type GrantProgram } from '../../apps/server/src/ai/profile/program.ts';
import { type GenerationForm } from '../../apps/server/src/ai/read/form.ts';
import { FORM_STRONG, formFromEvalProfile } from '../../apps/server/src/ai/fixtures/forms.ts';
import { draftApplication } from '../../apps/server/src/ai/write/draft.ts';
import { loadProgramSections } from '../../apps/server/src/ai/profile/data.ts';
import { parseBudgetTotal } from '../../apps/server/src/ai/text/money.ts';
import { splitSentences } from '../../apps/server/src/ai/text/sentences.ts';
import type { EvalLine, EvalSuite } from '../suite.ts';

/**
 * Draft compliance: the offline writer over the real profiles of eval/profiles, each drafted for
 * the program it actually won, and over the complete fixture form for every catalogue program.
 * It counts what issue 13 found wrong: drafts certified "Submission ready" with questions left,
 * sentences said twice, budgets read wrong, amounts in the wrong currency.
 */

const PROFILES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'profiles');

interface Profile {
  id: string;
  won: string[];
  researchTopic: string;
  researchDetails: string;
  teamProfile: string;
}

/** Budget phrasings as people write them, with the amount they state. */
const BUDGETS: [string, number][] = [
  ['Total project cost $420,000 over 12 months', 420_000],
  ['$300,000 over 3 years ($100k/yr)', 300_000],
  ['CAD 1.2M over 4 years', 1_200_000],
  ['USD 250K for 18 months', 250_000],
  ['$75,000 per year for 2 years, 3 students', 75_000],
  ['1,000,000 CAD total', 1_000_000],
  ['We request $49,500 (2026-2027)', 49_500],
  ['$2.5 million over five years', 2_500_000],
];

const programs = catalogue as unknown as GrantProgram[];

function repeatedSentences(sections: { body: string }[]): number {
  const keys = sections
    .flatMap((s) => s.body.split('\n'))
    .flatMap((line) => splitSentences(line))
    .map((s) =>
      s
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, ' ')
        .trim(),
    )
    .filter((k) => k.split(' ').length >= 4);
  return keys.length - new Set(keys).size;
}

export const draftsSuite: EvalSuite = {
  name: 'drafts',
  async run() {
    const profiles = fs
      .readdirSync(PROFILES_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(fs.readFileSync(path.join(PROFILES_DIR, f), 'utf8')) as Profile);
    const cases: { program: GrantProgram; form: GenerationForm }[] = [];
    for (const profile of profiles) {
      for (const id of profile.won) {
        const program = programs.find((p) => p.id === id);
        if (program) cases.push({ program, form: formFromEvalProfile(profile) });
      }
    }
    for (const program of programs) cases.push({ program, form: FORM_STRONG });

    let withGaps = 0;
    let readyWithGaps = 0;
    let repeats = 0;
    let questions = 0;
    let wrongCurrency = 0;
    let ownShape = 0;
    const shapes = loadProgramSections().programs;
    for (const { program, form } of cases) {
      // As the product drafts it: judged against cost rules, not the catalogue's range (ADR 0530).
      const draft = draftApplication(programToJudge(program), form);
      const asked = draft.sections.flatMap((s) => s.questions ?? []).length;
      questions += asked;
      if (draft.gaps.length > 0 || asked > 0) {
        withGaps++;
        if (/submission ready/i.test(draft.certification_status)) readyWithGaps++;
      }
      repeats += repeatedSentences(draft.sections);
      const currency = program.currency ?? 'CAD';
      const other = currency === 'USD' ? 'CAD $' : 'USD $';
      if (draft.sections.some((s) => s.body.includes(other))) wrongCurrency++;
      if (shapes[program.id]) ownShape++;
    }
    const budgetsRight = BUDGETS.filter(([text, value]) => parseBudgetTotal(text) === value).length;
    return [
      {
        metric:
          'drafts written (real profiles for the program they won, and the full form for every catalogue program)',
        value: `${cases.length} (${profiles.length} profiles; ${ownShape} shaped by the funder's own sections)`,
      },
      {
        metric: '"Submission ready" while a gap or question remains',
        value: `${readyWithGaps} of ${withGaps} drafts with gaps`,
      },
      {
        metric: 'questions asked per draft (material the applicant has not given)',
        value: (questions / cases.length).toFixed(1),
      },
      { metric: 'repeated sentences', value: `${repeats} in ${cases.length} drafts` },
      { metric: 'amounts in another currency than the program’s', value: `${wrongCurrency} drafts` },
      {
        metric: 'budget totals read right',
        value: `${budgetsRight} of ${BUDGETS.length} phrasings (durations, counts and years are not amounts)`,
      },
    ] satisfies EvalLine[];
  },
};
