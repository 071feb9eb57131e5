import { describe, expect, it } from 'vitest';
import { parseReviews } from './critiques.ts';
import { polarity } from './polarity.ts';

// ADR 1096: what the development reviews showed the parser misreading. The NSF questions are NSF's
// own (Grant Proposal Guide NSF 14-1, Chapter III.A.2); the USDA NIFA lines and the GRFP sentence
// are real, from `RILAB/statements` (CC BY 4.0): the NIFA reviews appended to
// fellowships/Dowell_2022_Postdoc_USDANIFA_includesReviews_Successful.pdf and the GRFP reviews in
// fellowships/Natasha_Dhamrait_GRFP.pdf. The reviewers' answers to the NSF questions are ours.

describe('parseReviews: NSF review questions copied into the prose (ADR 1096)', () => {
  const sheet = [
    'Intellectual Merit Criterion',
    'Overall Assessment of Intellectual Merit',
    'Excellent',
    'Explanation to Applicant',
    'In terms of the review criteria: 1. What is the potential for the proposed activity to a. Advance knowledge and understanding',
    'within its own field or across different fields (Intellectual Merit); and - The proposed bounds are novel. b. Benefit society or',
    'advance desired societal outcomes (Broader Impacts)? - The applicant ties the work to fairness, an excellent point. 2. To what',
    'extent do the proposed activities suggest and explore creative, original, or potentially transformative concepts? - The',
    'applicant introduced a robotics club at two schools. 3. Is the plan for carrying out the proposed activities well-reasoned,',
    'well-organized, and based on a sound rationale? Does the plan incorporate a mechanism to assess success? - Yes. The timeline',
    'is unclear.',
  ].join('\n');

  it('keeps the form’s questions out of every critique and reads each answer on its own', () => {
    const parsed = parseReviews(sheet);
    expect(parsed.critiques.map((c) => [c.kind, c.quote])).toEqual([
      ['strength', 'The proposed bounds are novel.'],
      ['strength', 'The applicant ties the work to fairness, an excellent point.'],
      ['weakness', 'The timeline is unclear.'],
    ]);
    for (const c of parsed.critiques) expect(sheet.slice(c.start, c.end).replace(/\s+/g, ' ')).toBe(c.quote);
  });
});

describe('parseReviews: a NIFA review’s header after the rule between reviews (ADR 1096)', () => {
  it('reads the proposal number and title as no critique, and the review from its first sentence', () => {
    const text = [
      'Intellectual Merit',
      'The facilities and instrumentation are ideal for the proposed research.',
      '____________________________________________________________________________',
      '________________________',
      'Review Post-Doctoral proposal: 2021-08366',
      'Direct and indirect effects of conserved and lineage-specific volatile organic compounds among',
      'eudicots for control of Botrytis cinerea',
      'The approach is novel and addresses an understudied area of pathogenesis.',
    ].join('\n');
    const parsed = parseReviews(text);
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind, c.quote])).toEqual([
      [
        'Reviewer 1',
        'Intellectual Merit',
        'strength',
        'The facilities and instrumentation are ideal for the proposed research.',
      ],
      [
        'Reviewer 2',
        'General',
        'strength',
        'The approach is novel and addresses an understudied area of pathogenesis.',
      ],
    ]);
  });
});

describe('polarity: "should" that forecasts, and what matters to the applicant (ADR 1096)', () => {
  it('reads a "should" whose clause praises or wants for nothing as no criticism', () => {
    expect(polarity('These results should fit well with studies of other hybrid zones.')).toBe('strength');
    expect(polarity('The team should have everything they need to finish the field work.')).toBeNull();
    // "Should" that asks for a change is still criticism.
    expect(polarity('The mentoring plan should be strengthened with more detail.')).toBe('weakness');
    expect(polarity('The broader impacts should address how the research is conducted.')).toBe('weakness');
  });

  it('reads "important to her" as description, not praise', () => {
    expect(
      polarity(
        'The applicant highlights three pillars of broader impacts that are important to her: science education, science communication, and mentorship.',
      ),
    ).toBeNull();
    expect(polarity('The question is important to the field.')).toBe('strength');
  });

  it('reads the evaluative words the development sheets used without a cue as praise', () => {
    expect(polarity('His letters describe a bright student with a rare combination of skills.')).toBe(
      'strength',
    );
    expect(polarity('The plan to share the code openly is very welcome.')).toBe('strength');
    expect(polarity('She has sufficient training for the modelling work.')).toBe('strength');
    expect(polarity('The aims are broken into manageable pieces.')).toBe('strength');
  });
});
