import { describe, expect, it } from 'vitest';
import { parseReviews } from './critiques.ts';

// Reviews an applicant publishes or pastes as Markdown (ADR 0890): an NSF panel summary and
// reviews written from NSF's layout in our own words (a real one is measured in `npm run eval`).

const MARKDOWN = `# Panel Summary

### Criterion I: Intellectual Merit
##### Intellectual Strengths:

The sampling design is excellent.

##### Intellectual Weaknesses:

The field sites are not confirmed. The panel discussed the sampling at length.

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
      // Under a Weaknesses heading every sentence is a weakness, one without a critical word too.
      ['Panel summary', 'Intellectual Merit', 'weakness', 'The panel discussed the sampling at length.'],
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

// NSF's review form asks its review elements as numbered questions, each answered by inline
// "Strengths:" / "Weaknesses:", and asks resubmissions a prompt often answered "N/A" (ADR 0950).
const FORM_QUESTIONS = `# Panel Summary

The sampling design is excellent.

If this is a resubmission, how have previous reviews been addressed?
N/A

# Review 3 (Good)

1. What is the potential for the proposed activity to advance knowledge and understanding within its own field or across different fields (Intellectual Merit)?

	Strengths: The questions are important for the field.

	Weaknesses: None.

3. Is the plan for carrying out the proposed activities well-reasoned, well-organized, and based on a sound rationale? Does the plan incorporate a mechanism to assess success?

	Strengths: None.

	Weaknesses: The sampling plan does not say how many sites will be visited.

### broader impacts

3. Is the plan for carrying out the proposed activities well-reasoned, well-organized, and based on a sound rationale? Does the plan incorporate a mechanism to assess success?

	Strengths: The outreach plan names its schools and its measures.

	Weaknesses: None.
`;

describe('parseReviews: a review form’s numbered questions (ADR 0950)', () => {
  it('files the answers under the question as printed, and reads neither the questions nor the prompt as critiques', () => {
    const parsed = parseReviews(FORM_QUESTIONS);
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind, c.quote])).toEqual([
      ['Panel summary', 'General', 'strength', 'The sampling design is excellent.'],
      [
        'Reviewer 3',
        'What is the potential for the proposed activity to advance knowledge and understanding within its own field or across different fields (Intellectual Merit)?',
        'strength',
        'The questions are important for the field.',
      ],
      [
        'Reviewer 3',
        'Is the plan for carrying out the proposed activities well-reasoned, well-organized, and based on a sound rationale? Does the plan incorporate a mechanism to assess success?',
        'weakness',
        'The sampling plan does not say how many sites will be visited.',
      ],
      // Asked again under broader impacts: still Reviewer 3 (the form repeats its questions).
      [
        'Reviewer 3',
        'Is the plan for carrying out the proposed activities well-reasoned, well-organized, and based on a sound rationale? Does the plan incorporate a mechanism to assess success?',
        'strength',
        'The outreach plan names its schools and its measures.',
      ],
    ]);
  });
});
