import { describe, expect, it } from 'vitest';
import { parseReviews, polarity } from './critiques.ts';

// Layouts written from the funders' own templates (NIH critique template and summary statement
// headings, the 2025 simplified framework, CIHR's reviewer report and SO notes, NSF's panel summary
// and reviews, GRFP rating sheets); the wording is ours. Real published reviews are measured in
// `npm run eval` (eval/reviews).

const NIH = `SUMMARY STATEMENT
PRIVILEGED COMMUNICATION
1 R01 HL000000-01A1
IMPACT SCORE: 35
PERCENTILE: 22

RESUME AND SUMMARY OF DISCUSSION: This application proposes to test whether a gut peptide
regulates cardiac remodeling. The team is highly qualified and the preliminary data are strong.
However, the panel was concerned that Aim 3 depends entirely on the success of Aim 2.

CRITIQUE 1:
Significance: 2
Strengths
• The problem is important and the premise is supported by rigorous preliminary data.
• Findings could change treatment of heart failure.
Weaknesses
• None noted.

Investigator(s): 1
Strengths
• The PI has an outstanding record in cardiac physiology.
Weaknesses
• No biostatistician is included on the team, which is a concern for the
  longitudinal analyses in Aim 2.

Approach: 4
Strengths
• Well-designed experiments with appropriate controls.
Weaknesses
• Aim 3 depends on Aim 2; no alternative strategy is described if the knockout is lethal.
• Sex as a biological variable is not addressed.

CRITIQUE 2:
Innovation: 3
Strengths
• Novel use of a conditional model.
Weaknesses
• The imaging method has been used by others.
`;

describe('parseReviews: NIH summary statement', () => {
  const parsed = parseReviews(NIH);

  it('keeps the impact score, percentile and criterion scores as facts, never as critiques', () => {
    expect(parsed.layout).toBe('nih');
    expect(parsed.facts).toEqual(
      expect.arrayContaining([
        // The header's scores are the panel's, not a first reviewer's (ADR 0840).
        { source: 'Overall', name: 'Impact score', value: '35' },
        { source: 'Overall', name: 'Percentile', value: '22' },
        { source: 'Reviewer 1', name: 'Significance score', value: '2' },
        { source: 'Reviewer 1', name: 'Approach score', value: '4' },
        { source: 'Reviewer 2', name: 'Innovation score', value: '3' },
      ]),
    );
    expect(parsed.critiques.some((c) => /^\d+$/.test(c.quote))).toBe(false);
  });

  it('files each bullet under its reviewer, criterion and Strengths/Weaknesses heading, in the reviewer’s words', () => {
    const weak = parsed.critiques.filter((c) => c.kind === 'weakness');
    expect(weak.map((c) => [c.source, c.criterion, c.quote])).toEqual([
      [
        'Summary of discussion',
        'Overall Impact',
        'However, the panel was concerned that Aim 3 depends entirely on the success of Aim 2.',
      ],
      [
        'Reviewer 1',
        'Investigator(s)',
        'No biostatistician is included on the team, which is a concern for the longitudinal analyses in Aim 2.',
      ],
      [
        'Reviewer 1',
        'Approach',
        'Aim 3 depends on Aim 2; no alternative strategy is described if the knockout is lethal.',
      ],
      ['Reviewer 1', 'Approach', 'Sex as a biological variable is not addressed.'],
      ['Reviewer 2', 'Innovation', 'The imaging method has been used by others.'],
    ]);
    // "None noted." is no critique; a strength bullet stays a strength even with "not" nowhere near.
    expect(parsed.critiques.some((c) => c.quote.startsWith('None'))).toBe(false);
    expect(parsed.critiques.filter((c) => c.kind === 'strength' && c.source === 'Reviewer 1')).toHaveLength(
      4,
    );
  });

  it('quotes exactly: every quote is the text between its offsets, white space collapsed', () => {
    for (const c of parsed.critiques)
      expect(NIH.slice(c.start, c.end).replace(/\s+/g, ' ').trim()).toBe(c.quote);
  });

  it('reads the resume as the panel’s sentences, describing ones left out', () => {
    const resume = parsed.critiques.filter((c) => c.source === 'Summary of discussion');
    expect(resume.map((c) => c.kind)).toEqual(['strength', 'weakness']);
    expect(resume.some((c) => c.quote.startsWith('This application proposes'))).toBe(false);
  });
});

describe('parseReviews: NIH simplified framework (2025)', () => {
  it('knows the three factors, numbered or not', () => {
    const parsed = parseReviews(`Critique 1
Factor 1: Importance of the Research
Strengths:
- Addresses a critical gap in sepsis care.
Weaknesses:
- The rationale for the second cohort is unclear.
Factor 2. Rigor and Feasibility
Weaknesses
- Power calculation missing for Aim 1.
Factor 3: Expertise and Resources
Appropriate
Overall Impact: 4`);
    expect(parsed.layout).toBe('nih');
    expect(parsed.critiques.map((c) => [c.criterion, c.kind])).toEqual([
      ['Importance of the Research', 'strength'],
      ['Importance of the Research', 'weakness'],
      ['Rigor and Feasibility', 'weakness'],
    ]);
    expect(parsed.facts).toContainEqual({ source: 'Reviewer 1', name: 'Impact score', value: '4' });
  });
});

describe('parseReviews: CIHR reviewer reports and SO notes', () => {
  it('reads each reviewer’s criteria and the Scientific Officer’s notes as their own source', () => {
    const parsed = parseReviews(`Reviewer 1
Significance and Impact of the Research
Strengths: The knowledge users are engaged from the start.
Weaknesses: The expected impact on provincial policy is overstated.
Approach
Weaknesses:
1. Recruitment of 400 participants in year one is unlikely given the pilot's rate.
2. The qualitative analysis plan lacks detail.
Rating: 3.9

Reviewer 2
Expertise, Experience and Resources
Strengths
- An experienced team with strong patient partners.

Scientific Officer Notes
The committee agreed the question is important. Reviewers were concerned about recruitment feasibility.`);
    expect(parsed.layout).toBe('cihr');
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind, c.quote])).toEqual([
      [
        'Reviewer 1',
        'Significance and Impact of the Research',
        'strength',
        'The knowledge users are engaged from the start.',
      ],
      [
        'Reviewer 1',
        'Significance and Impact of the Research',
        'weakness',
        'The expected impact on provincial policy is overstated.',
      ],
      [
        'Reviewer 1',
        'Approach',
        'weakness',
        "Recruitment of 400 participants in year one is unlikely given the pilot's rate.",
      ],
      ['Reviewer 1', 'Approach', 'weakness', 'The qualitative analysis plan lacks detail.'],
      [
        'Reviewer 2',
        'Expertise, Experience and Resources',
        'strength',
        'An experienced team with strong patient partners.',
      ],
      ['Committee notes', 'General', 'strength', 'The committee agreed the question is important.'],
      ['Committee notes', 'General', 'weakness', 'Reviewers were concerned about recruitment feasibility.'],
    ]);
    expect(parsed.facts).toContainEqual({ source: 'Reviewer 1', name: 'Approach rating', value: '3.9' });
  });
});

describe('parseReviews: NSF panel summary, reviews and GRFP rating sheets', () => {
  it('reads the panel summary and each review under Intellectual Merit and Broader Impacts, with ratings as facts', () => {
    const parsed = parseReviews(`PANEL SUMMARY
Intellectual Merit: The panel found the sampling design rigorous. The proposal does not explain how the two field seasons will be compared.
Broader Impacts: Outreach to tribal colleges is well planned.
Panel Recommendation: Competitive

Review #1
Rating: Very Good
Intellectual Merit
Strengths: Strong preliminary data.
Weaknesses: The modeling component is vague.
Broader Impacts
Strengths: Training of two graduate students.`);
    expect(parsed.layout).toBe('nsf');
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind])).toEqual([
      ['Panel summary', 'Intellectual Merit', 'strength'],
      ['Panel summary', 'Intellectual Merit', 'weakness'],
      ['Panel summary', 'Broader Impacts', 'strength'],
      ['Reviewer 1', 'Intellectual Merit', 'strength'],
      ['Reviewer 1', 'Intellectual Merit', 'weakness'],
      ['Reviewer 1', 'Broader Impacts', 'strength'],
    ]);
    expect(parsed.facts).toContainEqual({ source: 'Reviewer 1', name: 'Rating', value: 'Very Good' });
  });

  it('starts the next reviewer when a rating sheet repeats its criteria, and reads ratings on either line', () => {
    const parsed = parseReviews(`Ratings Sheet
Intellectual Merit Criterion
Overall Assessment of Intellectual Merit
Excellent
Explanation to Applicant
The research plan is well written.
Broader Impacts Criterion
Overall Assessment of Broader Impacts: Good
Explanation to the applicant:
The outreach plan lacks specifics.
blank row
Intellectual Merit Criterion
Overall Assessment of Intellectual Merit
Very Good
Explanation to Applicant
The hypotheses are not testable as written.`);
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind])).toEqual([
      ['Reviewer 1', 'Intellectual Merit', 'strength'],
      ['Reviewer 1', 'Broader Impacts', 'weakness'],
      ['Reviewer 2', 'Intellectual Merit', 'weakness'],
    ]);
    expect(parsed.facts).toEqual([
      { source: 'Reviewer 1', name: 'Intellectual Merit rating', value: 'Excellent' },
      { source: 'Reviewer 1', name: 'Broader Impacts rating', value: 'Good' },
      { source: 'Reviewer 2', name: 'Intellectual Merit rating', value: 'Very Good' },
    ]);
  });
});

describe('parseReviews: the user’s own notes', () => {
  it('reads free-form notes sentence by sentence, source "Notes", criterion "General"', () => {
    const parsed = parseReviews(`Call with the program officer, 3 March.
- Budget justification for the postdoc was weak.
- Reviewers liked the partnership with the health authority.
She suggested we add a data management plan.`);
    expect(parsed.layout).toBe('notes');
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind, c.quote])).toEqual([
      ['Notes', 'General', 'weakness', 'Budget justification for the postdoc was weak.'],
      ['Notes', 'General', 'strength', 'Reviewers liked the partnership with the health authority.'],
      ['Notes', 'General', 'weakness', 'She suggested we add a data management plan.'],
    ]);
  });

  it('gives nothing for an empty or heading-only paste', () => {
    expect(parseReviews('').critiques).toEqual([]);
    expect(parseReviews('Strengths\nWeaknesses\n').critiques).toEqual([]);
  });
});

describe('parseReviews: structure before words (ADR 0750)', () => {
  // Written for these tests in the shapes real sheets take; no measured text is quoted.
  const kinds = (text: string) =>
    parseReviews(text).critiques.map((c) => [c.source, c.criterion, c.kind, c.quote.slice(0, 24)]);

  it('switches the kind at an inline marker in the middle of a paragraph, and reads "weaknesses: none" as nothing', () => {
    expect(
      kinds(`Intellectual Merit Criterion
Explanation to Applicant
strengths: a thoughtful applicant with two first-author papers. The plan is clearly written. weaknesses: the second aim
has no stated hypothesis.
Broader Impacts Criterion
Explanation to Applicant
strengths: outreach through a radio series is well planned. weaknesses:
none`),
    ).toEqual([
      ['Reviewer 1', 'Intellectual Merit', 'strength', 'a thoughtful applicant w'],
      ['Reviewer 1', 'Intellectual Merit', 'strength', 'The plan is clearly writ'],
      ['Reviewer 1', 'Intellectual Merit', 'weakness', 'the second aim has no st'],
      ['Reviewer 1', 'Broader Impacts', 'strength', 'outreach through a radio'],
    ]);
  });

  it('drops the sheet header a page break repeats, and reads on after it', () => {
    const page = (body: string) => `Regional Science Fund\nReviewer Form\n${body}`;
    const parsed = parseReviews(
      [
        page('The design is rigorous and the team is well qualified.\nThe budget for the second year'),
        'Page 1 of 2',
        page('is not justified.'),
        'Page 2 of 2',
      ].join('\n'),
    );
    // The sentence the page break cut is one critique, quoted without the header between its halves.
    expect(parsed.critiques.map((c) => [c.kind, c.quote])).toEqual([
      ['strength', 'The design is rigorous and the team is well qualified.'],
      ['weakness', 'The budget for the second year is not justified.'],
    ]);
    expect(parsed.critiques.some((c) => /Regional Science Fund|Reviewer Form/.test(c.quote))).toBe(false);
  });

  it('numbers reviews a sheet separates with rules, skipping a separator note, and keeps unnamed headings as printed', () => {
    const parsed = parseReviews(`Agency for Coastal Research - PANEL SUMMARY
Positive Aspects of the Proposal
The sampling plan is excellent.
Negative Aspects of the Proposal
The timeline for year two is unclear.
Overall Remarks
The panel was enthusiastic about this proposal.
==========================
The reviews below were submitted for this proposal.
==========================
Merit of the Research Plan
How the plan advances the field
Strengths: The aims are novel. Weaknesses: The power analysis is missing.
Training Plan and Mentoring Team Strengths: The mentoring team is outstanding.
__________________________
The field design is sound. The applicant could have said more about permits.`);
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind])).toEqual([
      ['Panel summary', 'General', 'strength'],
      ['Panel summary', 'General', 'weakness'],
      ['Panel summary', 'Overall Remarks', 'strength'],
      ['Reviewer 1', 'Merit of the Research Plan', 'strength'],
      ['Reviewer 1', 'Merit of the Research Plan', 'weakness'],
      ['Reviewer 1', 'Training Plan and Mentoring Team', 'strength'],
      ['Reviewer 2', 'General', 'strength'],
      ['Reviewer 2', 'General', 'weakness'],
    ]);
  });

  it('calls criticism under Strengths a weakness, but keeps praise with a critical-sounding word a strength', () => {
    expect(
      kinds(`Strengths:
The writing is clear, although the second aim is not explicitly tied to the first.
• The budget could be tighter but the team is strong.
• The problem is important and the premise rests on rigorous data.
• Mentorship and teaching opportunities.
• The rationale for the second cohort is unclear.`),
    ).toEqual([
      ['Notes', 'General', 'weakness', 'The writing is clear, al'],
      ['Notes', 'General', 'weakness', 'The budget could be tigh'],
      ['Notes', 'General', 'strength', 'The problem is important'],
      // An item of one sentence is what the reviewer filed it as, even when it only names the thing.
      ['Notes', 'General', 'strength', 'Mentorship and teaching '],
      ['Notes', 'General', 'weakness', 'The rationale for the se'],
    ]);
  });
});

describe('polarity', () => {
  it('reads conceding and contrasting words by what their clause says', () => {
    expect(polarity('The applicant has a strong record despite interruptions to her fieldwork.')).toBe(
      'strength',
    );
    expect(polarity('Her project is on soils, but she collaborates with three other labs.')).toBeNull();
    expect(polarity('The record is solid, but more detail on the analysis is expected.')).toBe('weakness');
    // "needed to" is no criticism; having the resources is a judgement the labels call a strength
    // (the labelling guide's "adequate resources", ADR 1001).
    expect(polarity('The student has the resources needed to complete the work.')).toBe('strength');
  });

  it('calls any criticism a weakness, praise a strength, description nothing', () => {
    expect(polarity('Although ambitious, the candidate is uniquely suited to the task.')).toBe('weakness');
    expect(polarity('Is there any evidence that the birds use torpor?')).toBe('weakness');
    expect(polarity('The proposal is well written.')).toBe('strength');
    expect(polarity('The project would involve both field and laboratory work.')).toBeNull();
    expect(polarity('This is not only novel but also feasible.')).toBe('strength');
  });
});

describe('parseReviews: headers, wrapped prose and NIH summary statements (ADR 0840)', () => {
  // Written for these tests in the shapes real documents take (pdftotext and pdf.js output); no
  // measured text is quoted.
  const rows = (text: string) =>
    parseReviews(text).critiques.map((c) => [c.source, c.criterion, c.kind, c.quote.slice(0, 28)]);

  it('reads the agency header before a panel summary as no reviewer, and numbers the reviews after it from 1', () => {
    const parsed = parseReviews(`Department of Coastal Affairs
Marine Research Fund
Proposal 2030-00017 submitted by Rivera
Outstanding %   20
High Priority %   40
This proposal was placed in : High Priority
==================================================
Marine Research Fund - PANEL SUMMARY
Positive Aspects of the Proposal
The sampling design is excellent.
Negative Aspects of the Proposal
The reviewers found no substantive weaknesses. The permit timeline is unclear.
==================================================
Scientific Merit of the Application
Strengths: The aims are novel and the preliminary data are convincing. The treatment of tidal
mixing was
especially careful and well argued.
____________________________________________________
The applicant proposes to survey six estuaries over two seasons and to model sediment flux.
Two letters noted that she had received a competitive early-career award, the Harbour Medal
Award. The mentor is an excellent fit.`);
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind, c.quote.slice(0, 28)])).toEqual([
      ['Panel summary', 'General', 'strength', 'The sampling design is excel'],
      ['Panel summary', 'General', 'weakness', 'The permit timeline is uncle'],
      ['Reviewer 1', 'Scientific Merit of the Application', 'strength', 'The aims are novel and the p'],
      // A line the PDF wrapped after "was" is prose, not a criterion heading.
      ['Reviewer 1', 'Scientific Merit of the Application', 'strength', 'The treatment of tidal mixin'],
      ['Reviewer 2', 'General', 'strength', 'Two letters noted that she h'],
      ['Reviewer 2', 'General', 'strength', 'The mentor is an excellent f'],
    ]);
    expect(parsed.critiques.some((c) => /Outstanding|Department/.test(c.quote))).toBe(false);
  });

  it('keeps a long sentence-case line out of the headings even after a finished sentence', () => {
    expect(
      rows(`The plan is well designed and the budget is appropriate for the work that is proposed here.
Further comments on fieldwork logistics and equipment sharing between Lake
Erie and Lake Huron would have been helpful.`),
    ).toEqual([
      ['Notes', 'General', 'strength', 'The plan is well designed an'],
      ['Notes', 'General', 'weakness', 'Further comments on fieldwor'],
    ]);
  });

  const K_AWARD = `SUMMARY STATEMENT
( Privileged Communication )
Application Number: 1K01XX000001-01
Principal Investigator
DOE, JANE
Review Group: ZRG1 ABC-D (90)

++NOTE TO APPLICANT: Reviewers were asked to identify the applications with the highest merit.
It is unlikely that an application that was not discussed will be funded.

\f1K01XX000001-01
DOE, J

1

ZRG1 ABC-D (90)

DESCRIPTION (provided by applicant): This proposal will develop new assays. The assays are not
yet validated and the candidate lacks training in imaging.
PUBLIC HEALTH RELEVANCE: The work could improve diagnosis.
CRITIQUE 1
Candidate: 2
Research Plan: 3
Overall Impact: The candidate proposes to build imaging assays for kidney injury. The mentoring team
is outstanding. The timeline for the third aim is not realistic.
1. Candidate:
Strengths
•

The candidate has an excellent record of first-author papers and an award for
\f1K01XX000001-01
DOE, J

2

ZRG1 ABC-D (90)

imaging methods.
•

Statistician working in nephrology.

Weaknesses
•

None noted.

2. Research Plan:
Strengths
•

The aims are well designed. The second aim builds on a cohort of 400 patients. Its
preliminary data are strong.

Weaknesses
•

No power calculation is given for the second aim.

Protections for Human Subjects
Not Applicable (No Human Subjects)
Training in the Responsible Conduct of Research
Acceptable
Comments on Format (Required):
•

Acceptable.

Budget and Period of Support
Recommend as Requested

\f1K01XX000001-01
DOE, J

3

ZRG1 ABC-D (90)

CRITIQUE 2
Candidate: 1
Overall Impact: A strong candidate with a clear plan.
1. Candidate:
Strengths
•

Outstanding training.

Weaknesses
•

Limited experience with animal models.

THE FOLLOWING SECTIONS WERE PREPARED BY THE SCIENTIFIC REVIEW OFFICER TO
SUMMARIZE THE OUTCOME OF DISCUSSIONS OF THE REVIEW COMMITTEE:
FOREIGN ORGANIZATION ADMINISTRATIVE NOTE: The application was not reviewed for foreign
components, which is a concern for the budget.
Footnotes for 1K01XX000001-01; PI Name: Doe, Jane
The impact score is not calculated for applications that were not discussed.
MEETING ROSTER
CHAIRPERSON(S)
SMITH, ANNE, PHD
PROFESSOR OF POORLY UNDERSTOOD DISEASES
\f1K01XX000001-01
DOE, J

4

ZRG1 ABC-D (90)
`;

  it('reads a K-award summary statement: criteria kept as printed, scores as facts, bullets on their own lines', () => {
    const parsed = parseReviews(K_AWARD);
    expect(parsed.layout).toBe('nih');
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind, c.quote.slice(0, 28)])).toEqual([
      ['Reviewer 1', 'Overall Impact', 'strength', 'The mentoring team is outsta'],
      ['Reviewer 1', 'Overall Impact', 'weakness', 'The timeline for the third a'],
      ['Reviewer 1', 'Candidate', 'strength', 'The candidate has an excelle'],
      ['Reviewer 1', 'Candidate', 'strength', 'Statistician working in neph'],
      ['Reviewer 1', 'Research Plan', 'strength', 'The aims are well designed.'],
      ['Reviewer 1', 'Research Plan', 'strength', 'Its preliminary data are str'],
      ['Reviewer 1', 'Research Plan', 'weakness', 'No power calculation is give'],
      ['Reviewer 2', 'Overall Impact', 'strength', 'A strong candidate with a cl'],
      ['Reviewer 2', 'Candidate', 'strength', 'Outstanding training.'],
      ['Reviewer 2', 'Candidate', 'weakness', 'Limited experience with anim'],
    ]);
    expect(parsed.facts).toEqual(
      expect.arrayContaining([
        { source: 'Reviewer 1', name: 'Candidate score', value: '2' },
        { source: 'Reviewer 1', name: 'Research Plan score', value: '3' },
        {
          source: 'Reviewer 1',
          name: 'Training in the Responsible Conduct of Research rating',
          value: 'Acceptable',
        },
        {
          source: 'Reviewer 1',
          name: 'Budget and Period of Support rating',
          value: 'Recommend as Requested',
        },
        { source: 'Reviewer 2', name: 'Candidate score', value: '1' },
      ]),
    );
  });

  it('quotes a bullet a page break cut without the running header, and reads nothing from the header, the applicant’s description, the notes or the roster', () => {
    const parsed = parseReviews(K_AWARD);
    const cut = parsed.critiques.find((c) => c.quote.startsWith('The candidate has an excellent'))!;
    expect(cut.quote).toBe(
      'The candidate has an excellent record of first-author papers and an award for imaging methods.',
    );
    expect(K_AWARD.slice(cut.start, cut.end)).toContain('ZRG1 ABC-D (90)');
    for (const words of [
      'assays are not',
      'diagnosis',
      'unlikely',
      'foreign',
      'impact score is not',
      'POORLY',
    ])
      expect(parsed.critiques.some((c) => c.quote.includes(words))).toBe(false);
  });

  it('files the applicant’s description after a resume under no source', () => {
    const parsed = parseReviews(`RESUME AND SUMMARY OF DISCUSSION: The panel found the premise strong. The
second aim lacks a power analysis.
DESCRIPTION (provided by applicant): We will test whether a hormone is insufficient for repair.
PUBLIC HEALTH RELEVANCE: The project may not be relevant to every patient.
CRITIQUE 1:
Approach:
Weaknesses
• Sex as a biological variable is not addressed.`);
    expect(parsed.critiques.map((c) => [c.source, c.criterion, c.kind])).toEqual([
      ['Summary of discussion', 'Overall Impact', 'strength'],
      ['Summary of discussion', 'Overall Impact', 'weakness'],
      ['Reviewer 1', 'Approach', 'weakness'],
    ]);
  });
});
