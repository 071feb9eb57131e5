import { describe, expect, it } from 'vitest';
import { ELEMENTS } from '../profile/rubric.ts';
import { PROGRAM_CRITERIA } from '../profile/data.ts';
import { DETECTED_FAMILY, detectFamilies } from './detect.ts';
import { findElement } from './elements.ts';
import { readForReview } from './reading.ts';
import { featuresOf } from './features.ts';
import { detectorWeights, detectorWeightsSchema, familyProbabilities } from './model.ts';
import {
  assertDevelopmentOnly,
  chooseThresholds,
  frozenSplit,
  MIN_RECALL_TO_CLAIM_MISSING,
  TRAINABLE_SIDES,
  trainDetector,
  wilson,
} from './train.ts';

const split = frozenSplit();
const heldOutDoc = [...split].find(([, s]) => s.side === 'heldout')?.[0] ?? '';
const devDoc = [...split].find(([, s]) => s.side === 'development')?.[0] ?? '';
const labels = Object.fromEntries(ELEMENTS.map((e) => [e, false])) as Record<
  (typeof ELEMENTS)[number],
  boolean
>;

describe('the element detector (ADR 0300)', () => {
  it('has committed weights for every family that pass their schema', () => {
    const weights = detectorWeights();
    expect(Object.keys(weights.families).sort()).toEqual([...ELEMENTS].sort());
    for (const f of Object.values(weights.families)) {
      expect(Object.keys(f.weights).length).toBeGreaterThan(10);
      expect(f.thresholds.missing).toBeLessThanOrEqual(f.thresholds.found);
    }
    expect(() => detectorWeightsSchema.parse({ version: 1, families: {} })).toThrow();
  });

  it('was trained on development documents only (with the spent parts handed back to it, ADR 1100)', () => {
    const weights = detectorWeights();
    expect(heldOutDoc).not.toBe('');
    for (const doc of weights.trainedOn)
      expect(TRAINABLE_SIDES.has(split.get(doc)?.side ?? ''), doc).toBe(true);
    expect([...TRAINABLE_SIDES].sort()).toEqual(['development', 'heldout2', 'heldout3']);
  });

  it('refuses to train on a held-out document, whatever the caller says about it', () => {
    expect(() => assertDevelopmentOnly([{ doc: devDoc }])).not.toThrow();
    expect(() => assertDevelopmentOnly([{ doc: devDoc }, { doc: heldOutDoc }])).toThrow(heldOutDoc);
    expect(() => assertDevelopmentOnly([{ doc: 'not-a-document' }])).toThrow(/not in the split/);
    // The parts still quoted as held-out are refused by their own side in split.json.
    for (const side of ['heldout4', 'heldout5', 'heldout6']) {
      const doc = [...split].find(([, s]) => s.side === side)?.[0] ?? '';
      expect(doc, side).not.toBe('');
      expect(() => assertDevelopmentOnly([{ doc: devDoc }, { doc }])).toThrow(`${doc} (${side})`);
    }
    expect(() =>
      trainDetector([{ doc: heldOutDoc, text: 'We will sequence 40 soil samples.', labels }], {
        splitCommit: '26e32ab6b6def938d5c10d37190de6506906f551',
      }),
    ).toThrow(/development side only/);
  });

  it('chooses the "found" threshold for precision and the "missing" one for few wrong claims', () => {
    // 20 passages: the top 8 by probability are 7 true and 1 false; below 0.3 one true in 10.
    const pairs = [
      ...[0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65].map((p) => ({ p, truth: true })),
      { p: 0.6, truth: false },
      { p: 0.5, truth: true },
      { p: 0.45, truth: false },
      ...[0.25, 0.2, 0.18, 0.15, 0.12, 0.1, 0.08, 0.05, 0.03].map((p) => ({ p, truth: false })),
      { p: 0.28, truth: true },
    ];
    const t = chooseThresholds(pairs);
    expect(t.figures.precision).toBeGreaterThanOrEqual(0.85);
    expect(t.found).toBe(0.5);
    expect(t.missing).toBeLessThanOrEqual(0.28);
    expect(t.figures.wrongMissing ?? 0).toBeLessThanOrEqual(0.05);
  });

  it('never says "found" where no threshold reaches the precision target, and bounds "missing" by recall (ADR 0610)', () => {
    // Half the passages at every probability evidence the family: no cut is 0.85 precise.
    const pairs = Array.from({ length: 40 }, (_, i) => ({ p: (i % 20) / 20, truth: i % 2 === 0 }));
    expect(chooseThresholds(pairs).found).toBe(1.01);
    // A rare family (2 of 60): its base rate alone is under 4%, yet neither positive may fall
    // under "missing".
    const rare = [
      ...Array.from({ length: 58 }, (_, i) => ({ p: i / 100, truth: false })),
      { p: 0.3, truth: true },
      { p: 0.05, truth: true },
    ];
    const t = chooseThresholds(rare);
    expect(t.missing).toBeLessThanOrEqual(0.05);
  });

  it('says "missing" only where the wrong share stays under 5% at the top of its 95% interval (ADR 0990)', () => {
    // 4 present among the 100 least likely passages: 4% on the point rate, up to 9.8% in its interval.
    const low = Array.from({ length: 100 }, (_, i) => ({ p: (i + 1) / 1000, truth: i % 25 === 20 }));
    const high = Array.from({ length: 60 }, (_, i) => ({ p: 0.9 + i / 1000, truth: true }));
    expect(chooseThresholds([...low, ...high]).missing).toBe(0);
    // 400 absent under them and none present: 0 of 400 is at most 1% in its interval.
    const absent = Array.from({ length: 400 }, (_, i) => ({ p: i / 10000, truth: false }));
    const t = chooseThresholds([...absent, ...low.map((x) => ({ ...x, p: x.p + 0.04 })), ...high]);
    expect(t.missing).toBeGreaterThan(0.03);
    const said = [...absent, ...low.map((x) => ({ ...x, p: x.p + 0.04 }))].filter((x) => x.p < t.missing);
    expect(wilson(said.filter((x) => x.truth).length, said.length)[1]).toBeLessThanOrEqual(0.05);
  });

  it('never says "missing" for a family it can hardly find (ADR 1150: objectives, recall 0.02)', () => {
    // 100 present: 5 ranked on top, 95 in the middle; 400 absent far below all of them. The low
    // tail is clean (0 of 400), but a model that finds 5% of a family does not separate it.
    const top = [0.99, 0.98, 0.97, 0.96, 0.95].map((p) => ({ p, truth: true }));
    const middle = Array.from({ length: 95 }, (_, i) => ({ p: 0.3 + i / 1000, truth: true }));
    const middleAbsent = Array.from({ length: 95 }, (_, i) => ({ p: 0.3 + i / 1000 + 0.0005, truth: false }));
    const absent = Array.from({ length: 400 }, (_, i) => ({ p: i / 10000, truth: false }));
    const t = chooseThresholds([...top, ...middle, ...middleAbsent, ...absent]);
    expect(t.figures.recall).toBeLessThan(MIN_RECALL_TO_CLAIM_MISSING);
    expect(t.missing).toBe(0);
    // The same tail under a family found at recall 0.3 may still be called missing.
    const found = Array.from({ length: 30 }, (_, i) => ({ p: 0.9 + i / 1000, truth: true }));
    const t2 = chooseThresholds([...found, ...middle.slice(0, 70), ...middleAbsent, ...absent]);
    expect(t2.figures.recall).toBeGreaterThanOrEqual(0.3);
    expect(t2.missing).toBeGreaterThan(0.03);
    // And the committed weights obey it.
    for (const f of Object.values(detectorWeights().families))
      if ((f.development.recall ?? 0) < MIN_RECALL_TO_CLAIM_MISSING) expect(f.thresholds.missing).toBe(0);
  });

  it("never quotes an element's own description as the applicant's stated record", () => {
    const team = PROGRAM_CRITERIA.elements.team!;
    const reading = readForReview(team.expects, PROGRAM_CRITERIA.genericVocabulary, team.cues);
    const finding = findElement(reading, { id: 'team', ...team });
    expect(finding.quote).toBeNull();
    expect(finding.status).not.toBe('found');
  });

  it('an aim the applicant labelled is stated: found with its specifics, never missing (ADR 0880)', () => {
    const aims = PROGRAM_CRITERIA.elements.aims!;
    const text =
      'Sepsis kills 270,000 Americans a year. Aim 1: validate a 12-gene host-response signature in 900 emergency patients. Aim 2: test it in a randomized trial of 400 patients.';
    const finding = findElement(readForReview(text, PROGRAM_CRITERIA.genericVocabulary, aims.cues), {
      id: 'aims',
      ...aims,
    });
    expect(finding.status).toBe('found');
    expect(finding.quote).toMatch(/^Aim [12]: (?:validate a 12-gene|test it in a randomized trial of 400)/);
    // Unlabelled, the same plan is left to the detector (which does not find it in a text this short).
    const unlabelled = text.replace(/Aim \d: /g, 'We will ');
    const left = findElement(readForReview(unlabelled, PROGRAM_CRITERIA.genericVocabulary, aims.cues), {
      id: 'aims',
      ...aims,
    });
    expect(left.status).not.toBe('found');
  });

  it('counts a person only on evidence of one: a title, a role or the writer, not any capitalised word (issue 24)', () => {
    const person = (text: string) =>
      readForReview(text, PROGRAM_CRITERIA.genericVocabulary, []).sentences.map((s) => s.has.person);
    // A capitalised disease, place or product is no person ("Lyme" was read as a name).
    expect(person('Our company will make a faster Lyme disease test.')).toEqual([false]);
    expect(person('The research is about bridges, with students trained in Ontario.')).toEqual([false]);
    expect(person('We will ship the Model X sensor to Kingston in May.')).toEqual([false]);
    expect(
      person(
        'Our CSO, Dr. Meera Shah, developed two FDA-cleared assays. Our CEO has built two companies. The PI has 45 publications; the co-PI led two partnerships. Prof. Osei leads the field work. I have published 19 papers.',
      ),
    ).toEqual([true, true, true, true, true]);
  });

  it('a company team needs a person or a figure: a cue word beside a capitalised word is only weak', () => {
    const companyTeam = PROGRAM_CRITERIA.elements.company_team!;
    const find = (text: string) =>
      findElement(readForReview(text, PROGRAM_CRITERIA.genericVocabulary, companyTeam.cues), {
        id: 'company_team',
        ...companyTeam,
      });
    expect(find('Our company will make a faster Lyme disease test.').status).not.toBe('found');
    expect(
      find('Our company team is led by Dr. Meera Shah, who developed two FDA-cleared assays.').status,
    ).toBe('found');
  });

  it('reads features through the language layer: stems, cues, money and dates', () => {
    const f = featuresOf('Budget\nWe will hire two graduate students ($45,000 per year) from January 2027.');
    expect(f).toEqual(
      expect.arrayContaining(['#heading', 'h:budget', 'f:we', 'f:will', 's:student', '#money', '#date']),
    );
    // The cue rule as features: a training cue with specific content in the project's own words.
    expect(
      featuresOf('We will train two graduate students in mass spectrometry at the Halifax lab.'),
    ).toContain('spec:training');
  });

  it("reads the applicant's own plan and own record apart from background (ADR 0800)", () => {
    const f = featuresOf(
      'Sequencing costs fell tenfold (Metzker, 2010). We will sequence 40 soil samples. I sequenced 12 genomes in 2019.',
    );
    // The same stem three times: in background, in the plan, in the applicant's record.
    expect(f).toEqual(expect.arrayContaining(['s:sequenc', 'p:sequenc', 'o:sequenc', '#p', '#o']));
    const background = featuresOf('Sequencing costs fell tenfold (Metzker, 2010).');
    expect(background.filter((x) => /^(?:p|o):|^#[po]$/.test(x))).toEqual([]);
  });

  it('quotes a sentence it was given, and claims nothing of an empty text', () => {
    const sentences = [
      'We will recruit 120 participants from three clinics in Halifax and randomise them to two arms.',
      'Outcomes are measured at baseline, 6 and 12 months with the Berg Balance Scale and falls diaries.',
      'Analysis uses mixed-effects Poisson regression with clinic as a random effect.',
    ].map((text) => ({ text, words: text.split(/\s+/).length }));
    const found = detectFamilies(sentences);
    expect(familyProbabilities(sentences.map((s) => s.text).join(' ')).methods).toBeGreaterThan(0.5);
    expect(found.methods.decision).toBe('found');
    expect(sentences[found.methods.quote ?? -1]).toBeDefined();
    const none = detectFamilies([]);
    for (const e of ELEMENTS) {
      expect(none[e].decision).not.toBe('found');
      expect(none[e].quote).toBeNull();
    }
  });

  it('judges a text no longer than a labelled passage whole, as it was trained (ADR 1100)', () => {
    const sentences = [
      'Aim 1 will map drought tolerance in 140 big bluestem plants from 16 remnant prairies.',
      'Each plant was cloned and its ploidy measured by flow cytometry at UC Davis in 2019.',
      'In summer 2020 the clones will be planted in a randomized block design in Columbia, Missouri.',
      'We will measure turgor loss point, leaf nitrogen and green-up time in spring 2021.',
      'Whole-genome sequences of all 140 plants are tested for local adaptation with BAYENV2.',
      'The results will guide which genotypes are used to restore tallgrass prairie in the Midwest.',
    ].map((text) => ({ text, words: text.split(/\s+/).length }));
    const whole = familyProbabilities(sentences.map((s) => s.text).join('\n'));
    const found = detectFamilies(sentences);
    for (const e of ELEMENTS) expect(found[e].probability, e).toBeCloseTo(whole[e], 10);
  });

  it('says "missing" of a text it has no window of only where the threshold allows (issue 24 §4)', () => {
    // A passage of the applicant's own research questions: the engine keeps questions out of its
    // windows (it writes questions itself), so nothing is judged; "missing" would be a guess.
    const text =
      'How do soil microbes respond to repeated drought across the three prairie sites we sample?\nWhich of the 40 strains isolated in 2024 keep fixing nitrogen under 30% field capacity?';
    const reading = readForReview(text, PROGRAM_CRITERIA.genericVocabulary, []);
    const weights = detectorWeights();
    const never = ELEMENTS.filter((e) => weights.families[e].thresholds.missing === 0);
    // Team since ADR 1100 (objectives too before it): a family whose threshold never says "missing".
    expect(never).toContain('team');
    for (const [id, base] of Object.entries(PROGRAM_CRITERIA.elements)) {
      const family = DETECTED_FAMILY.get(id);
      if (!family || !never.includes(family)) continue;
      expect(findElement(reading, { id, ...base }).status, id).not.toBe('missing');
    }
    const none = detectFamilies([]);
    for (const e of never) expect(none[e].decision).toBe('unsure');
  });
});
