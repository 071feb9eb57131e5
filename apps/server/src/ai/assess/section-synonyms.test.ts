import { describe, expect, it } from 'vitest';
import catalogue from '../../../data/programs.json' with { type: 'json' };
import type { GrantProgram } from '../profile/program.ts';
import { analyseApplication } from './analysis.ts';

const programs = catalogue as unknown as GrantProgram[];
function program(id: string): GrantProgram {
  const found = programs.find((p) => p.id === id);
  if (!found) throw new Error(`catalogue program ${id} missing`);
  return found;
}
const sentence = (i: number) =>
  `In cohort ${i} we measured serum lactate in 40 patients at Vanderbilt and compared it with the 12-gene score.`;
const words = (n: number) =>
  Array.from({ length: Math.ceil(n / 18) }, (_, i) => sentence(i))
    .join(' ')
    .split(' ')
    .slice(0, n)
    .join(' ')
    .replace(/\.?$/, '.');

describe('a resubmission section is its own section, checked against its own limit', () => {
  const r01 = program('us-nih-r01');

  it('NIH: "Introduction to the Resubmission Application" is checked against 1 page and not counted in the Research Strategy', () => {
    const text = [
      'Introduction to the Resubmission Application',
      words(900),
      'Specific Aims',
      words(400),
      'Research Strategy',
      words(3000),
    ].join('\n');
    const result = analyseApplication(r01, text);
    const intro = result.checks.limits.find(
      (l) => l.section === 'Introduction to the Resubmission Application',
    );
    expect(intro?.limit).toBe('1 page');
    expect(intro?.status).toBe('over');
    const strategy = result.checks.limits.find((l) => l.section.startsWith('Research Strategy'));
    expect(strategy?.words).toBe(3000);
    expect(strategy?.status).toBe('within');
    expect(result.certification_status).toMatch(/Introduction to the Resubmission Application/);
  });

  it('NIH: an introduction within its page is within, under another name for it', () => {
    // Pasted as a word processor gives it: a blank line after each paragraph.
    const text = [
      'Introduction to the revised application',
      words(300),
      'Research Strategy',
      words(3000),
    ].join('\n\n');
    const result = analyseApplication(r01, text);
    const intro = result.checks.limits.find(
      (l) => l.section === 'Introduction to the Resubmission Application',
    );
    expect(intro?.words).toBe(300);
    expect(intro?.status).toBe('within');
    const strategy = result.checks.limits.find((l) => l.section.startsWith('Research Strategy'));
    expect(strategy?.words).toBe(3000);
  });

  it('CIHR: "Response to previous reviews" is checked against its 2 pages', () => {
    const result = analyseApplication(
      program('ca-cihr-project-grant'),
      ['Response to previous reviews', words(1500), 'Research proposal', words(2000)].join('\n'),
    );
    const response = result.checks.limits.find((l) => l.section === 'Response to Previous Reviews');
    expect(response?.limit).toBe('2 pages');
    expect(response?.status).toBe('over');
  });

  it('an application without a resubmission section gets no row for it', () => {
    const result = analyseApplication(
      r01,
      ['Specific Aims', words(400), 'Research Strategy', words(3000)].join('\n'),
    );
    expect(result.checks.limits.map((l) => l.section)).not.toContain(
      'Introduction to the Resubmission Application',
    );
  });
});

describe("GRFP's sections are recognised under the names applicants give them", () => {
  it('"Personal statement" and "Research plan" are the two required statements', () => {
    const grfp = program('us-nsf-grfp');
    const result = analyseApplication(
      grfp,
      ['Personal statement', words(900), 'Research plan', words(800)].join('\n'),
    );
    expect(result.checks.coverage.missing).toEqual([]);
    const byName = new Map(result.checks.limits.map((l) => [l.section, l]));
    expect(byName.get('Personal, Relevant Background and Future Goals Statement')?.words).toBe(900);
    expect(byName.get('Graduate Research Plan Statement')?.words).toBe(800);
  });
});
