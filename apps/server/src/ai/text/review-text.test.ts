import { describe, expect, it } from 'vitest';
import { parseLimit } from './limits.ts';
import { findMoney, parseBudgetTotal } from './money.ts';
import { furnitureLines, normalisePaste } from './paste.ts';

describe('findMoney', () => {
  it('reads durations, counts and years as what they are, not amounts', () => {
    expect(findMoney('Total project cost $420,000 over 12 months').map((m) => m.value)).toEqual([420_000]);
    expect(parseBudgetTotal('Total project cost $420,000 over 12 months')).toBe(420_000);
    expect(findMoney('We will recruit 1,200 participants in 2025 across 12 sites for 36 months.')).toEqual(
      [],
    );
    expect(findMoney('n = 3,400 and a 5 mm probe')).toEqual([]);
    expect(parseBudgetTotal('12 months')).toBeNull();
  });

  it('reads signs, codes, magnitudes and currency words', () => {
    expect(
      findMoney('CAD 1.2 million over 3 years ($400k/yr); 45,000 dollars; $2.5M').map((m) => m.value),
    ).toEqual([1_200_000, 400_000, 45_000, 2_500_000]);
    expect(findMoney('Equipment: 45,000.')).toEqual([{ value: 45_000, text: '45,000', explicit: false }]);
  });
});

describe('normalisePaste', () => {
  it('joins hard-wrapped lines and hyphenation, drops page numbers and running headers', () => {
    const header = 'Project Description - Smith';
    const raw = [
      header,
      'We will measure nitrate uptake in 40 head-',
      'water streams across three ecoregions and',
      'compare it with the 2019 baseline survey.',
      '1',
      header,
      'Approach',
      'Each stream is sampled monthly for two years by trained under-',
      'graduate students using standard protocols.',
      'Page 2 of 9',
      header,
    ].join('\n');
    expect(normalisePaste(raw)).toBe(
      'We will measure nitrate uptake in 40 headwater streams across three ecoregions and compare it with the 2019 baseline survey.\nApproach\nEach stream is sampled monthly for two years by trained undergraduate students using standard protocols.',
    );
  });

  it('leaves clean text as it is', () => {
    const clean = 'Approach\nEach stream is sampled monthly.\n\nBudget\nTravel: $4,000.';
    expect(normalisePaste(clean)).toBe(clean);
  });
});

describe('furnitureLines', () => {
  it('finds a header a page break repeats only with pageEdges, and keeps a line repeated in the text', () => {
    const lines = [
      'Review Form',
      'Applicant: 1234',
      'The aims are clear.',
      'Methods',
      'We sample soils.',
      'The team is strong.',
      'Page 1 of 2',
      'Review Form',
      'Applicant: 1234',
      'Methods',
      'The sample is small.',
      'Page 2 of 2',
    ];
    expect(
      furnitureLines(lines)
        .map((f, i) => (f ? lines[i] : null))
        .filter(Boolean),
    ).toEqual(['Page 1 of 2', 'Page 2 of 2']);
    expect(
      furnitureLines(lines, { repeated: false, pageEdges: true })
        .map((f, i) => (f ? lines[i] : null))
        .filter(Boolean),
    ).toEqual([
      'Review Form',
      'Applicant: 1234',
      'Page 1 of 2',
      'Review Form',
      'Applicant: 1234',
      'Page 2 of 2',
    ]);
  });
});

describe('parseLimit', () => {
  it('states its words-per-page assumption and flags a page limit only above 110%', () => {
    expect(parseLimit('5 pages', 550)).toMatchObject({ unit: 'words', max: 2750, flagAbove: 3025 });
    expect(parseLimit('350 words')).toMatchObject({ unit: 'words', max: 350, flagAbove: 350 });
  });
});
