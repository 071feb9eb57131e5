import { describe, expect, it } from 'vitest';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import type { GrantProgram } from '../grant-input.ts';
import { loadProgramSections } from '../profile/data.ts';
import { checkLimits, runOfflineChecks, splitIntoSections } from './checks.ts';

/**
 * Sections inside the engine (issue 24 §2, ADR 0461): for a program without a funder template,
 * an edit of the catalogue record's sections changes what the checks check. (Reading the funder
 * template in the checks too is on branch engine24-sections; see ADR 0461.)
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
