import { describe, expect, it } from 'vitest';
import { withoutPlaceNames } from '@grantleaf/shared/locations';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { matchPrograms, rankableFromRow, type FundingQuery, type RankableProgram } from './index.ts';

// What the ranking weighs once the rules have set aside what the applicant cannot apply to
// (ADR 0760): evidence of relevance, a program's single purpose, and a request's focus.
const TODAY = new Date(2026, 10, 22);
const catalogue: RankableProgram[] = readSeedPrograms(SEED_FILE, TODAY).map((row) =>
  rankableFromRow(row, TODAY),
);
const ask = (researchTopic: string, researchDetails: string, teamProfile: string): FundingQuery => ({
  researchTopic,
  researchDetails,
  teamProfile,
});
const ranking = (q: FundingQuery) => matchPrograms(q, catalogue, TODAY).eligible;
const at = (q: FundingQuery, id: string) => ranking(q).findIndex((r) => r.program.id === id);

describe('fit after the rules (ADR 0760)', () => {
  it('does not let one generic word outweigh the fit of the program a company applies to', () => {
    // "create" is the only word this request shares with Futurpreneur's record; as the best match
    // it used to count as a full one and put a young-entrepreneur loan above IRAP.
    const q = ask(
      'A platform to create enzymes for biocatalysis',
      'Development and validation of a new technology to create enzymes on demand.',
      'Enzymix Inc., a Canadian company in Ottawa, Ontario.',
    );
    const ranked = ranking(q);
    const irap = ranked.findIndex((r) => r.program.id === 'ca-nrc-irap');
    expect(irap).toBeLessThan(2);
    const loan = ranked.find((r) => r.program.id === 'ca-futurpreneur-startup');
    if (loan) expect(loan.matchedTerms).toEqual(['create']);
    expect(ranked.findIndex((r) => r.program.id === 'ca-futurpreneur-startup')).toBeGreaterThan(irap);
  });

  it('never reads a province or state name as a topic word', () => {
    const text = 'a company in British Columbia and Washington, DC';
    expect(withoutPlaceNames(text).replace(/\s+/g, ' ').trim()).toBe('a company in and');
    expect(withoutPlaceNames(text)).toHaveLength(text.length);
    const q = ask(
      'Tissue engineering of cartilage',
      'We develop a bioprinted cartilage implant.',
      'Cartilix Ltd., an early-stage company in Vancouver, British Columbia.',
    );
    for (const r of ranking(q)) expect(r.matchedTerms, r.program.id).not.toContain('columbia');
  });

  it('puts a tax credit after project funding unless the company speaks of its own R&D spending', () => {
    const project = ask(
      'Bioprinted liver tissue for drug testing',
      'We are developing bioprinted liver tissue models for preclinical drug testing.',
      'Hepatix Ltd., an early-stage company in Vancouver, British Columbia.',
    );
    expect(at(project, 'ca-nrc-irap')).toBeLessThan(at(project, 'ca-bc-sred-tax-credit'));
    const spending = ask(
      'Bioprinted liver tissue for drug testing',
      'We are developing bioprinted liver tissue models; our R&D spending is $900k a year and we claim SR&ED.',
      'Hepatix Ltd., an early-stage company in Vancouver, British Columbia.',
    );
    const credit = ranking(spending).find((r) => r.program.id === 'ca-bc-sred-tax-credit')!;
    const before = ranking(project).find((r) => r.program.id === 'ca-bc-sred-tax-credit')!;
    expect(credit.score).toBeGreaterThan(before.score);
  });

  it('treats a wage subsidy for new hires as a single-purpose program', () => {
    const team = 'Sensorix Inc., a technology company in Victoria, British Columbia.';
    const build = ask('Soil moisture sensors', 'We are developing a low-cost soil moisture sensor.', team);
    const hire = ask(
      'Soil moisture sensors',
      'We are developing a low-cost soil moisture sensor and hiring two new employees for the work.',
      team,
    );
    const score = (q: FundingQuery) =>
      ranking(q).find((r) => r.program.id === 'ca-bc-innovator-skills-initiative')!.score;
    expect(score(hire)).toBeGreaterThan(score(build));
    expect(at(build, 'ca-nrc-irap')).toBeLessThan(at(build, 'ca-bc-innovator-skills-initiative'));
  });

  it('does not take a narrower focus named once in passing as the focus of the request', () => {
    const team = 'Professor, Department of Medical Microbiology and Immunology, University of Alberta.';
    const passing = ask(
      'Mechanisms of T cell tolerance in the thymus',
      'Signals of the protein PD-1 that make T cells tolerant of healthy tissue; relevant to infections, vaccination, cancer and autoimmunity. Experiments use flow cytometry and preclinical models.',
      team,
    );
    expect(at(passing, 'ca-cihr-project-grant')).toBe(0);
    const focus = ask(
      'T cells that reject breast cancer tumours',
      'Engineering T cells against metastatic breast cancer in preclinical tumour models.',
      team,
    );
    expect(at(focus, 'ca-ccs-breakthrough-team-grants')).toBeLessThan(at(focus, 'ca-cihr-project-grant'));
  });

  it('counts an SBIR contract as R&D funding for a small business developing a technology', () => {
    const q = ask(
      'Lightweight payload adapter for small launch vehicles',
      'A low-cost adapter ring that carries secondary payloads on launch vehicles.',
      'Orbitrix, a small company in Albuquerque, New Mexico, working with the Air Force Research Laboratory.',
    );
    const sbir = ranking(q).find((r) => r.program.id === 'us-dod-sbir-sttr')!;
    expect(sbir.program.programType).toBe('contract');
    // The same record as a grant scores the same: a contract funds the R&D as much as a grant does.
    const asGrant = { ...sbir.program, programType: 'grant' as const };
    const others = catalogue.filter((p) => p.id !== 'us-dod-sbir-sttr');
    const granted = matchPrograms(q, [...others, asGrant], TODAY).eligible.find(
      (r) => r.program.id === 'us-dod-sbir-sttr',
    )!;
    expect(sbir.score).toBeCloseTo(granted.score, 6);
    expect(at(q, 'us-dod-sbir-sttr')).toBe(0);
  });
});

// A request's sector words (vocabulary.ts) against the agencies' SBIRs: held-out 2 and 1 misses
// read for the ADR 0885 round, in made-up words.
describe('sector words (ADR 0885)', () => {
  it('puts NASA’s SBIR/STTR ahead of DOE’s for sensors used in rocket engine testing', () => {
    // "Energy-based" named the method and put DOE first; rockets were no space word.
    const q = ask(
      'Energy-based acoustic measurement techniques and sensors',
      'Acoustic sensors developed with a university partner, for rocket engine testing.',
      'Acme Acoustics Inc., Provo, Utah, a small business.',
    );
    expect(at(q, 'us-nasa-sbir-sttr')).toBeLessThan(at(q, 'us-doe-sbir-sttr'));
    expect(at(q, 'us-nasa-sbir-sttr')).toBeLessThan(5);
  });

  it('puts NIH’s SBIR ahead of NSF’s for an EEG device physicians use', () => {
    const q = ask(
      'A dense-array EEG sensor net',
      'A sensor net and software that give physicians more detailed images of brain activity than a conventional EEG.',
      'Acme Neuro Inc., Eugene, OR.',
    );
    expect(at(q, 'us-nih-sbir-sttr-phase-1')).toBe(0);
    expect(at(q, 'us-nih-sbir-sttr-phase-1')).toBeLessThan(at(q, 'us-nsf-sbir-sttr-phase-1'));
  });
});

describe('field phrases in the sectors (ADR 0885)', () => {
  it('lists NEH Fellowships in the top 5 for a book in the history of medicine', () => {
    // "medical" three times made health the request's only focus and NEH had no sector in common.
    const q = ask(
      'Childbirth and the disabled maternal body in Victorian Britain',
      'Research and writing leading to a book on medical dilemmas, using literary criticism and the history of medicine: literary and medical discourse and medical photography.',
      'Jane Doe, Bowdoin College, Brunswick, ME.',
    );
    expect(at(q, 'us-neh-fellowships')).toBeGreaterThanOrEqual(0);
    expect(at(q, 'us-neh-fellowships')).toBeLessThan(5);
  });
});

describe('R&D before capital (ADR 0885)', () => {
  it('puts IRAP ahead of ACOA’s capital-cost program for an Atlantic company developing software', () => {
    // ACOA's BDP funds "setting up, expanding or modernizing … capital costs"; it counted as an R&D grant.
    const q = ask(
      'Interactive e-courseware for nursing',
      'Develop interactive e-courseware software for nursing education.',
      'Acme Learning Inc, Moncton NB.',
    );
    expect(at(q, 'ca-nrc-irap')).toBeLessThan(at(q, 'ca-acoa-bdp'));
  });
});

describe('a deadline too soon, with another intake three months later (ADR 1011)', () => {
  it('costs a quarterly program nothing, and an annual one the same date still costs', () => {
    const today = new Date(2026, 10, 28); // 17 days before SSHRC Partnership Engage's 15 December intake
    const row = readSeedPrograms(SEED_FILE, today).find(
      (r) => r.id === 'ca-sshrc-partnership-engage-grants',
    )!;
    const quarterly = rankableFromRow(row, today);
    expect(quarterly.deadline).toBe('2026-12-15');
    const rule = quarterly.deadlineRule!;
    if (rule.kind !== 'recurring') throw new Error('Partnership Engage has a recurring intake');
    const december = rule.intakes.filter((i) => i.stages.some((s) => s.on.month === 12));
    const annual = { ...quarterly, id: 'annual-copy', deadlineRule: { ...rule, intakes: december } };
    const q = ask(
      'Youth identities in Côte-des-Neiges',
      'How young people of colour view their identities and aspirations, with programming for a youth non-profit.',
      'Professor Régine Debrosse, School of Social Work, McGill University, partnering with Chalet Kent.',
    );
    const scores = Object.fromEntries(
      matchPrograms(q, [quarterly, annual], today).eligible.map((r) => [r.program.id, r.score]),
    );
    expect(scores['ca-sshrc-partnership-engage-grants']! - scores['annual-copy']!).toBeCloseTo(1.2, 5);
  });
});
