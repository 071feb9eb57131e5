import { describe, expect, it } from 'vitest';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { readApplicant } from '../read/index.ts';
import { rankableFromRow, rankPrograms } from './index.ts';

// ADR 1034: NFRF Exploration's record requires two disciplines; a request that calls its project
// interdisciplinary is what it funds (held-out 6's TRIUMF teams, spent, in made-up words).
const TODAY = new Date('2026-11-28T12:00:00Z');
const catalogue = readSeedPrograms(SEED_FILE, TODAY).map((row) => rankableFromRow(row, TODAY));
const rank = (details: string) =>
  rankPrograms(
    {
      researchTopic: 'Proton beams that spare healthy tissue in cancer radiation therapy',
      researchDetails: details,
      teamProfile: 'Dr. Alex Roe, University of Guelph.',
    },
    catalogue,
    TODAY,
  ).map((r) => r.program.id);

describe('interdisciplinary projects (ADR 1034)', () => {
  it('reads "an interdisciplinary proposal" from the words', () => {
    expect(
      readApplicant({ topic: '', details: 'An interdisciplinary proposal with physicists.', team: '' }).stated
        ?.interdisciplinary,
    ).toBe(true);
    expect(
      readApplicant({ topic: '', details: 'A proposal.', team: '' }).stated?.interdisciplinary,
    ).toBeUndefined();
  });

  it('ranks NFRF Exploration in the top 5 for an interdisciplinary radiotherapy team, not for the same request without it', () => {
    const said = rank(
      'Beam physics for radiation therapy (an interdisciplinary proposal with accelerator physicists).',
    );
    const unsaid = rank('Beam physics for radiation therapy (a proposal with accelerator physicists).');
    expect(said.slice(0, 5)).toContain('ca-nfrf-exploration');
    expect(said.indexOf('ca-nfrf-exploration')).toBeLessThan(unsaid.indexOf('ca-nfrf-exploration'));
  });
});
