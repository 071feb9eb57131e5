import { describe, expect, it } from 'vitest';
import { parseReviews } from './critiques.ts';
import { polarity } from './polarity.ts';

// Sentences written in our own words after the shapes met in the development reviews (ADR 1001);
// the real reviews are measured in `npm run eval`.

describe('polarity: cue words that do not judge, and judgements the cues missed (ADR 1001)', () => {
  it('reads "as well as", "high school" and "high-throughput" as no praise', () => {
    expect(
      polarity('The applicant will tutor first-year students, as well as run a high school science club.'),
    ).toBeNull();
    expect(polarity('The aims cover high-throughput screens of the library.')).toBeNull();
    // A reported award is a record, which the labelling guide calls description.
    expect(polarity('She received a highly competitive award and two prestigious fellowships.')).toBeNull();
    // The words still praise where they judge.
    expect(polarity('The methods are well chosen and the yield is high.')).toBe('strength');
  });

  it('reads "would be stronger" and "without a clear" as criticism', () => {
    expect(polarity('The plan would be stronger with more information on dissemination.')).toBe('weakness');
    expect(polarity('One experiment is set up without a clear link between outcomes and hypotheses.')).toBe(
      'weakness',
    );
  });

  it('reads a conceding "while" as criticism only where its clause judges', () => {
    expect(polarity('While an exciting goal, the predictions are entirely one sided.')).toBe('weakness');
    expect(polarity('While in graduate school, she published two excellent papers.')).toBe('strength');
  });

  it('reads the evaluative words the lexicon lacked as praise', () => {
    expect(polarity('The proposed outreach is meaningful and likely to succeed.')).toBe('strength');
    expect(polarity('The results will shed light on how hybrid zones form.')).toBe('strength');
    expect(polarity('The team has the resources to run the field surveys.')).toBe('strength');
  });

  it('reads a reviewer\'s "if I understand correctly" and "one minor question" as criticism', () => {
    expect(polarity('If I understand correctly, the traits are measured in one garden only.')).toBe(
      'weakness',
    );
    expect(polarity('One relatively minor question -- the panel data come from one site.')).toBe('weakness');
  });
});

describe('parseReviews: a label whose answer is "Not applicable" or a rating (ADR 1001)', () => {
  it('keeps no critique for it, and still reads the sentences around it', () => {
    const parsed = parseReviews(
      [
        'Synthesis and Recommendation',
        'The design is excellent.',
        'The panel recommendation is: Not Competitive',
        'Plans for valid design and analysis: Not applicable',
        'The budget is not justified.',
      ].join('\n\n'),
    );
    expect(parsed.critiques.map((c) => [c.kind, c.quote])).toEqual([
      ['strength', 'The design is excellent.'],
      ['weakness', 'The budget is not justified.'],
    ]);
  });
});
