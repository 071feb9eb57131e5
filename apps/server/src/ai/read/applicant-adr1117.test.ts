import { describe, expect, it } from 'vitest';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { rankableFromRow, rankPrograms } from '../funding/index.ts';
import { readApplicant } from './applicant.ts';

// Held-out 9's misses, read after its single measurement (ADR 1116) and mended for ADR 1117: a
// company named as "an Oregon-based small business" was read with no country and shown Canadian
// programs. Made-up words.
const read = (team: string) => readApplicant({ topic: '', details: '', team });
const TODAY = new Date('2026-11-28T12:00:00Z');

describe('a state or province named as "X-based" places the applicant (ADR 1117)', () => {
  it('reads "an Oregon-based small business" as the United States, Oregon', () => {
    const who = read('Fernleaf Labs, an Oregon-based small business.');
    expect(who.country).toBe('US');
    expect(who.regions).toEqual(['US-OR']);
  });

  it('reads "a Nova Scotia-based company" as Canada, Nova Scotia', () => {
    const who = read('Tidewater Sensing, a Nova Scotia-based company.');
    expect(who.country).toBe('CA');
    expect(who.regions).toEqual(['CA-NS']);
  });

  it('does not read another hyphenated word as the place', () => {
    expect(
      read('Dana Roe, historian of the Quebec-Labrador fur trade, Harvard University.').regions,
    ).not.toContain('CA-QC');
  });

  it('lists no Canadian-only program for a Utah-based small business', () => {
    const top10 = rankPrograms(
      {
        researchTopic: 'Faster meshing for engineering simulation',
        researchDetails:
          'A small business developing meshing software to speed up product design simulation.',
        teamProfile: 'Gridwise, a Utah-based small business.',
        profileFacts: null,
      },
      readSeedPrograms(SEED_FILE, TODAY).map((row) => rankableFromRow(row, TODAY)),
      TODAY,
    )
      .slice(0, 10)
      .map((r) => r.program.id);
    for (const id of [
      'ca-nrc-irap',
      'ca-csa-stdp',
      'ca-canexport-smes',
      'ca-digital-technology-supercluster',
    ])
      expect(top10).not.toContain(id);
  });
});
