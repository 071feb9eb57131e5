import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EMPTY_FACTS } from '@grantleaf/shared/applicant-profile.schema';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { matchPrograms, rankableFromRow, type ApplicantMatch, type RankableProgram } from './index.ts';

// ADR 1075: the funding job keeps one catalogue's objects between searches, so the engine's
// per-program readings (traits, BM25 term counts, shared country rules) are cached on them, and it
// asks for the first dozen ranked programs only. Neither may change a result: every eval profile
// (both modes) is ranked on a catalogue reused across all searches, keeping the first 12, and on a
// fresh copy (nothing cached), sorted whole; the two must agree in every field.
const TODAY = new Date('2026-11-28T12:00:00Z');
const PROFILES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../eval/profiles');
const TOP = 12;

interface EvalProfile {
  researchTopic: string;
  researchDetails: string;
  teamProfile: string;
  facts: { kind: string; country: 'CA' | 'US'; region?: string; field?: string };
}

function evalQueries() {
  // A held-out folder frozen and not yet measured (a NOT-YET-MEASURED file, ADR 1145) is ranked by nothing.
  const dirs = [PROFILES, ...fs.readdirSync(PROFILES).filter((d) => d.startsWith('heldout'))]
    .map((d) => path.resolve(PROFILES, d))
    .filter((dir) => !fs.existsSync(path.join(dir, 'NOT-YET-MEASURED')));
  const queries: Array<Parameters<typeof matchPrograms>[0]> = [];
  for (const dir of dirs)
    for (const file of fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const p = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as EvalProfile;
      const text = {
        researchTopic: p.researchTopic,
        researchDetails: p.researchDetails,
        teamProfile: p.teamProfile,
      };
      queries.push(text, {
        ...text,
        profileFacts: {
          ...EMPTY_FACTS,
          kind: p.facts.kind,
          country: p.facts.country,
          region: p.facts.region ?? null,
          fields: p.facts.field ? [p.facts.field] : [],
        } as never,
      });
    }
  return queries;
}

/**
 * The curated catalogue plus imports without rules in both countries (they share their country's
 * rules) and exact twins of curated programs under other ids (same name, same score: only the
 * input order breaks the tie, as a stable sort does).
 */
function catalogue(): RankableProgram[] {
  const curated = readSeedPrograms(SEED_FILE, TODAY).map((row) => rankableFromRow(row, TODAY));
  const imports = curated.slice(0, 60).map((p, i) => ({
    ...p,
    id: `import-${i}`,
    country: i % 2 ? 'US' : 'CA',
    eligibilityRules: null,
  }));
  const twins = curated.slice(0, 40).map((p) => ({ ...p, id: `${p.id}-twin` }));
  return [...twins.slice(0, 20), ...curated, ...imports, ...twins.slice(20)];
}

/** Everything a search reads of a match, as plain data. */
const plain = (m: ApplicantMatch, top?: number) =>
  JSON.parse(JSON.stringify({ ...m, eligible: top === undefined ? m.eligible : m.eligible.slice(0, top) }));

// Under load a whole pass over the eval profiles takes a minute; no time is asserted (brief §7).
const LONG = 240_000;

describe('a catalogue reused between searches, ranked for its first dozen (ADR 1075)', () => {
  it(
    'gives every eval search the first dozen of the whole ranking, ties and all',
    () => {
      const reused = catalogue();
      const queries = evalQueries();
      expect(queries.length).toBeGreaterThan(350);
      let compared = 0;
      for (const q of queries) {
        const fast = matchPrograms(q, reused, TODAY, { top: TOP });
        const whole = matchPrograms(q, reused, TODAY);
        expect(fast.eligible.length).toBe(Math.min(TOP, whole.eligible.length));
        expect(plain(fast)).toEqual(plain(whole, TOP));
        compared += fast.eligible.length;
      }
      expect(compared).toBeGreaterThan(queries.length * 10);
    },
    LONG,
  );

  it(
    'ranks as a fresh catalogue with nothing cached does, sorted as String#localeCompare sorts',
    () => {
      const reused = catalogue();
      const queries = evalQueries();
      // Every seventh search, both modes' worth across the development and held-out sets.
      for (const q of queries.filter((_, i) => i % 7 === 0)) {
        const whole = matchPrograms(q, reused, TODAY);
        expect(plain(whole)).toEqual(plain(matchPrograms(q, structuredClone(catalogue()), TODAY)));
        // Ties on the score are broken by name as String#localeCompare orders them, then input order.
        const again = [...whole.eligible].sort(
          (x, y) => y.score - x.score || x.program.name.localeCompare(y.program.name),
        );
        expect(whole.eligible.map((r) => r.program.id)).toEqual(again.map((r) => r.program.id));
      }
    },
    LONG,
  );
});
