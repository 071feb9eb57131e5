import { describe, expect, it } from 'vitest';
import { extractRequirements } from './requirement-extractor.ts';

// Our own sample call text (no third-party text in the repository; eval/guidelines measures real ones).
const CALL = `Seed Grants 2027: Call for proposals

Eligibility
Am I eligible to apply?
Applicants must hold an academic appointment at a Canadian university.
Postdoctoral fellows are not eligible as principal investigators.

Presentation
  1. The project description must not exceed 5 pages, including figures;
  2. Text must be in a 12 pt font with margins of at least 2 cm;
  3. Use plain language.
  4. Letters of support should be signed by the partner.

Deadlines
Full applications are due by 8:00 p.m. (ET) on March 3, 2027.
The deadlines and the review process are the same for both streams.
The committee meets twice a year and funds about 40 projects.
Do not include hyperlinks to unpublished material.
Introduction ........ 3`;

describe('rule-based requirement extractor', () => {
  // "Use plain language." is an imperative without a modal word: rules miss it (ADR 0115).
  it('keeps the statements that ask something, with their kind, and drops headings, questions and description', () => {
    const found = extractRequirements(CALL);
    expect(found.map((r) => [r.kind, r.text])).toEqual([
      ['eligibility', 'Applicants must hold an academic appointment at a Canadian university.'],
      ['eligibility', 'Postdoctoral fellows are not eligible as principal investigators.'],
      ['limit', 'The project description must not exceed 5 pages, including figures'],
      ['format', 'Text must be in a 12 pt font with margins of at least 2 cm'],
      ['should', 'Letters of support should be signed by the partner.'],
      ['deadline', 'Full applications are due by 8:00 p.m. (ET) on March 3, 2027.'],
      ['format', 'Do not include hyperlinks to unpublished material.'],
    ]);
    expect(found.every((r) => r.page === null)).toBe(true);
  });

  it('cites the page when the text has form feeds between pages, and lists each statement once', () => {
    const found = extractRequirements(
      'Budgets must be in Canadian dollars.\n\f\nTravel costs are eligible expenses.\nBudgets must be in Canadian dollars.',
    );
    expect(found.map((r) => [r.page, r.text])).toEqual([
      [1, 'Budgets must be in Canadian dollars.'],
      [2, 'Travel costs are eligible expenses.'],
    ]);
  });

  it('keeps each list item on its own, even when the items are long enough to look wrapped', () => {
    const found = extractRequirements(
      'Conditions\n  • The applicant must hold a full-time appointment at the institution for the whole grant\n  • The partner organisation must contribute at least one third of the eligible costs in cash',
    );
    expect(found.map((r) => r.text)).toEqual([
      'The applicant must hold a full-time appointment at the institution for the whole grant',
      'The partner organisation must contribute at least one third of the eligible costs in cash',
    ]);
  });
});
