import { describe, expect, it } from 'vitest';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import type { GrantProgram } from '../profile/program.ts';
import { loadProgramSections } from '../profile/data.ts';
import { profileOf } from '../profile/profile.ts';
import { checkLimits, runOfflineChecks } from './checks.ts';
import { splitIntoSections } from './sections.ts';

/**
 * Sections inside the engine (issue 24 §2, ADRs 0461 and 0500): the checks read the program
 * profile's sections, so a funder template is checked as the writer writes it, an edit of a
 * catalogue program's sections changes what the checks check, and a limit the funder sets on
 * several sections together (NIH's Research Strategy) is checked on pasted text too.
 */

const programs = catalogue as unknown as GrantProgram[];
const program = (id: string): GrantProgram => {
  const found = programs.find((p) => p.id === id);
  if (!found) throw new Error(`catalogue program ${id} missing`);
  return found;
};
const body = (n: number) =>
  `Part ${n} of the work: we will run 12 field trials with 3 municipal partners in Ottawa between May 2027 and April 2028 and report each result.`;

describe("an admin edit of a catalogue program's sections takes effect", () => {
  it("an edit of a catalogue program's sections (no funder template) changes coverage and limits", () => {
    const record = program('ca-nserc-i2i');
    expect(loadProgramSections().programs[record.id]).toBeUndefined();
    const text = (record.requiredSections ?? []).map((s, i) => `${s.name}\n${body(i)}`).join('\n\n');
    const before = runOfflineChecks({ program: record, sections: splitIntoSections(text, record) });
    expect(before.coverage.missing).toEqual([]);

    const edited: GrantProgram = {
      ...record,
      requiredSections: [
        ...(record.requiredSections ?? []),
        { name: 'Indigenous engagement plan', limit: '150 words' },
      ],
    };
    const after = runOfflineChecks({ program: edited, sections: splitIntoSections(text, edited) });
    expect(after.coverage.missing).toEqual(['Indigenous engagement plan']);
    expect(after.coverage.required).toBe(before.coverage.required + 1);
    expect(after.limits.map((l) => l.section)).toContain('Indigenous engagement plan');
    expect(after.gaps.map((g) => g.message).join(' ')).toContain('Indigenous engagement plan');

    const written = `${text}\n\nIndigenous engagement plan\n${body(9)} ${'More detail. '.repeat(200)}`;
    const over = checkLimits(splitIntoSections(written, edited), edited).find(
      (l) => l.section === 'Indigenous engagement plan',
    );
    expect(over?.status).toBe('over');
  });
});

/** `n` words of plain prose, in sentences. */
const prose = (n: number) =>
  Array.from({ length: n / 10 }, () => 'The assay measures binding in forty patient samples each week.').join(
    ' ',
  );

describe('a funder template is checked as the writer writes it, shared limits included', () => {
  const r01 = program('us-nih-r01');
  // NIH R01: Research Strategy, 12 pages over Significance, Innovation and Approach, at 650 words
  // a page (7,800 words), flagged above 110% (8,580 words).
  const strategy = (words: number) =>
    [
      'Specific Aims',
      prose(300),
      'Research Strategy',
      'Significance',
      prose(words / 2),
      'Innovation',
      prose(words / 4),
      'Approach',
      prose(words / 4),
    ].join('\n\n');

  it("the sections checked are the template's, not the catalogue record's lines", () => {
    const checks = runOfflineChecks({ program: r01, sections: splitIntoSections(strategy(4000), r01) });
    const template = profileOf(r01).sections.filter((s) => !s.optional && !s.attachment);
    expect(checks.coverage.required).toBe(template.length);
    expect(checks.coverage.missing).not.toContain('Significance');
    expect(checks.coverage.missing).toContain('Budget Justification');
    // The biosketch is filed beside the narrative, as the writer lists it.
    expect(checks.coverage.attachments).toEqual(['Biosketch Personal Statement']);
    expect(checks.limits.map((l) => l.section)).not.toContain(r01.requiredSections?.[1]?.name);
  });

  it('Research Strategy: 8,000 words (under 8,580) is within its 12 pages; 9,200 words is over', () => {
    const within = checkLimits(splitIntoSections(strategy(8000), r01), r01).find(
      (l) => l.section === 'Research Strategy',
    );
    expect(within).toMatchObject({
      limit: '12 pages',
      unit: 'words',
      max: 7800,
      words: 8000,
      status: 'within',
    });
    const over = runOfflineChecks({ program: r01, sections: splitIntoSections(strategy(9200), r01) });
    expect(over.limits.find((l) => l.section === 'Research Strategy')).toMatchObject({
      words: 9200,
      status: 'over',
    });
    expect(over.gaps.map((g) => g.message)).toContain(
      `"Research Strategy" is over its limit: ${over.limits.find((l) => l.section === 'Research Strategy')?.note}`,
    );
  });

  it("counts the group under its members' headings, under its own heading alone, or as a bare paste", () => {
    const membersOnly = [
      'Significance',
      prose(4600),
      'Innovation',
      prose(2300),
      'Approach',
      prose(2300),
    ].join('\n\n');
    const ownHeading = ['Research Strategy', prose(9200)].join('\n\n');
    for (const text of [membersOnly, ownHeading, prose(9200)]) {
      const limit = checkLimits(splitIntoSections(text, r01), r01).find(
        (l) => l.section === 'Research Strategy',
      );
      expect(limit).toMatchObject({ words: 9200, status: 'over' });
    }
  });

  it('the references after the Research Strategy are not counted in its pages', () => {
    const text = [strategy(8000), 'References Cited', prose(2000)].join('\n\n');
    const limit = checkLimits(splitIntoSections(text, r01), r01).find(
      (l) => l.section === 'Research Strategy',
    );
    expect(limit).toMatchObject({ words: 8000, status: 'within' });
  });

  it('a resubmission introduction is its own section, not counted in the Research Strategy', () => {
    const text = ['Introduction to the Resubmission Application', prose(900), strategy(8000)].join('\n\n');
    const limits = checkLimits(splitIntoSections(text, r01), r01);
    expect(limits.find((l) => l.section === 'Introduction to the Resubmission Application')).toMatchObject({
      limit: '1 page',
      words: 900,
      status: 'over',
    });
    expect(limits.find((l) => l.section === 'Research Strategy')).toMatchObject({ words: 8000 });
  });

  it('NSF: the Project Description is checked once, under its 15 pages', () => {
    const nsf = program('us-nsf-standard-research-grant');
    const text = ['Project Description', prose(6000), 'Broader Impacts', prose(1000)].join('\n\n');
    const limits = checkLimits(splitIntoSections(text, nsf), nsf).filter(
      (l) => l.section === 'Project Description',
    );
    expect(limits).toHaveLength(1);
    expect(limits[0]).toMatchObject({ limit: '15 pages', words: 7000, status: 'within' });
  });
});
