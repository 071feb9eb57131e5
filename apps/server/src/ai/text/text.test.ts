import { describe, expect, it } from 'vitest';
import {
  contentStems,
  detectLanguage,
  findAmounts,
  findDates,
  findDurations,
  readNumber,
  splitList,
  splitListItems,
  splitSentences,
  stem,
  stopWords,
} from './index.ts';

describe('lists split only on the applicant’s markers (issue 24 §1)', () => {
  it('keeps "(EPA 533)" inside objective 3 and makes no phantom objective 4', () => {
    const text =
      '1. Build a sensor for PFAS in drinking water.\n2. Reach a detection limit of 4 ng/L.\n3. Validate against LC-MS/MS (EPA 533) at 6 municipal sites over 12 months.';
    const items = splitListItems(text);
    expect(items.map((i) => i.number)).toEqual(['1', '2', '3']);
    expect(items[2]?.text).toBe('Validate against LC-MS/MS (EPA 533) at 6 municipal sites over 12 months.');
  });

  it('reads a one-line objective with a standard in parentheses as one item', () => {
    const items = splitListItems(
      '3. Validate against LC-MS/MS (EPA 533) at 6 municipal sites over 12 months.',
    );
    expect(items).toHaveLength(1);
    expect(items[0]?.number).toBe('3');
    expect(items[0]?.text).toContain('(EPA 533) at 6 municipal sites');
  });

  it('splits "Aim 1: … Aim 2: … Aim 3: …" written on one line, keeping the labels', () => {
    const items = splitListItems(
      'Aim 1: Map the pathway in mice. Aim 2: Test the inhibitor (IC50 0.84 µM, e.g. in vitro). Aim 3: Validate in 40 patients.',
    );
    expect(items.map((i) => i.marker)).toEqual(['Aim 1:', 'Aim 2:', 'Aim 3:']);
    expect(items[1]?.text).toBe('Test the inhibitor (IC50 0.84 µM, e.g. in vitro).');
  });

  it('reads French labels ("Objectif 2 :") and an introduction is not an item', () => {
    const items = splitListItems(
      'Nos objectifs : Objectif 1 : cartographier les sites. Objectif 2 : mesurer 1 234,56 $ de coûts.',
    );
    expect(items.map((i) => [i.label, i.number])).toEqual([
      ['Objectif', '1'],
      ['Objectif', '2'],
    ]);
    expect(items[1]?.text).toBe('mesurer 1 234,56 $ de coûts.');
  });

  it('never cuts inside parentheses, standards, decimals or abbreviations', () => {
    expect(
      splitList('(a) Certify to ISO 9001. (b) Reach AUROC 0.84 (Smith et al. 2021; 3) cohort).'),
    ).toEqual(['Certify to ISO 9001.', 'Reach AUROC 0.84 (Smith et al. 2021; 3) cohort).']);
    expect(splitList('Use version 2. The rest follows.')).toEqual(['Use version 2. The rest follows.']);
  });

  it('keeps the applicant’s own numbering even when it does not start at 1', () => {
    expect(splitListItems('2) Second aim\n3) Third aim').map((i) => i.number)).toEqual(['2', '3']);
  });

  it('splits semicolon lists and continues wrapped items', () => {
    expect(splitList('Map sites; measure PFAS (EPA 533; EPA 537.1); report')).toEqual([
      'Map sites',
      'measure PFAS (EPA 533; EPA 537.1)',
      'report',
    ]);
    expect(splitList('1. First aim\nwith its detail\n2. Second aim')).toEqual([
      'First aim\nwith its detail',
      'Second aim',
    ]);
  });
});

describe('sentences', () => {
  it('does not end a sentence at an abbreviation, a decimal or inside parentheses', () => {
    expect(
      splitSentences(
        'Dr. Chen leads (see Fig. 2. for details). The pilot reached AUROC 0.84, e.g. in 40 patients. Done.',
      ),
    ).toEqual([
      'Dr. Chen leads (see Fig. 2. for details).',
      'The pilot reached AUROC 0.84, e.g. in 40 patients.',
      'Done.',
    ]);
  });

  // Applicant-style lines (biosketch, team and methods sentences): an initial never ends a sentence.
  const INITIALS: [string, string[]][] = [
    [
      'The PI, J. Smith, leads the field campaign. Co-PI A. B. Osei runs the mass spectrometry lab.',
      ['The PI, J. Smith, leads the field campaign.', 'Co-PI A. B. Osei runs the mass spectrometry lab.'],
    ],
    [
      'Trainees are co-supervised by Dr. J. R. Nguyen (McGill) and K. Lee. They meet weekly.',
      ['Trainees are co-supervised by Dr. J. R. Nguyen (McGill) and K. Lee.', 'They meet weekly.'],
    ],
    [
      'I worked with Jane M. Doe on PFAS sorbents. We validate against LC-MS/MS (EPA 533) at 6 sites.',
      ['I worked with Jane M. Doe on PFAS sorbents.', 'We validate against LC-MS/MS (EPA 533) at 6 sites.'],
    ],
    [
      'J.-P. Tremblay leads Aim 2, e.g. the field trials (see Fig. 2). Smith et al. (2021) showed it.',
      ['J.-P. Tremblay leads Aim 2, e.g. the field trials (see Fig. 2).', 'Smith et al. (2021) showed it.'],
    ],
    // A letter that is a label, or a sentence that follows, still ends one.
    [
      'Participants take vitamin D. Then we measure bone density.',
      ['Participants take vitamin D.', 'Then we measure bone density.'],
    ],
    [
      'The budget is in Appendix B. Results follow in Section C. The team is led by M. Curie.',
      ['The budget is in Appendix B.', 'Results follow in Section C.', 'The team is led by M. Curie.'],
    ],
  ];

  it.each(INITIALS)('keeps initials inside a sentence: %s', (text, sentences) => {
    expect(splitSentences(text, 'en')).toEqual(sentences);
  });

  it('splits French with its abbreviations', () => {
    expect(
      splitSentences('M. Tremblay dirige le projet, p. ex. les essais. Le budget est de 300 000 $.', 'fr'),
    ).toEqual(['M. Tremblay dirige le projet, p. ex. les essais.', 'Le budget est de 300 000 $.']);
  });
});

describe('sentences: the reviewer’s cases (one splitter since ADR 1025)', () => {
  it('keeps initials inside a sentence, as the layer does (guards.ts)', () => {
    expect(
      splitSentences(
        'The PI, J. Smith, leads the field campaign. Co-PI A. B. Osei runs the lab. Participants take vitamin D. Then we measure it.',
      ),
    ).toEqual([
      'The PI, J. Smith, leads the field campaign.',
      'Co-PI A. B. Osei runs the lab.',
      'Participants take vitamin D.',
      'Then we measure it.',
    ]);
  });

  it('does not cut at titles, company suffixes or Latin abbreviations', () => {
    expect(
      splitSentences(
        'Dr. Chen of Moldwise Analytics Inc. will lead the pilot. We use e.g. qPCR in the U.S. and Canada. Smith et al. (2020) showed it. See Fig. 2 for the design.',
      ),
    ).toEqual([
      'Dr. Chen of Moldwise Analytics Inc. will lead the pilot.',
      'We use e.g. qPCR in the U.S. and Canada.',
      'Smith et al. (2020) showed it.',
      'See Fig. 2 for the design.',
    ]);
  });

  it('ends a sentence at "Inc." when a new sentence follows, instead of stitching the two', () => {
    expect(splitSentences('The partner is Moldwise Analytics Inc. We will develop a sensor.')).toEqual([
      'The partner is Moldwise Analytics Inc.',
      'We will develop a sensor.',
    ]);
  });

  it('treats line breaks and inline numbered items as boundaries', () => {
    expect(splitSentences('Methods\nWe will (1) build it; (2) test it.')).toEqual([
      'Methods',
      'We will (1) build it',
      '(2) test it.',
    ]);
  });
});

describe('sentences: standards, abbreviations and labels are not ends (issue 24 §1)', () => {
  const CASES: [string, string[]][] = [
    [
      'Samples go to the U.S. Geological Survey for analysis. The lab reports monthly.',
      ['Samples go to the U.S. Geological Survey for analysis.', 'The lab reports monthly.'],
    ],
    [
      'We sample wells in the U.S. We then compare them with Canadian wells.',
      ['We sample wells in the U.S.', 'We then compare them with Canadian wells.'],
    ],
    [
      'Trace metals, e.g. Pb and Cd, are measured. Controls, i.e. blanks, run daily.',
      ['Trace metals, e.g. Pb and Cd, are measured.', 'Controls, i.e. blanks, run daily.'],
    ],
    [
      'Osei et al. Reported the first sorbent. Then we scaled it.',
      ['Osei et al. Reported the first sorbent.', 'Then we scaled it.'],
    ],
    [
      'The design is in Fig. 2 and Table 1. Results follow.',
      ['The design is in Fig. 2 and Table 1.', 'Results follow.'],
    ],
    [
      'Use reagent No. 5 for the assay. Store it cold.',
      ['Use reagent No. 5 for the assay.', 'Store it cold.'],
    ],
    [
      '3. Validate against LC-MS/MS (EPA 533) at 6 municipal sites over 12 months. 4. Report.',
      ['3. Validate against LC-MS/MS (EPA 533) at 6 municipal sites over 12 months.', '4. Report.'],
    ],
    [
      'The lab is certified to ISO 9001. Audits are yearly.',
      ['The lab is certified to ISO 9001.', 'Audits are yearly.'],
    ],
    [
      'The pilot reached AUROC 0.84 in 40 patients. Sensitivity was 92.5 percent.',
      ['The pilot reached AUROC 0.84 in 40 patients.', 'Sensitivity was 92.5 percent.'],
    ],
  ];

  it.each(CASES)('%s', (text, sentences) => {
    expect(splitSentences(text, 'en')).toEqual(sentences);
  });

  it('keeps French objectives whole, with the space before the colon and a decimal comma', () => {
    expect(
      splitSentences(
        'Objectif 1 : cartographier les sites. Objectif 2 : mesurer les PFAS (EPA 533) à 0,5 ng/L près.',
        'fr',
      ),
    ).toEqual([
      'Objectif 1 : cartographier les sites.',
      'Objectif 2 : mesurer les PFAS (EPA 533) à 0,5 ng/L près.',
    ]);
  });
});

describe('numbers, money, durations, dates', () => {
  it('reads English and French number formats', () => {
    expect(readNumber('150,000')).toBe(150000);
    expect(readNumber('1 234,56')).toBe(1234.56);
    expect(readNumber('0.84')).toBe(0.84);
    expect(readNumber('0,84')).toBe(0.84);
    expect(readNumber('1,234.5')).toBe(1234.5);
  });

  it('reads money with its currency, in both languages', () => {
    const read = (t: string) => findAmounts(t).map((a) => [a.value, a.currency]);
    expect(read('partner cash contribution $150,000; partner in-kind $60,000')).toEqual([
      [150000, null],
      [60000, null],
    ]);
    expect(read('a CAD 300,000 budget')).toEqual([[300000, 'CAD']]);
    expect(read('Coût total : 1 234,56 $ et 300 000 $ CA')).toEqual([
      [1234.56, null],
      [300000, 'CAD'],
    ]);
    expect(read('USD 250K for 18 months; 2 M$ ; €40k; 2 million dollars')).toEqual([
      [250000, 'USD'],
      [2000000, null],
      [40000, 'EUR'],
      [2000000, null],
    ]);
    expect(findAmounts('$300,000 over 3 years ($100k/yr)').map((a) => a.perYear)).toEqual([false, true]);
  });

  it('does not read durations, counts, years, standards or decimals as money', () => {
    expect(
      findAmounts(
        '12 months, 2 years, 25 students, 2,000 words, n = 1,200, in 2026, ISO 9001, EPA 533, AUROC 0.84, 5 mm',
      ),
    ).toEqual([]);
    expect(findAmounts('Equipment: 45,000.').map((a) => a.value)).toEqual([45000]);
  });

  it('reads durations and dates in both languages', () => {
    expect(
      findDurations('12 months, 12 mois, 2 years, an 18-month plan, deux ans').map((d) => d.months),
    ).toEqual([12, 12, 24, 18, 24]);
    expect(
      findDates('from 2027-03-31 to March 2028; fin le 31 mars 2029').map((d) => [d.year, d.month, d.day]),
    ).toEqual([
      [2027, 3, 31],
      [2028, 3, null],
      [2029, 3, 31],
    ]);
  });
});

describe('words', () => {
  it('stems and filters stop words in English and French', () => {
    expect(stem('trainees')).toBe(stem('trainee'));
    expect(stem('objectifs', 'fr')).toBe(stem('objectif', 'fr'));
    expect(stopWords('fr').has('les')).toBe(true);
    expect(contentStems("L'équipe forme les étudiants", 'fr')).toEqual([
      stem('équipe', 'fr'),
      stem('forme', 'fr'),
      stem('étudiants', 'fr'),
    ]);
  });

  it('tells French from English', () => {
    expect(detectLanguage('Le projet vise à réduire les coûts des analyses dans les municipalités.')).toBe(
      'fr',
    );
    expect(detectLanguage('The project will reduce the cost of the analyses in the municipalities.')).toBe(
      'en',
    );
  });
});
