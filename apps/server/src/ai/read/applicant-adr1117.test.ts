import { describe, expect, it } from 'vitest';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { rankableFromRow, rankPrograms } from '../funding/index.ts';
import { readApplicant } from './applicant.ts';

// Held-out 9's misses, read after its single measurement (ADR 1116) and mended for ADR 1117: a
// company named as "an Oregon-based small business" was read with no country and shown Canadian
// programs; a "Master of Arts in Professional Communication student" was read as faculty. Made-up words.
const read = (team: string) => readApplicant({ topic: '', details: '', team });
const TODAY = new Date('2026-11-28T12:00:00Z');
/** The programs ranked from the words alone, on a fixed day, from the seed catalogue. */
const rankedIds = (researchTopic: string, researchDetails: string, teamProfile: string) =>
  rankPrograms(
    { researchTopic, researchDetails, teamProfile, profileFacts: null },
    readSeedPrograms(SEED_FILE, TODAY).map((row) => rankableFromRow(row, TODAY)),
    TODAY,
  ).map((r) => r.program.id);

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
    const top10 = rankedIds(
      'Faster meshing for engineering simulation',
      'A small business developing meshing software to speed up product design simulation.',
      'Gridwise, a Utah-based small business.',
    ).slice(0, 10);
    for (const id of [
      'ca-nrc-irap',
      'ca-csa-stdp',
      'ca-canexport-smes',
      'ca-digital-technology-supercluster',
    ])
      expect(top10).not.toContain(id);
  });
});

describe('a degree program named before "student" is a graduate student (ADR 1117)', () => {
  it('reads "Master of Arts in Professional Communication student" as a graduate student', () => {
    const who = read(
      'Sam Lee, Master of Arts in Professional Communication student, Royal Roads University.',
    );
    expect(who.kind).toBe('student');
    expect(who.stated?.studentLevel).toBe('graduate');
  });

  it('reads "Doctor of Philosophy in Education candidate" as a graduate student', () => {
    expect(read('Dana Roe, Doctor of Philosophy in Education candidate, Queen’s University.').kind).toBe(
      'student',
    );
  });

  it('still reads a professor who holds a master of arts as a researcher', () => {
    const who = read('Dana Roe, assistant professor, holds a Master of Arts in History, Brock University.');
    expect(who.kind).toBe('researcher');
  });

  it('ranks the master’s scholarship and no faculty grant for such a student', () => {
    const ids = rankedIds(
      'Audience identity and Canadian teen television',
      'Thesis research on representation in a Canadian teen drama and how viewers see themselves.',
      'Sam Lee, Master of Arts in Professional Communication student, Royal Roads University.',
    );
    expect(ids.slice(0, 5)).toContain('ca-cgrs-masters');
    for (const id of ['ca-sshrc-insight-grants', 'ca-sshrc-insight-development-grants'])
      expect(ids.slice(0, 10)).not.toContain(id);
  });
});
