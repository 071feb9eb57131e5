import { describe, expect, it } from 'vitest';
import { parseReviews } from './critiques.ts';
import { suggestSections } from './plan.ts';

// ADR 1166: what the eleventh part (ADR 1165, spent) and the tenth part's misses showed, and the
// brief's four known gaps: a review quoted in Markdown ("> "), an administrative item rated
// Unacceptable, a rating line read as text, and judgements the cue words did not name. The
// reviewers' sentences are ours, in the layouts as printed.

const read = (text: string) =>
  parseReviews(text).critiques.map((c) => [c.source, c.criterion, c.kind, c.quote]);

describe('parseReviews: a review quoted in Markdown (the eleventh part, ADR 1165)', () => {
  it('takes the "> " marks off, so the quoted headings are read as headings', () => {
    const text = [
      '> **3. Approach:**',
      '>',
      '> **Strengths**',
      '>',
      '>   * Sampling across sites is well justified.',
      '>',
      '> **Weaknesses**',
      '>',
      '>   * There is no pilot for Aim 1. The timeline is not given.',
    ].join('\n');
    expect(read(text)).toEqual([
      ['Reviewer 1', 'Approach', 'strength', 'Sampling across sites is well justified.'],
      ['Reviewer 1', 'Approach', 'weakness', 'There is no pilot for Aim 1.'],
      ['Reviewer 1', 'Approach', 'weakness', 'The timeline is not given.'],
    ]);
  });

  it('keeps a quoted line that only starts with ">" in prose when it is no quote mark', () => {
    const text = ['Approach', 'Weaknesses', '>50% of the sample may be lost.'].join('\n');
    expect(read(text)).toEqual([['Reviewer 1', 'Approach', 'weakness', '>50% of the sample may be lost.']]);
  });
});

describe('parseReviews: an administrative item rated Unacceptable is a weakness to answer', () => {
  const statement = (finding: string, comments: string[]) =>
    [
      'CRITIQUE 1',
      'Approach:',
      'Strengths',
      '• The design is rigorous.',
      `Protections for Human Subjects: ${finding}`,
      ...comments,
      'Data and Safety Monitoring Plan (Applicable for Clinical Trials Only): Not Applicable (No Clinical Trials)',
    ].join('\n');

  it('files the comments under an Unacceptable human-subjects finding as weaknesses', () => {
    const text = statement('Unacceptable Risks and/or Inadequate Protections', [
      '• The consent procedure for the adolescent participants is not described.',
    ]);
    expect(read(text)).toEqual([
      ['Reviewer 1', 'Approach', 'strength', 'The design is rigorous.'],
      [
        'Reviewer 1',
        'Protections for Human Subjects',
        'weakness',
        'The consent procedure for the adolescent participants is not described.',
      ],
    ]);
  });

  it('makes the finding itself the weakness when no comment follows it', () => {
    const text = statement('Unacceptable Risks and/or Inadequate Protections', []);
    const found = read(text).filter((c) => c[1] === 'Protections for Human Subjects');
    expect(found).toEqual([
      [
        'Reviewer 1',
        'Protections for Human Subjects',
        'weakness',
        'Protections for Human Subjects: Unacceptable Risks and/or Inadequate Protections',
      ],
    ]);
    expect(parseReviews(text).facts).toContainEqual({
      source: 'Reviewer 1',
      name: 'Protections for Human Subjects rating',
      value: 'Unacceptable Risks and/or Inadequate Protections',
    });
  });

  it('still answers nothing for an Acceptable finding and its descriptive comments', () => {
    const text = statement('Acceptable Risks and Adequate Protections', [
      '• Extra blood is drawn from consenting patients already having the procedure.',
    ]);
    expect(read(text).filter((c) => c[1] === 'Protections for Human Subjects')).toEqual([]);
  });
});

describe('parseReviews: rating lines are facts, not critique text', () => {
  it('reads "Multiple Rating: (Excellent/Very Good)" as the reviewer\'s rating', () => {
    const text = [
      'PROPOSAL REVIEW 1',
      'Rating:',
      '',
      'Multiple Rating: (Excellent/Very Good)',
      'Review',
      '',
      'Summary Statement',
      'The plan is excellent.',
    ].join('\n');
    const parsed = parseReviews(text);
    expect(parsed.critiques.map((c) => c.quote)).toEqual(['The plan is excellent.']);
    expect(parsed.facts).toContainEqual({
      source: 'Reviewer 1',
      name: 'Rating',
      value: 'Excellent/Very Good',
    });
  });

  it('reads a sentence that only places the proposal in a rating category as no critique', () => {
    const text = [
      'Panel Summary',
      'SUMMARY',
      'The panel placed the proposal in the Competitive category.',
      'The outreach plan is strong.',
    ].join('\n');
    expect(read(text)).toEqual([['Panel summary', 'Summary', 'strength', 'The outreach plan is strong.']]);
  });
});

describe('parseReviews: judgements the cue words did not name', () => {
  const prose = (sentence: string) => read(['Intellectual Merit', sentence].join('\n')).map((c) => c[2]);

  it('reads a limitation listed under Strengths as a weakness', () => {
    const text = [
      'Broader Impacts',
      'Strengths:',
      'The funding will bring ten students to the school. Lectures will be recorded. This funding seems to be reserved for senior researchers.',
    ].join('\n');
    expect(read(text).filter((c) => c[2] === 'weakness')).toEqual([
      [
        'Reviewer 1',
        'Broader Impacts',
        'weakness',
        'This funding seems to be reserved for senior researchers.',
      ],
    ]);
  });

  it('does not read a restriction stated plainly under Strengths as a limitation', () => {
    const text = [
      'Broader Impacts',
      'Strengths:',
      'The funding will bring ten students to the school. A small amount of funding is reserved for childcare.',
    ].join('\n');
    expect(read(text).filter((c) => c[2] === 'weakness')).toEqual([]);
  });

  it('reads doubts without a cue word as weaknesses', () => {
    expect(prose('This proposal was viewed as a high risk high reward project.')).toEqual(['weakness']);
    expect(prose('The methods for the second hypothesis seem a bit shaky.')).toEqual(['weakness']);
    expect(prose('Actually, the species also occurs where winters are cold.')).toEqual(['weakness']);
  });

  it('does not read "high-risk" patients or praise opened by "In fact," as doubt', () => {
    expect(prose('The team has long experience with high-risk patients and is excellent.')).toEqual([
      'strength',
    ]);
    expect(prose('In fact, the applicant has published an excellent paper.')).toEqual(['strength']);
  });
});

describe('suggestSections: an administrative finding points at its own attachment', () => {
  const sections = [
    { id: 'strategy', header: 'Research Strategy', text: 'We recruit adolescents at three clinics.' },
    { id: 'hs', header: 'Protection of Human Subjects', text: 'Risks are minimal.' },
    { id: 'animals', header: 'Vertebrate Animals', text: 'Mice are housed in the vivarium.' },
  ];

  it('files a human-subjects weakness under the Protection of Human Subjects section', () => {
    const critique = {
      quote: 'The consent procedure for the adolescent participants is not described.',
      criterion: 'Protections for Human Subjects',
    };
    expect(suggestSections(critique, sections)[0]).toBe('hs');
  });

  it('files a vertebrate-animals weakness under the Vertebrate Animals section', () => {
    const critique = { quote: 'Euthanasia methods are not justified.', criterion: 'Vertebrate Animals' };
    expect(suggestSections(critique, sections)).toEqual(['animals']);
  });
});
