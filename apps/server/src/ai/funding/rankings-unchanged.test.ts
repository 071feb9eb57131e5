import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EMPTY_FACTS } from '@grantleaf/shared/applicant-profile.schema';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { rankableFromRow, rankPrograms } from './index.ts';

// Issue 25 §3: the finder's word lists move into data without changing a ranking. Every eval
// profile (development and every held-out part), from its words alone and with its stated profile,
// is ranked on a fixed day; the top 10 must stay what the snapshot recorded before the move.
// A deliberate ranking change updates the snapshot (`npx vitest run <this file> -u`) in its commit.
const TODAY = new Date('2026-11-28T12:00:00Z');
const PROFILES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../eval/profiles');
// A held-out part frozen and not yet measured is ranked by nothing before its single measurement (ADR 1115,
// ADR 1145): its folder holds a NOT-YET-MEASURED file (eval/funding.ts); its pairs join the snapshot in the
// measurement's commit, which deletes the file (held-out 9: ADR 1116).
const measured = (dir: string) => !fs.existsSync(path.join(dir, 'NOT-YET-MEASURED'));

interface EvalProfile {
  id: string;
  researchTopic: string;
  researchDetails: string;
  teamProfile: string;
  facts: { kind: string; country: 'CA' | 'US'; region?: string; field?: string };
}

const profiles = (dir: string): EvalProfile[] =>
  fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as EvalProfile);

describe('rankings of every eval profile (issue 25 §3)', () => {
  it('are the ones recorded before the word lists moved into data', async () => {
    const catalogue = readSeedPrograms(SEED_FILE, TODAY).map((row) => rankableFromRow(row, TODAY));
    const dirs = [
      PROFILES,
      ...fs
        .readdirSync(PROFILES)
        .filter((d) => d.startsWith('heldout'))
        .sort()
        .map((d) => path.join(PROFILES, d))
        .filter(measured),
    ];
    const rankings: Record<string, string[]> = {};
    for (const dir of dirs)
      for (const p of profiles(dir))
        for (const mode of ['text', 'profile'] as const) {
          const query = {
            researchTopic: p.researchTopic,
            researchDetails: p.researchDetails,
            teamProfile: p.teamProfile,
            profileFacts:
              mode === 'profile'
                ? {
                    ...EMPTY_FACTS,
                    kind: p.facts.kind,
                    country: p.facts.country,
                    region: p.facts.region ?? null,
                    fields: p.facts.field ? [p.facts.field] : [],
                  }
                : null,
          } as Parameters<typeof rankPrograms>[0];
          rankings[`${path.basename(dir)}/${p.id} ${mode}`] = rankPrograms(query, catalogue, TODAY)
            .slice(0, 10)
            .map((r) => r.program.id);
        }
    expect(Object.keys(rankings).length).toBeGreaterThan(350);
    await expect(`${JSON.stringify(rankings, null, 1)}\n`).toMatchFileSnapshot(
      './__snapshots__/eval-rankings.json',
    );
  });
});
