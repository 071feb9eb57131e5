/**
 * The funding finder on French requests (issue 31 §2, ADR 1087): each pair is one request written
 * in English and in Canadian French (eval/french-requests/*.json); both are ranked against the
 * curated catalogue as the finder ranks them, and the report says how much of the English twin's
 * top 5 the French one finds (overlap, 0-5 of 5) and whether both put the same program first.
 * Two parts, never mixed: development (tuned on) and held-out (frozen, its digest in the folder's
 * README.md, measured once). `npx tsx eval/french-finder.ts --development` runs development only.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rankableFromRow, rankPrograms } from '../apps/server/src/ai/funding/index.ts';
import { readSeedPrograms } from '../apps/server/src/modules/programs/program-seed.ts';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'french-requests');
export const HELD_OUT_DIGEST = 'fd22678f2e334470ae0ab05e65a6537b61686c8f1191fe1971959b992d0c8126';

interface Request {
  researchTopic: string;
  researchDetails: string;
  teamProfile: string;
}
interface Pair {
  id: string;
  en: Request;
  fr: Request;
}

export interface PairResult {
  id: string;
  overlap: number;
  sameFirst: boolean;
  en: string[];
  fr: string[];
}

export function runFrenchFinderEval(part: 'development' | 'heldout', today = new Date()) {
  const file = path.join(DIR, `${part}.json`);
  const raw = fs.readFileSync(file);
  const digest = createHash('sha256').update(raw).digest('hex');
  if (part === 'heldout' && digest !== HELD_OUT_DIGEST)
    throw new Error(`held-out pairs changed since their freeze (${digest})`);
  const pairs = (JSON.parse(raw.toString('utf8')) as { pairs: Pair[] }).pairs;
  const catalogue = readSeedPrograms(undefined, today).map((row) => rankableFromRow(row, today));
  const top5 = (q: Request) =>
    rankPrograms({ ...q, profileFacts: null }, catalogue, today)
      .slice(0, 5)
      .map((r) => r.program.id);
  const results: PairResult[] = pairs.map((pair) => {
    const en = top5(pair.en);
    const fr = top5(pair.fr);
    return {
      id: pair.id,
      overlap: fr.filter((id) => en.includes(id)).length,
      sameFirst: en[0] !== undefined && en[0] === fr[0],
      en,
      fr,
    };
  });
  const n = results.length;
  return {
    part,
    n,
    meanOverlap: results.reduce((s, r) => s + r.overlap, 0) / (5 * n),
    sameFirst: results.filter((r) => r.sameFirst).length,
    results,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const today = new Date(process.argv.find((a) => a.startsWith('--today='))?.slice(8) ?? Date.now());
  const parts = process.argv.includes('--development')
    ? (['development'] as const)
    : (['development', 'heldout'] as const);
  for (const part of parts) {
    const r = runFrenchFinderEval(part, today);
    console.log(
      `${part}: n=${r.n} pairs, top-5 overlap ${(r.meanOverlap * 100).toFixed(1)}%, same first ${r.sameFirst}/${r.n}`,
    );
    if (process.argv.includes('--verbose'))
      for (const p of r.results)
        console.log(
          `  ${p.id}: ${p.overlap}/5 ${p.sameFirst ? 'same first' : ''}\n    en ${p.en.join(', ')}\n    fr ${p.fr.join(', ')}`,
        );
  }
}
