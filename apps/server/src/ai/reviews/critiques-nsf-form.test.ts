import { describe, expect, it } from 'vitest';
import { parseReviews } from './critiques.ts';

// ADR 1123: NSF reviews pasted from the proposal's review page (the tenth part's layout, spent):
// "PROPOSAL REVIEW n" headings, a "....." line between reviews, and the review form's prompts
// wrapped over two or three lines as each box's heading. The reviewers' sentences are ours.

const kinds = (text: string) =>
  parseReviews(text).critiques.map((c) => [c.source, c.criterion, c.kind, c.quote]);

describe('parseReviews: NSF reviews as pasted from the review page (ADR 1123)', () => {
  it('reads each PROPOSAL REVIEW under its own reviewer and each wrapped prompt as its criterion', () => {
    const text = [
      'Panel Summary',
      'SUMMARY',
      'The panel found the plan clear.',
      '.....',
      'PROPOSAL REVIEW 1',
      'Rating:',
      '',
      'Good',
      'Review',
      '',
      'In the context of the five review elements, please',
      'evaluate the strengths and weaknesses of the proposal with respect to intellectual merit.',
      '',
      'The aims are unclear.',
      '',
      'In the context of the five review elements, please',
      'evaluate the strengths and weaknesses of the proposal with respect to broader impacts.',
      '',
      'The outreach plan is excellent.',
      '',
      'Please evaluate the strengths and',
      'weaknesses of the proposal with respect to any additional solicitation-specific review criteria, if',
      'applicable',
      '',
      'The budget lacks a justification for travel.',
      '',
      'Summary Statement',
      '',
      'It does not seem to fit this program.',
      '',
      'PROPOSAL REVIEW 2',
      'A strong team.',
    ].join('\n');
    expect(kinds(text)).toEqual([
      ['Panel summary', 'Summary', 'strength', 'The panel found the plan clear.'],
      ['Reviewer 1', 'Intellectual Merit', 'weakness', 'The aims are unclear.'],
      ['Reviewer 1', 'Broader Impacts', 'strength', 'The outreach plan is excellent.'],
      [
        'Reviewer 1',
        'Additional Solicitation-Specific Review Criteria',
        'weakness',
        'The budget lacks a justification for travel.',
      ],
      ['Reviewer 1', 'Summary', 'weakness', 'It does not seem to fit this program.'],
      ['Reviewer 2', 'General', 'strength', 'A strong team.'],
    ]);
  });

  it('keeps a rule line out of the heading under it', () => {
    const text = [
      'Review 1',
      'Intellectual Merit',
      'The design is sound.',
      '______________________________',
      '________________',
      'Intellectual Merit',
      'The design is weak.',
    ].join('\n');
    expect(kinds(text)).toEqual([
      ['Reviewer 1', 'Intellectual Merit', 'strength', 'The design is sound.'],
      ['Reviewer 2', 'Intellectual Merit', 'weakness', 'The design is weak.'],
    ]);
  });
});
