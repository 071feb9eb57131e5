import { describe, expect, it } from 'vitest';
import { parseReviews } from './critiques.ts';

// Issue 27 "Tests cover each funder layout": NSERC and SSHRC had no test. No real NSERC or SSHRC
// review text was found (eval/SOURCES.md), so these are written from the funders' own criterion
// names: NSERC's Discovery Grants Information Centre page (read 2026-11-28, review-layouts.json)
// and SSHRC's Challenge / Feasibility / Capability headings as review-layouts.json has them
// (still marked unverified there). CIHR's layout is tested in critiques.test.ts.

const rows = (text: string) =>
  parseReviews(text).critiques.map((c) => [c.source, c.criterion, c.kind, c.quote]);

describe('parseReviews: NSERC Discovery reviewer comments', () => {
  it('files each comment under the criterion NSERC names, its long names included', () => {
    const text = `Reviewer 1
Scientific or engineering excellence of the researcher
Strengths: The applicant has an outstanding record of publications in leading journals.
Weaknesses: Contributions beyond the applicant's own group are not described.
Merit of the proposal
The short-term objectives are clear and well justified.
However, the methodology for the second objective is not described in enough detail.
Contributions to the training of highly qualified personnel (HQP)
The training plan is excellent.
The applicant does not say how HQP will gain experience outside the laboratory.

Reviewer 2
Merit of the proposal
Weaknesses:
- The budget does not justify the second postdoctoral fellow.`;
    expect(parseReviews(text).layout).toBe('nserc');
    expect(rows(text)).toEqual([
      [
        'Reviewer 1',
        'Excellence of the researcher',
        'strength',
        'The applicant has an outstanding record of publications in leading journals.',
      ],
      [
        'Reviewer 1',
        'Excellence of the researcher',
        'weakness',
        "Contributions beyond the applicant's own group are not described.",
      ],
      [
        'Reviewer 1',
        'Merit of the proposal',
        'strength',
        'The short-term objectives are clear and well justified.',
      ],
      [
        'Reviewer 1',
        'Merit of the proposal',
        'weakness',
        'However, the methodology for the second objective is not described in enough detail.',
      ],
      ['Reviewer 1', 'Training of highly qualified personnel', 'strength', 'The training plan is excellent.'],
      [
        'Reviewer 1',
        'Training of highly qualified personnel',
        'weakness',
        'The applicant does not say how HQP will gain experience outside the laboratory.',
      ],
      [
        'Reviewer 2',
        'Merit of the proposal',
        'weakness',
        'The budget does not justify the second postdoctoral fellow.',
      ],
    ]);
  });
});

describe('parseReviews: SSHRC committee comments', () => {
  it('reads the committee as one source and each criterion heading with its description', () => {
    const text = `Committee comments
Challenge—The aim and importance of the endeavour
Strengths: The research questions are original and clearly situated in the literature.
Weaknesses: The theoretical framework is not explained.
Feasibility—The plan to achieve excellence
The knowledge mobilization plan is vague.
Capability—The expertise to succeed
The team has a strong record of community-engaged research.`;
    expect(parseReviews(text).layout).toBe('sshrc');
    expect(rows(text)).toEqual([
      [
        'Committee notes',
        'Challenge',
        'strength',
        'The research questions are original and clearly situated in the literature.',
      ],
      ['Committee notes', 'Challenge', 'weakness', 'The theoretical framework is not explained.'],
      ['Committee notes', 'Feasibility', 'weakness', 'The knowledge mobilization plan is vague.'],
      [
        'Committee notes',
        'Capability',
        'strength',
        'The team has a strong record of community-engaged research.',
      ],
    ]);
  });
});
