import { describe, expect, it } from 'vitest';
import { parseReviews } from './critiques.ts';

// Reviews an applicant publishes or pastes as Markdown (ADR 0890): an NSF panel summary and
// reviews written from NSF's layout in our own words (a real one is measured in `npm run eval`).

const MARKDOWN = `# Panel Summary

### Criterion I: Intellectual Merit
##### Intellectual Strengths:

The sampling design is excellent.

##### Intellectual Weaknesses:

The field sites are not confirmed.

N/A

### Criterion II: Broader Impacts
##### Broader Impact Strengths:

The outreach plan is strong.

# Review 1 (Very Good)

### intellectual merit

The aims are clearly argued. The power analysis is missing.

### broader impacts

**Strengths**

A well-designed school programme.

# Review 2 (Fair)

### intellectual merit

The team is well qualified, but the methods are vague.
`;

describe('parseReviews: reviews pasted as Markdown (ADR 0890)', () => {
  const parsed = parseReviews(MARKDOWN);

  it('reads heading marks as headings: sources, criteria and kinds, never as text', () => {
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind, c.quote])).toEqual([
      ['Panel summary', 'Intellectual Merit', 'strength', 'The sampling design is excellent.'],
      ['Panel summary', 'Intellectual Merit', 'weakness', 'The field sites are not confirmed.'],
      ['Panel summary', 'Broader Impacts', 'strength', 'The outreach plan is strong.'],
      ['Reviewer 1', 'Intellectual Merit', 'strength', 'The aims are clearly argued.'],
      ['Reviewer 1', 'Intellectual Merit', 'weakness', 'The power analysis is missing.'],
      ['Reviewer 1', 'Broader Impacts', 'strength', 'A well-designed school programme.'],
      [
        'Reviewer 2',
        'Intellectual Merit',
        'weakness',
        'The team is well qualified, but the methods are vague.',
      ],
    ]);
    expect(parsed.critiques.some((c) => c.quote.includes('#') || c.quote.includes('**'))).toBe(false);
  });

  it('keeps a reviewer’s rating in parentheses as a fact, and "N/A" as no heading', () => {
    expect(parsed.facts).toEqual(
      expect.arrayContaining([
        { source: 'Reviewer 1', name: 'Rating', value: 'Very Good' },
        { source: 'Reviewer 2', name: 'Rating', value: 'Fair' },
      ]),
    );
    expect(parsed.critiques.some((c) => c.criterion === 'N/A')).toBe(false);
  });
});
