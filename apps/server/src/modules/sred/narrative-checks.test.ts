import { describe, expect, it } from 'vitest';
import { checkNarrative } from './narrative-checks.ts';

const YEAR = { start: '2025-01-01', end: '2025-12-31' };
const base = { title: 'Sensor drift', fieldCode: '2.2.1', startDate: null, endDate: null, keyPersonnel: '' };

describe('T661 narrative checks', () => {
  it('passes a narrative that states the uncertainty, a systematic investigation and dated evidence', () => {
    const findings = checkNarrative(
      {
        ...base,
        uncertainty:
          'It was unknown whether a MEMS sensor could hold drift under 0.1% at -40 °C; available literature and standard compensation practice did not resolve it.',
        work: 'We hypothesized that a dual-reference design would cancel drift. We tested three prototypes in a climate chamber; the results showed 0.3% drift, so we revised the design.',
        advancements: 'We learned that thermal gradients, not reference aging, dominate drift below -20 °C.',
        evidence:
          '2025-03-04 lab notebook p. 12: chamber test of prototype B\n2025-06-10 commit a1b2c3 dual-reference firmware',
      },
      YEAR,
    );
    expect(findings).toEqual([]);
  });

  it('flags word limits, a vague uncertainty, no systematic investigation, excluded work and no dated evidence', () => {
    const findings = checkNarrative(
      {
        ...base,
        uncertainty: 'We wanted a better product for our customers. '.repeat(60),
        work: 'We did market research with ten clients and ran quality control on the line.',
        advancements: '',
        evidence: 'lab notes somewhere',
      },
      YEAR,
    );
    const kinds = findings.map((f) => `${f.field}:${f.kind}`);
    expect(kinds).toContain('uncertainty:word_limit');
    expect(kinds).toContain('uncertainty:uncertainty');
    expect(kinds).toContain('advancements:missing');
    expect(kinds).toContain('work:systematic');
    expect(findings.filter((f) => f.kind === 'excluded').map((f) => f.message)).toEqual([
      expect.stringContaining('market research'),
      expect.stringContaining('quality control'),
    ]);
    expect(findings.filter((f) => f.kind === 'evidence').map((f) => f.message)).toEqual([
      expect.stringContaining('Evidence without a date'),
      expect.stringContaining('No evidence dated in the tax year'),
    ]);
  });

  it('does not count evidence dated outside the tax year', () => {
    const findings = checkNarrative(
      {
        ...base,
        uncertainty: '',
        work: 'We tested a hypothesis; the result failed.',
        advancements: '',
        evidence: '2023-02-01 old test',
      },
      YEAR,
    );
    expect(findings.some((f) => f.message.includes('No evidence dated in the tax year'))).toBe(true);
  });
});
