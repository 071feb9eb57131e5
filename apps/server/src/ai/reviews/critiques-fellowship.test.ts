import { describe, expect, it } from 'vitest';
import { parseReviews } from './critiques.ts';
import { polarity } from './polarity.ts';

// ADR 1121: what the NIH fellowship summary statements (the eighth and ninth parts, now development)
// showed the parser misreading. The layouts are NIH's (a critique that opens "Overall Impact/Merit:",
// numbered criteria with Strengths/Weaknesses items, administrative items after them); the
// sentences are ours, written in the shape of those statements.

/** The private-use character pdftotext prints for a bullet set in the Symbol font. */
const GLYPH = '\uf0b7';

const kinds = (text: string) =>
  parseReviews(text).critiques.map((c) => [c.source, c.criterion, c.kind, c.quote]);

describe('parseReviews: NIH fellowship summary statements (ADR 1121)', () => {
  it('reads each item marked with a Symbol-font bullet as its own critique', () => {
    const text = [
      'CRITIQUE 1',
      '1. Fellowship Applicant:',
      'Strengths',
      `${GLYPH} Has built two open-source tools for single-cell data and applied them to`,
      'leukaemia samples.',
      `${GLYPH} Holds a national graduate fellowship`,
      `${GLYPH} Prior training award recipient.`,
      'Weaknesses',
      `${GLYPH} None noted.`,
    ].join('\n');
    expect(kinds(text)).toEqual([
      [
        'Reviewer 1',
        'Fellowship Applicant',
        'strength',
        'Has built two open-source tools for single-cell data and applied them to leukaemia samples.',
      ],
      ['Reviewer 1', 'Fellowship Applicant', 'strength', 'Holds a national graduate fellowship'],
      ['Reviewer 1', 'Fellowship Applicant', 'strength', 'Prior training award recipient.'],
    ]);
  });

  it('files "Overall Impact/Merit:" prose under Overall Impact, not General', () => {
    const text = [
      'CRITIQUE 2',
      'Fellowship Applicant: 1',
      'Overall Impact/Merit: This is a compelling plan for new statistical methods. The impact is high.',
    ].join('\n');
    expect(kinds(text)).toEqual([
      ['Reviewer 2', 'Overall Impact', 'strength', 'This is a compelling plan for new statistical methods.'],
      ['Reviewer 2', 'Overall Impact', 'strength', 'The impact is high.'],
    ]);
  });

  it('reads a numbered heading after a sentence that ends on an ellipsis as the next criterion', () => {
    const text = [
      'CRITIQUE 2',
      '4. Training Potential:',
      'Weaknesses',
      'Some trainees wait for projects to come to them. Perhaps this one will not…',
      '5. Institutional Environment & Commitment to Training',
      'Strengths',
      'A supportive department with a clear commitment to training.',
    ].join('\n');
    expect(kinds(text)).toEqual([
      ['Reviewer 2', 'Training Potential', 'weakness', 'Some trainees wait for projects to come to them.'],
      ['Reviewer 2', 'Training Potential', 'weakness', 'Perhaps this one will not…'],
      [
        'Reviewer 2',
        'Institutional Environment & Commitment to Training',
        'strength',
        'A supportive department with a clear commitment to training.',
      ],
    ]);
  });

  it('reads no critique in the administrative items, and the optional comments after them', () => {
    const text = [
      'CRITIQUE 3',
      '3. Research Training Plan:',
      'Strengths',
      `${GLYPH} The aims are well reasoned.`,
      'Inclusion of Women, Minorities and Children:',
      `${GLYPH} Sex/Gender: Distribution justified scientifically`,
      `${GLYPH} Children not formally excluded, but the disease occurs in adults.`,
      'Training in the Responsible Conduct of Research: Acceptable',
      'Comments on Format (Required):',
      `${GLYPH} Two courses, one didactic and one in small groups`,
      'Budget and Period of Support:',
      'Recommend as Requested',
      'Additional Comments to Applicant (Optional):',
      'You are doing impressive work at an early stage.',
      '',
      'THE FOLLOWING SECTIONS WERE PREPARED BY THE SCIENTIFIC REVIEW OFFICER',
      'COMMITTEE BUDGET RECOMMENDATIONS: The budget was recommended as requested.',
    ].join('\n');
    expect(kinds(text)).toEqual([
      ['Reviewer 3', 'Research Training Plan', 'strength', 'The aims are well reasoned.'],
      [
        'Reviewer 3',
        'Additional Comments to Applicant (Optional)',
        'strength',
        'You are doing impressive work at an early stage.',
      ],
    ]);
  });
});

describe('polarity: fellowship reviewers’ words (ADR 1121)', () => {
  it('reads what meets a trainee’s needs as no criticism, and a divided panel as one', () => {
    expect(polarity('The plan matches her training needs well.')).toBe('strength');
    expect(polarity('The sponsor has shaped the program well around the needs of the applicant.')).toBe(
      'strength',
    );
    expect(polarity('The mentor has a well-funded program, although not from this institute.')).toBe(
      'strength',
    );
    expect(polarity('She is also a role model for students interested in science careers.')).toBe('strength');
    expect(polarity('This lends confidence in the approach.')).toBe('strength');
    for (const verb of ['has', 'have', 'provides', 'possesses'])
      expect(polarity(`The sponsor ${verb} the necessary expertise in statistics.`)).toBe('strength');
    for (const verb of ['remained', 'was', 'were'])
      expect(polarity(`The panel ${verb} divided on the second aim.`)).toBe('weakness');
    // The cue words stay narrow: a plan that needs more detail still asks.
    expect(polarity('The plan needs more detail on the second cohort.')).toBe('weakness');
  });
});

describe('polarity: questions in quotes and confidence (ADR 1121, from the GRFP sheets)', () => {
  it('reads a question closed by a quote or a parenthesis as one', () => {
    expect(polarity('For example, can you describe "surprising ties?"')).toBe('weakness');
    expect(polarity('(Is it possible that sampling reduces this problem?)')).toBe('weakness');
  });

  it('reads what the referees recommend and a reviewer without reservations as praise', () => {
    expect(polarity('Her skills are strongly recommended by the referees.')).toBe('strength');
    expect(polarity('I have no reservations that they will excel.')).toBe('strength');
    // A reviewer who recommends a change still asks for it.
    expect(polarity('A power analysis is strongly recommended.')).toBe('weakness');
  });
});
