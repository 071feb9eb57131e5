import { intakeText } from '@grantleaf/shared/deadline';
import { describe, expect, it } from 'vitest';
import { readSeedPrograms } from './program-seed.ts';

// Issue 25 §3: the intake every curated record declares agrees with what its own record says.
const records = readSeedPrograms();
const KINDS = ['recurring', 'fixed', 'periodic', 'continuous', 'rolling', 'invitation', 'paused', 'archived'];

describe('the intake of every curated program (issue 25 §3)', () => {
  it('is one of the kinds, for all of them', () => {
    expect(records.length).toBeGreaterThanOrEqual(100);
    for (const r of records) expect(KINDS, r.id).toContain(r.deadlineRule?.kind);
  });

  it('is "rolling" only where the record itself says rolling', () => {
    for (const r of records.filter((x) => x.deadlineRule?.kind === 'rolling'))
      expect(r.deadlinePattern ?? '', r.id).toMatch(/rolling|any time|monthly assessment/i);
  });

  it('is never rolling or continuous where the record names rounds, calls or a cycle', () => {
    const rounds =
      /\bevery \d|annual round|numbered rounds|periodic rounds|\brounds announced|special calls|announcements? of opportunity|calls for (projects|expressions)|each .* funding opportunity|batch-based|varies by program solicitation|annual (omnibus|announcement|broad agency|phase i solicitation|competition)/i;
    for (const r of records.filter((x) => rounds.test(x.deadlinePattern ?? '')))
      expect(['recurring', 'fixed', 'periodic', 'archived', 'invitation'], r.id).toContain(
        r.deadlineRule?.kind,
      );
  });

  it('is paused or archived where the record says the program takes no applications', () => {
    for (const r of records) {
      const says = `${r.status ?? ''} ${r.deadlinePattern ?? ''}`;
      if (/^archived/i.test(r.status ?? '')) expect(['archived'], r.id).toContain(r.deadlineRule?.kind);
      if (/between intakes|not open for new|not taking (new )?applications/i.test(says))
        expect(['paused', 'archived'], r.id).toContain(r.deadlineRule?.kind);
    }
  });

  it('reads as the funder runs it for the programs issue 25 named', () => {
    const label = (id: string) => intakeText(records.find((r) => r.id === id)?.deadlineRule);
    expect(label('ca-cfi-innovation-fund')).toBe(
      'Competition every 24 to 30 months; next not announced (last: 2025 competition, proposals 4 February 2025)',
    );
    expect(label('ca-on-orf-re')).toBe('Next round not announced (last: Round 12, 27 September 2023)');
    expect(label('ca-on-era')).toBe(
      'Competition every year; next not announced (last: Round 19, 27 November 2025)',
    );
    expect(label('ca-pacifican-bsp')).toBe(
      'Not taking applications (since the intake that closed 22 September 2023)',
    );
    expect(label('ca-crc')).toMatch(/^By invitation or nomination/);
    for (const id of [
      'ca-cihr-catalyst',
      'ca-ccs-breakthrough-team-grants',
      'us-dod-cdmrp',
      'ca-genome-canada-gapp',
      'ca-csa-stdp',
    ])
      expect(label(id), id).not.toBe('Rolling intake');
  });
});
