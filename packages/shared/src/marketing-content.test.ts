import { describe, expect, it } from 'vitest';
import { PROGRAMS, groupProgramNames } from './marketing-content.ts';

describe('groupProgramNames', () => {
  it('sorts catalogue programs into Canadian, US SBIR/STTR and corporate groups', () => {
    const groups = groupProgramNames([
      {
        name: 'NSERC Idea to Innovation (I2I) grants',
        jurisdiction: 'Canada (federal)',
        programType: 'grant',
      },
      { name: 'Ontario Innovation Tax Credit (OITC)', jurisdiction: 'Ontario', programType: 'tax credit' },
      {
        name: 'NIH SBIR/STTR Phase I (R43/R41)',
        jurisdiction: 'United States (federal)',
        programType: 'grant',
      },
      {
        name: 'Y Combinator standard deal',
        jurisdiction: 'United States (global applicants)',
        programType: 'equity investment / accelerator',
      },
      {
        name: 'NIH Research Project Grant (R01)',
        jurisdiction: 'United States (federal)',
        programType: 'grant',
      },
      {
        name: 'Alfred P. Sloan Research Fellowships',
        jurisdiction: 'United States and Canada',
        country: 'US',
        programType: 'fellowship',
      },
      { name: 'Mitacs Accelerate', jurisdiction: 'Canada (national)', country: 'CA', programType: 'grant' },
    ]);
    expect(groups.canadian).toEqual([
      'NSERC Idea to Innovation (I2I) grants',
      'Ontario Innovation Tax Credit (OITC)',
      'Mitacs Accelerate',
    ]);
    expect(groups.us).toEqual(['NIH SBIR/STTR Phase I (R43/R41)']);
    expect(groups.corporate).toEqual(['Y Combinator standard deal']);
  });

  it('keeps the fallback names for a group the catalogue leaves empty, and caps each group', () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      name: `NSF SBIR ${i}`,
      jurisdiction: 'United States',
    }));
    const groups = groupProgramNames(many);
    expect(groups.us).toHaveLength(PROGRAMS.perGroup);
    expect(groups.canadian).toEqual(PROGRAMS.groups[0]!.fallback);
    expect(groupProgramNames([]).corporate).toEqual(PROGRAMS.groups[2]!.fallback);
  });
});
