import { describe, expect, it } from 'vitest';
import { parseReviews } from './critiques.ts';

// ADR 0890: a summary statement's header, running headers and additional-review labels, in a
// statement written from NIH's layout in our own words (real ones are measured in `npm run eval`).

const PAGE = (n: number) => `\f1K99XX000002-01
ROE, R

${n}

ZRG1 XYZ-Q (80)

`;

const STATEMENT = `SUMMARY STATEMENT
( Privileged Communication )
Application Number:
1K99XX000002-01
Principal Investigator
ROE, RIVER
Review Group:
Project Title:
Next Steps:
Project
Year
1
2
_______
TOTAL

ZRG1 XYZ-Q (80)
Mentored Career Development Awards Panel

Better Methods For Screening Analysis
++
Visit https://example.org/next-steps
10-No human subjects involved
${PAGE(1)}CRITIQUE 1
Candidate: 2
Overall Impact: The candidate proposes new statistics for pooled screens. The plan is excellent.
1. Candidate:
Strengths
•

The candidate has an outstanding publication record.
•
${PAGE(2)}The mentors are leaders in statistics and genome editing. Dr. Moss is a renowned expert in
pooled screens.
•

The move to a new institute is acknowledged and not seen as a concern.

Weaknesses
•

The plan for independence is vague.

Training in the Responsible Conduct of Research
Acceptable
Comments on Format (Required):
•

Acceptable.

Comments on Faculty Participation (Required; not applicable for mid- and senior-career awards):
•

Acceptable.
${PAGE(3)}CRITIQUE 2
Candidate: 1
Overall Impact: A strong candidate.
1. Candidate:
Strengths
•

Strong software record.

Weaknesses
•

Limited wet-lab experience.
${PAGE(4)}`;

describe('parseReviews: a summary statement’s header and running headers (ADR 0890)', () => {
  const parsed = parseReviews(STATEMENT);

  it('drops a running header the statement’s own header also prints, also after a lone bullet mark before the page break', () => {
    for (const words of ['1K99XX', 'ROE, R', 'ZRG1'])
      expect(parsed.critiques.some((c) => c.quote.includes(words))).toBe(false);
    expect(
      parsed.critiques
        .filter((c) => c.criterion === 'Candidate' && c.source === 'Reviewer 1')
        .map((c) => c.quote),
    ).toEqual([
      'The candidate has an outstanding publication record.',
      'The mentors are leaders in statistics and genome editing.',
      'Dr. Moss is a renowned expert in pooled screens.',
      'The move to a new institute is acknowledged and not seen as a concern.',
      'The plan for independence is vague.',
    ]);
  });

  it('reads the budget table’s rule in the header as no line between reviewers: the header is no reviewer', () => {
    expect(parsed.critiques.map((c) => c.source)).toEqual([
      ...Array(6).fill('Reviewer 1'),
      ...Array(3).fill('Reviewer 2'),
    ]);
    for (const words of ['Visit', 'human subjects', 'Screening Analysis', 'Mentored'])
      expect(parsed.critiques.some((c) => c.quote.includes(words) || c.criterion.includes(words))).toBe(
        false,
      );
  });

  it('reads a title-case label ending in a colon as a label, not as a critique ("not applicable" is no weakness there)', () => {
    expect(parsed.critiques.some((c) => c.quote.includes('Faculty Participation'))).toBe(false);
    expect(parsed.critiques.filter((c) => c.kind === 'weakness').map((c) => c.quote)).toEqual([
      'The plan for independence is vague.',
      'Limited wet-lab experience.',
    ]);
  });

  it('keeps a sentence that opens a list with a colon as prose', () => {
    const notes = parseReviews(
      'CRITIQUE 1\nApproach:\nThe panel noted the following:\nthe second aim is not powered.',
    );
    expect(notes.critiques.map((c) => [c.source, c.kind])).toEqual([['Reviewer 1', 'weakness']]);
  });
});
