import { describe, expect, it } from 'vitest';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import frenchNames from '../../../data/section-names-fr.json' with { type: 'json' };
import type { GrantProgram } from './program.ts';
import { loadProgramSections, PROGRAM_CRITERIA } from './data.ts';
import { profileOf } from './profile.ts';

const programs = catalogue as unknown as GrantProgram[];
const program = (id: string): GrantProgram => {
  const found = programs.find((p) => p.id === id);
  if (!found) throw new Error(`catalogue program ${id} missing`);
  return found;
};

describe('profileOf: one program profile from the catalogue record and the data files', () => {
  it('NIH R01: the funder template, its shared Research Strategy limit, its 1-page resubmission introduction, English only', () => {
    const p = profileOf(program('us-nih-r01'));
    expect(p.basis).toEqual({ sections: 'program', criteria: 'program' });
    expect(p.sections.filter((s) => !s.optional).map((s) => s.name)).toEqual(
      loadProgramSections().programs['us-nih-r01']!.sections.map((s) => s.header),
    );
    expect(p.sections.find((s) => s.name === 'Specific Aims')).toMatchObject({
      limit: '1 page',
      counted: { max: 1, unit: 'pages' },
    });
    expect(p.sharedLimits).toEqual([
      {
        header: 'Research Strategy',
        sections: ['Significance', 'Innovation', 'Approach'],
        limit: expect.objectContaining({ max: 12, unit: 'pages' }),
      },
    ]);
    expect(p.resubmission).toMatchObject({
      name: 'Introduction to the Resubmission Application',
      limit: '1 page',
      counted: { max: 1, unit: 'pages', kind: 'maximum' },
      optional: true,
    });
    expect(p.scale).toMatchObject({ min: 1, max: 9, lowerIsBetter: true });
    expect(p.costRules?.currency).toBe('USD');
    expect(p.languages).toMatchObject({ accepted: ['en'], verified: true });
    expect(p.requiredElements.length).toBeGreaterThan(3);
    expect(new Set(p.requiredElements.map((e) => e.id)).size).toBe(p.requiredElements.length);
  });

  it('CIHR Project: response to previous reviews is its own 2-page section; English and French (CIHR’s official-languages page)', () => {
    const p = profileOf(program('ca-cihr-project-grant'));
    expect(p.resubmission).toMatchObject({ name: 'Response to Previous Reviews', limit: '2 pages' });
    expect(p.languages.accepted).toEqual(['en', 'fr']);
    expect(p.languages.verified).toBe(true);
    expect(p.languages.source).toBe('https://cihr-cri.gc.ca/e/53797.html');
  });

  it('NSERC Alliance: cost rules and a partner are part of the profile', () => {
    const p = profileOf(program('ca-nserc-alliance-advantage'));
    expect(p.requiresPartner).toBe(true);
    expect(p.costRules?.rules.some((r) => r.kind === 'cost_share')).toBe(true);
    expect(p.criteria.reduce((sum, c) => sum + (c.weight ?? 0), 0)).toBeCloseTo(1, 5);
  });

  it('a program with no data files and no catalogue lists gets the general template, read from data', () => {
    const p = profileOf({ id: 'x-unknown', name: 'Unknown fund', requiredSections: [], criteria: [] });
    expect(p.basis).toEqual({ sections: 'general', criteria: 'general' });
    expect(p.sections.filter((s) => !s.optional).map((s) => s.name)).toEqual(
      loadProgramSections().general.sections.map((s) => s.header),
    );
    expect(p.criteria.map((c) => [c.name, c.weight])).toEqual(
      PROGRAM_CRITERIA.general.criteria.map((c) => [c.name, c.weight]),
    );
    expect(p.costRules).toBeNull();
    expect(p.languages).toMatchObject({ accepted: ['en'], verified: false });
  });

  it("a catalogue-only program: an edit of the record's sections takes effect; forms are attachments", () => {
    const record: GrantProgram = {
      id: 'x-catalogue-only',
      name: 'Catalogue fund',
      requiredSections: [
        { name: 'Research proposal', limit: '6 pages incl. figures' },
        { name: 'CVs of the team', limit: null },
      ],
    };
    const before = profileOf(record);
    expect(before.basis.sections).toBe('catalogue');
    expect(before.sections.map((s) => [s.name, s.limit, s.attachment])).toEqual([
      ['Research proposal', '6 pages incl. figures', false],
      ['CVs of the team', null, true],
      ['Response to Previous Reviews', null, false],
    ]);
    expect(before.sections[0]?.counted).toMatchObject({ max: 6, unit: 'pages' });
    const edited = profileOf({
      ...record,
      requiredSections: [{ name: 'Project narrative', limit: '2,000 words' }],
    });
    expect(edited.sections[0]).toMatchObject({
      name: 'Project narrative',
      counted: { max: 2000, unit: 'words' },
    });
    expect(edited.writing.sections.map((s) => s.header)).toEqual(['Project narrative']);
  });

  it("a program with a funder template: the record's sections do not change it (the admin page says so)", () => {
    const record = program('ca-nserc-discovery-grants');
    const edited = profileOf({ ...record, requiredSections: [{ name: 'Something else', limit: '1 page' }] });
    expect(edited.basis.sections).toBe('program');
    expect(edited.sections.map((s) => s.name)).toEqual(profileOf(record).sections.map((s) => s.name));
  });
});

describe("the funders' French section names (issue 31 §2, ADR 1085)", () => {
  it('NSERC Discovery: the summary and the proposal carry the name read on NSERC’s French page, unverified with a note; the rest none', () => {
    const p = profileOf(program('ca-nserc-discovery-grants'));
    const french = Object.fromEntries(p.sections.map((s) => [s.name, s.french?.name ?? null]));
    expect(french).toMatchObject({
      'Summary of proposal': 'Résumé de la proposition',
      Proposal: 'Proposition',
      'HQP training plan': null,
      'Budget justification': null,
    });
    const summary = p.sections.find((s) => s.name === 'Summary of proposal')!.french!;
    expect(summary).toMatchObject({ verified: false, read: '2026-11-28' });
    expect(summary.source).toMatch(/^https:\/\/nserc-crsng\.canada\.ca\/fr\//);
    expect(summary.note).toMatch(/Confirm/);
  });

  it('an English-only program has no French names', () => {
    expect(profileOf(program('us-nih-r01')).sections.every((s) => s.french === null)).toBe(true);
  });

  it('every name in section-names-fr.json names a section its program has, for a program that accepts French', () => {
    for (const entry of frenchNames.names)
      for (const id of entry.programs) {
        const p = profileOf(program(id));
        expect(p.languages.accepted, id).toContain('fr');
        for (const header of entry.en)
          if (p.sections.some((s) => s.name === header))
            expect(p.sections.find((s) => s.name === header)!.french?.name, `${id}: ${header}`).toBe(
              entry.fr,
            );
        expect(
          entry.en.some((header) => p.sections.some((s) => s.name === header)),
          `${id} has none of ${entry.en.join(', ')}`,
        ).toBe(true);
      }
  });
});
