/**
 * Funding-finder evaluation (issue 14): real researchers and companies and the program each
 * actually won, from public pages (eval/profiles/*.json, each with its `source`). Every profile's
 * request is ranked against the curated catalogue (apps/server/data/programs.json) as the
 * finder ranks it, and the report says how often the won program is first and in the top 5, and
 * how many listed programs the profile's known facts (country, province/state, who applies) make
 * ineligible. Runs alone: `npx tsx eval/funding.ts` (exit code 1 below the targets).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ineligibilityReasons,
  type ApplicantKind,
  type ApplicantProfile,
} from '@grantleaf/shared/eligibility';
import type { Country } from '@grantleaf/shared/locations';
import { rankableFromRow, rankPrograms } from '../apps/server/src/modules/funding/funding-ranking.ts';
import { readSeedPrograms } from '../apps/server/src/modules/programs/program-seed.ts';

const PROFILES_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'profiles');
// Issue 14's "done when": the won program in the top 5 for at least 90%, nothing ineligible listed.
const TARGET_TOP5 = 0.9;
const LISTED = 10;

interface EvalProfile {
  id: string;
  source: string;
  researchTopic: string;
  researchDetails: string;
  teamProfile: string;
  /** The program the applicant won (any of them counts). */
  won: string[];
  /** What the source says about the applicant, to judge eligibility independently of the parser. */
  facts: { country: Country; region?: string; kind: ApplicantKind };
}

export interface FundingEvalResult {
  profiles: number;
  top1: number;
  top5: number;
  ineligibleListed: number;
  misses: Array<{ id: string; won: string[]; top5: string[] }>;
  /** Listed programs the profile's known facts rule out, by profile. */
  ineligible: Array<{ id: string; programs: string[] }>;
  passed: boolean;
}

export function loadProfiles(dir = PROFILES_DIR): EvalProfile[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as EvalProfile);
}

export function runFundingEval(today = new Date()): FundingEvalResult {
  const catalogue = readSeedPrograms(undefined, today).map((row) => rankableFromRow(row, today));
  const profiles = loadProfiles();
  let top1 = 0;
  let top5 = 0;
  let ineligibleListed = 0;
  const misses: FundingEvalResult['misses'] = [];
  const ineligible: FundingEvalResult['ineligible'] = [];
  for (const profile of profiles) {
    const ranked = rankPrograms(profile, catalogue, today).map((r) => r.program);
    const ids = ranked.map((p) => p.id);
    if (profile.won.includes(ids[0] ?? '')) top1++;
    if (ids.slice(0, 5).some((id) => profile.won.includes(id))) top5++;
    else misses.push({ id: profile.id, won: profile.won, top5: ids.slice(0, 5) });
    const known: ApplicantProfile = {
      kind: profile.facts.kind,
      country: profile.facts.country,
      regions: profile.facts.region ? [profile.facts.region] : [],
      fields: [],
      fieldWords: {},
      careerStage: null,
      employees: null,
      hasPartner: false,
      indigenous: false,
      budget: null,
    };
    const ruledOut = ranked
      .slice(0, LISTED)
      .filter((p) => p.eligibilityRules && ineligibilityReasons(p.eligibilityRules, known).length > 0)
      .map((p) => p.id);
    ineligibleListed += ruledOut.length;
    if (ruledOut.length > 0) ineligible.push({ id: profile.id, programs: ruledOut });
  }
  const n = profiles.length;
  return {
    profiles: n,
    top1,
    top5,
    ineligibleListed,
    misses,
    ineligible,
    passed: n > 0 && top5 / n >= TARGET_TOP5 && ineligibleListed === 0,
  };
}

export function printFundingEval(result: FundingEvalResult): void {
  const pct = (k: number) =>
    `${k}/${result.profiles} (${Math.round((100 * k) / Math.max(1, result.profiles))}%)`;
  console.log(`funding: ${result.profiles} real profiles`);
  console.log(`  won program first:     ${pct(result.top1)}`);
  console.log(`  won program in top 5:  ${pct(result.top5)} (target ≥ ${TARGET_TOP5 * 100}%)`);
  console.log(`  ineligible listed (top ${LISTED}): ${result.ineligibleListed} (target 0)`);
  for (const miss of result.misses)
    console.log(`  miss ${miss.id}: won ${miss.won.join(' | ')}; top 5 ${miss.top5.join(', ')}`);
  for (const item of result.ineligible)
    console.log(`  ineligible listed for ${item.id}: ${item.programs.join(', ')}`);
  console.log(`  ${result.passed ? 'PASS' : 'FAIL'}`);
}

/** The "funding" suite of `npm run eval` (eval/suites/index.ts); same figures as the CLI below. */
export const fundingSuite = {
  name: 'funding',
  async run(): Promise<Array<{ metric: string; value: string }>> {
    const r = runFundingEval();
    const share = (k: number) =>
      `${Math.round((100 * k) / Math.max(1, r.profiles))}% (${k} of ${r.profiles} real awardees)`;
    return [
      { metric: 'won program first', value: share(r.top1) },
      { metric: `won program in the top 5 (target ≥ ${TARGET_TOP5 * 100}%)`, value: share(r.top5) },
      {
        metric: `ineligible programs listed in the top ${LISTED} (target 0)`,
        value: String(r.ineligibleListed),
      },
    ];
  },
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = runFundingEval();
  printFundingEval(result);
  process.exitCode = result.passed ? 0 : 1;
}
