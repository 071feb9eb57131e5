import { ineligibilityReasons, type ApplicantProfile } from '@grantleaf/shared/eligibility';
import { describe, expect, it } from 'vitest';
import fs from 'node:fs';
import { EMPTY_FACTS } from '@grantleaf/shared/applicant-profile.schema';
import { readSeedPrograms, SEED_FILE } from '../../modules/programs/program-seed.ts';
import { RANKING_WEIGHTS, RELEVANCE_WEIGHTS } from './weights.ts';
import {
  LOCATION_UNKNOWN_NOTICE,
  matchPrograms,
  rankableFromRow,
  rankPrograms,
  toFundingResults,
  type FundingQuery,
  type RankableProgram,
} from './index.ts';

// Fixed, so the catalogue's deadlines do not move under the test.
export const TODAY = new Date(2026, 10, 22);

export const catalogue: RankableProgram[] = readSeedPrograms(SEED_FILE, TODAY).map((row) =>
  rankableFromRow(row, TODAY),
);

interface Profile extends FundingQuery {
  label: string;
  expected: string[];
}

export const PROFILES: Profile[] = [
  {
    label: 'Canadian university lab doing health research',
    researchTopic: 'Early detection of type 2 diabetes complications with retinal imaging',
    researchDetails:
      'Our lab at the University of Toronto runs a prospective cohort of 2,000 patients to validate a retinal imaging biomarker for diabetic kidney disease. We need funding for the clinical study, research staff and data analysis.',
    teamProfile:
      'PI is an associate professor of medicine; team includes two postdocs, a biostatistician and clinical collaborators at Sunnybrook hospital.',
    expected: ['ca-cihr-project-grant'],
  },
  {
    label: 'Ontario clean-tech startup',
    researchTopic: 'Low-cost lithium battery recycling process',
    researchDetails:
      'We are a Waterloo, Ontario startup developing a hydrometallurgical process that recovers lithium and cobalt from spent EV batteries with 60% less energy. We are scaling our pilot plant and hiring chemists; our R&D spending is about $800k this year.',
    teamProfile:
      'Founded in 2023, incorporated in Canada, 12 employees including 6 engineers. CEO is a chemical engineer; CTO was a battery researcher.',
    expected: ['ca-nrc-irap', 'ca-sred-federal-itc', 'ca-on-innovation-tax-credit'],
  },
  {
    label: 'US small business on a defence sensor',
    researchTopic: 'Uncooled infrared sensor for drone detection',
    researchDetails:
      'We are developing a low-SWaP uncooled infrared sensor array and tracking software to detect small drones for Army and Air Force base protection. We have a working lab prototype and want to mature it with a military customer.',
    teamProfile:
      'Dayton, Ohio small business with 25 employees, US-owned; PI is our chief scientist, a former Air Force Research Laboratory engineer.',
    expected: ['us-dod-sbir-sttr'],
  },
  {
    label: 'Canadian social scientist',
    researchTopic: 'Indigenous language revitalization through community radio',
    researchDetails:
      'A three-year qualitative study with First Nations communities in Quebec examining how community radio programs support language transmission between elders and youth, using participatory methods and oral history.',
    teamProfile:
      'Professor of anthropology at McGill University with a co-investigator in linguistics and two graduate students.',
    expected: [
      'ca-sshrc-insight-grants',
      'ca-sshrc-insight-development-grants',
      'ca-sshrc-partnership-engage-grants',
    ],
  },
  {
    label: 'US early-career physicist',
    researchTopic: 'Topological quantum materials for low-power electronics',
    researchDetails:
      'I will grow and characterize thin films of topological insulators and integrate them in spintronic devices, and build an outreach program for undergraduates from rural high schools.',
    teamProfile:
      'Untenured assistant professor of physics at the University of Michigan, appointed in 2024, first independent lab; United States.',
    expected: ['us-nsf-career'],
  },
  {
    // NASA's only published date (2026-05-21) has passed, so the open SBIR/STTR programs must carry it.
    label: 'US space startup, while the NASA solicitation is closed',
    researchTopic: 'Green monopropellant thruster for small satellites',
    researchDetails:
      'We design a non-toxic propulsion module for CubeSats and small satellites to extend orbital life and enable lunar missions. Seeking funding to test the thruster in a vacuum chamber.',
    teamProfile:
      'Colorado-based small business, 9 employees, founded by two aerospace engineers; U.S. owned.',
    expected: ['us-nsf-sbir-sttr-phase-1', 'us-dod-sbir-sttr'],
  },
  {
    label: 'US biotech small business',
    researchTopic: 'Rapid point-of-care diagnostic test for sepsis',
    researchDetails:
      'A microfluidic assay that measures host-response biomarkers from a drop of blood in 20 minutes, to help emergency clinicians treat sepsis patients earlier. We need to run feasibility studies with a hospital partner.',
    teamProfile:
      'Boston, Massachusetts startup with 8 employees; founders are a biomedical engineer and an emergency physician. US company.',
    expected: ['us-nih-sbir-sttr-phase-1'],
  },
  {
    label: 'Canadian engineering professor with an industry partner',
    researchTopic: 'Machine learning for predictive maintenance of mining equipment',
    researchDetails:
      'Together with an industry partner company that operates haul trucks, we will develop sensor analytics and machine learning models that predict component failures. The partner will contribute cash and data.',
    teamProfile:
      'Professor of mechanical engineering at the University of British Columbia (Vancouver) with an NSERC Discovery grant, three PhD students.',
    expected: ['ca-nserc-alliance-advantage', 'ca-bc-innovate-bc-ignite'],
  },
  {
    label: 'US agriculture small business',
    researchTopic: 'In-field soil nitrate sensors for precision fertilizer use',
    researchDetails:
      'Low-cost soil sensors and a mobile app that help small and mid-size farms cut fertilizer use and nitrate runoff into water.',
    teamProfile: 'Iowa agtech small business with 6 employees, US citizens, founded by an agronomist.',
    expected: ['us-usda-nifa-sbir'],
  },
  {
    label: 'Canadian cancer researcher',
    researchTopic: 'Immunotherapy resistance in metastatic breast cancer',
    researchDetails:
      'We study why tumours stop responding to immune checkpoint inhibitors, using patient-derived organoids and engaging patient partners in the design.',
    teamProfile:
      'Independent investigator with an academic appointment at Dalhousie University in Halifax, Nova Scotia; oncology lab of 6.',
    expected: ['ca-ccs-challenge-grants', 'ca-cihr-project-grant', 'ca-ccs-breakthrough-team-grants'],
  },
  {
    label: 'Quebec software company doing R&D',
    researchTopic: 'Speech recognition for low-resource French dialects',
    researchDetails:
      'Our Montreal company performs R&D on new acoustic models and wants to recover part of its R&D expenditures through tax credits.',
    teamProfile:
      'Canadian-controlled private corporation in Quebec with 40 employees, 15 of them in research.',
    expected: ['ca-qc-cric', 'ca-sred-federal-itc'],
  },
  {
    label: 'Ontario college researcher with a local manufacturer',
    researchTopic: 'Automated visual inspection of machined aluminum parts',
    researchDetails:
      'Applied research with an Ontario manufacturer (40 employees in Hamilton) to build a camera-based defect detection cell for its production line. The company will match the funding in cash.',
    teamProfile:
      'Faculty member at Mohawk College, a publicly funded Ontario college, with two student researchers and an industry partner.',
    expected: ['ca-on-oci-vip'],
  },
];

describe('built-in funding ranking', () => {
  it.each(PROFILES)('$label → expected program in the top 5', (profile) => {
    const ranked = rankPrograms(profile, catalogue, TODAY);
    const top5 = ranked.slice(0, 5).map((r) => r.program.id);
    expect(
      top5.some((id) => profile.expected.includes(id)),
      `top 5 was ${top5.join(', ')}`,
    ).toBe(true);
  });

  it('has at least 8 profiles', () => {
    expect(PROFILES.length).toBeGreaterThanOrEqual(8);
  });

  it('keeps foreign and provincial programs out of the way', () => {
    const ranked = rankPrograms(PROFILES[0]!, catalogue, TODAY).slice(0, 5);
    expect(ranked.map((r) => r.program.id).filter((id) => !id.startsWith('ca-'))).toEqual([]);
    const us = rankPrograms(PROFILES[2]!, catalogue, TODAY).slice(0, 3);
    expect(us.every((r) => r.program.country === 'US')).toBe(true);
  });

  it('leaves out programs whose deadline has passed', () => {
    const ranked = rankPrograms(PROFILES[4]!, catalogue, TODAY);
    expect(ranked.some((r) => r.program.id === 'ca-nserc-alliance-missions')).toBe(false);
    const past = { ...catalogue.find((p) => p.id === 'us-nsf-career')!, deadline: '2026-07-22' };
    const again = rankPrograms(
      PROFILES[4]!,
      [...catalogue.filter((p) => p.id !== 'us-nsf-career'), past],
      TODAY,
    );
    expect(again.some((r) => r.program.id === 'us-nsf-career')).toBe(false);
  });

  it('never ranks a paused or archived program among open ones (issue 25 §3)', () => {
    const bc: FundingQuery = {
      researchTopic: 'Scaling up production of our sensor hardware',
      researchDetails:
        'Our Vancouver, British Columbia company with 40 employees is expanding manufacturing capacity, adopting automation and growing exports; we need business scale-up and productivity funding.',
      teamProfile: 'A B.C. technology company (Inc.).',
    };
    const paused = catalogue.find((p) => p.id === 'ca-pacifican-bsp')!;
    expect(paused.closed).toBe(true);
    expect(rankPrograms(bc, catalogue, TODAY).map((r) => r.program.id)).not.toContain('ca-pacifican-bsp');
    // Whatever it would score, a program whose funder paused or archived it is not ranked.
    const first = rankPrograms(bc, catalogue, TODAY)[0]!.program;
    for (const kind of ['paused', 'archived'] as const) {
      const row = { ...first, deadlineRule: { kind }, status: 'active' };
      const shut = rankableFromRow({ ...row, nextDeadlines: [], projectedDeadlines: [] }, TODAY);
      const ids = rankPrograms(bc, [...catalogue.filter((p) => p.id !== first.id), shut], TODAY).map(
        (r) => r.program.id,
      );
      expect(ids, kind).not.toContain(first.id);
    }
  });

  it('lists paused programs the applicant could apply to under "Not open now", with the intake, never ranked', () => {
    const bc: FundingQuery = {
      researchTopic: 'Scaling up production of our sensor hardware',
      researchDetails:
        'Our Vancouver, British Columbia company with 40 employees is expanding manufacturing capacity, adopting automation and growing exports; we need business scale-up and productivity funding.',
      teamProfile: 'A B.C. technology company (Inc.).',
    };
    const match = matchPrograms(bc, catalogue, TODAY);
    const paused = match.notOpen.find((n) => n.program.id === 'ca-pacifican-bsp')!;
    expect(paused.intake).toMatch(/^Not taking applications/);
    expect(match.eligible.map((r) => r.program.id)).not.toContain('ca-pacifican-bsp');
    const results = toFundingResults(match.eligible, { notOpen: match.notOpen, applicant: match.applicant });
    expect(results.not_open!.find((n) => n.program_id === 'ca-pacifican-bsp')).toMatchObject({
      intake: paused.intake,
      next_date: null,
    });
    // A paused program the applicant could not apply to anyway is not listed.
    const ontarioLab = matchPrograms(PROFILES[0]!, catalogue, TODAY);
    expect(ontarioLab.notOpen.map((n) => n.program.id)).not.toContain('ca-pacifican-bsp');
  });

  it('reads the stated profile before the text, and says which facts it used', () => {
    const lab = PROFILES[0]!;
    const asCompany = matchPrograms(
      { ...lab, profileFacts: { ...EMPTY_FACTS, kind: 'company', country: 'CA', region: 'CA-ON' } },
      catalogue,
      TODAY,
    );
    expect(asCompany.eligible.map((r) => r.program.id)).not.toContain('ca-cihr-project-grant');
    expect(
      asCompany.ineligible.find((i) => i.program.id === 'ca-cihr-project-grant')!.reasons.join(' '),
    ).toMatch(/your profile says you are a company/);
    const results = toFundingResults(asCompany.eligible, {
      applicant: asCompany.applicant,
      facts: { ...EMPTY_FACTS, kind: 'company', country: 'CA', region: 'CA-ON' },
    });
    expect(results.applicant_note).toMatch(
      /^Matched for a Canadian company in Ontario, working in medical and health sciences\. From your applicant profile: who applies, country, province or state\. Read from your text: medical and health sciences — set your applicant profile on the Account page to be sure\./,
    );
    expect(
      toFundingResults(rankPrograms(lab, catalogue, TODAY), {
        applicant: matchPrograms(lab, catalogue, TODAY).applicant,
      }).applicant_note,
    ).toMatch(
      / Read from your text: university researcher in \w[\w ]+(, [\w ]+)? — set your applicant profile on the Account page to be sure\./,
    );
  });

  it('sets Ontario ERA aside for a career start the request states before its window, and says so', () => {
    const query = {
      researchTopic: 'Machine learning for the early detection of bridge corrosion',
      researchDetails: 'Sensor networks and deep learning models that find corrosion in steel bridges.',
      teamProfile:
        'Assistant professor of civil engineering at the University of Waterloo since 2016; PhD 2012, University of Toronto.',
    };
    const before = matchPrograms(query, catalogue, TODAY);
    const era = before.ineligible.find((i) => i.program.id === 'ca-on-era');
    expect(era?.reasons).toContain(
      'It is for researchers whose academic career started on or after 2020-01-01; you wrote 2016.',
    );
    expect(before.eligible.map((r) => r.program.id)).not.toContain('ca-on-era');
    expect(toFundingResults(before.eligible, { applicant: before.applicant }).applicant_note).toMatch(
      /Read from your text: [^—]*first appointment 2016, PhD 2012 — /,
    );
    // Within the window, the same request keeps ERA among the programs it may apply to.
    const within = matchPrograms(
      {
        ...query,
        teamProfile:
          'Assistant professor of civil engineering at the University of Waterloo since 2022; PhD 2019.',
      },
      catalogue,
      TODAY,
    );
    expect(within.ineligible.map((i) => i.program.id)).not.toContain('ca-on-era');
    expect(within.eligible.map((r) => r.program.id)).toContain('ca-on-era');
  });

  it("sets NSF CRII aside for research outside CISE, by the record's directorate rule", () => {
    const ids = (q: FundingQuery) => matchPrograms(q, catalogue, TODAY);
    const ecology = ids({
      researchTopic: 'Thermal tolerance of invasive anole lizards',
      researchDetails: 'Field and laboratory work on lizard physiology, ecology and evolution.',
      teamProfile:
        'Assistant professor of ecology and evolutionary biology, University of Tennessee, Knoxville.',
    });
    expect(ecology.ineligible.find((i) => i.program.id === 'us-nsf-crii')?.reasons.join(' ')).toMatch(
      /^It is limited to research in computer and information science and engineering \(NSF's CISE directorate/,
    );
    const computing = ids({
      researchTopic: 'Machine learning for energy-efficient wireless networking',
      researchDetails: 'Algorithms and software for edge devices.',
      teamProfile: 'Assistant professor of computer science, Texas State University, San Marcos.',
    });
    expect(computing.eligible.map((r) => r.program.id)).toContain('us-nsf-crii');
  });

  it('keeps every ranking weight in one named table, each with its reason', () => {
    for (const [name, entry] of Object.entries({ ...RANKING_WEIGHTS, ...RELEVANCE_WEIGHTS })) {
      expect(Number.isFinite(entry.value), name).toBe(true);
      expect(entry.why.length, name).toBeGreaterThan(20);
    }
    // No bare number is added to or taken from a score outside the table, nor weighs a word or a
    // record's part in text relevance, nor scales the budget threshold.
    const dir = new URL('./', import.meta.url);
    const source = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'weights.ts')
      .map((f) => fs.readFileSync(new URL(f, dir), 'utf8'))
      .join('\n');
    expect(source.match(/score\s*[-+]=\s*-?\d/g) ?? []).toEqual([]);
    expect(source.match(/\badd\(.*,\s*-?\d[\d.]*\);/g) ?? []).toEqual([]);
    expect(
      source.match(/\b(?:name|agency|eligibility|description):\s*\d|\b(?:K1|B)\s*=\s*\d|cap\s*\*\s*\d/g) ??
        [],
    ).toEqual([]);
  });

  it('explains every recommendation in plain words', () => {
    const results = toFundingResults(rankPrograms(PROFILES[0]!, catalogue, TODAY));
    expect(results.funding_programs.length).toBeGreaterThanOrEqual(5);
    expect(results.recommendations.length).toBe(5);
    const cihr = results.recommendations.find((r) => r.program_id === 'ca-cihr-project-grant')!;
    expect(cihr.why_it_matched).toMatch(
      /^You are a Canadian faculty member or independent researcher working in medical and health sciences; the mandate of CIHR Project Grant covers exactly this\./,
    );
    expect(cihr.deadline).toMatch(/^\d{4}-\d{2}-\d{2}( \(expected\))?$/);
    for (const r of results.recommendations) {
      expect(r.why_it_matched.length).toBeGreaterThan(40);
      // Never the raw shared tokens of the old explanation.
      expect(r.why_it_matched).not.toMatch(/shares key terms|Why it matched/);
      expect(r).toMatchObject({
        name: expect.any(String),
        agency: expect.any(String),
        description: expect.any(String),
        eligibility: expect.any(String),
        funding_range: expect.any(String),
        deadline: expect.any(String),
      });
    }
  });
});

const ask = (researchTopic: string, researchDetails: string, teamProfile: string): FundingQuery => ({
  researchTopic,
  researchDetails,
  teamProfile,
});
const ids = (q: FundingQuery) => rankPrograms(q, catalogue, TODAY).map((r) => r.program.id);

describe('rules before ranking (issue 14)', () => {
  it('sends a Washington, DC company to U.S. programs only, never to CIHR', () => {
    const q = ask(
      'Wearable sensor for hospital patients',
      'Clinical validation of a wearable for patients with heart disease.',
      'A Washington, DC startup with 7 employees.',
    );
    const listed = rankPrograms(q, catalogue, TODAY);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.map((r) => r.program.id)).not.toContain('ca-cihr-project-grant');
    expect(listed.filter((r) => !r.program.eligibilityRules?.countries.includes('US'))).toEqual([]);
  });

  it('never offers a U.S. startup a BC-only (or any Canadian) program', () => {
    const q = ask(
      'Forestry drone mapping',
      'Drones that map wildfire fuel in British Columbia forests for our customers.',
      'Seattle, Washington startup with 10 employees; US-owned.',
    );
    const programs = rankPrograms(q, catalogue, TODAY);
    expect(programs.length).toBeGreaterThan(0);
    expect(
      programs.filter(
        (r) => r.program.region === 'CA-BC' || !r.program.eligibilityRules?.countries.includes('US'),
      ),
    ).toEqual([]);
  });

  it('does not treat urban tree health as health research', () => {
    const q = ask(
      'Urban tree health under drought',
      'Tree physiology, urban forest ecology and soil moisture across city neighbourhoods.',
      'Associate professor of forestry at the University of British Columbia, Canada.',
    );
    const listed = ids(q);
    expect(listed).toContain('ca-nserc-discovery-grants');
    expect(listed).not.toContain('ca-cihr-project-grant');
  });

  it('gives a mining-sensor company no faculty fellowship', () => {
    const q = ask(
      'Wireless sensors for underground mines',
      'Our company sells gas and vibration sensors to mining operators.',
      'Sudbury, Ontario company with 30 employees.',
    );
    const listed = ids(q);
    expect(listed).not.toContain('us-sloan-research-fellowship');
    expect(listed).not.toContain('ca-nserc-discovery-grants');
    expect(listed).toContain('ca-nrc-irap');
  });

  it('keeps a company over 500 employees out of SBIR, and says why apart from the list', () => {
    const q = ask(
      'Radiation-hardened processors',
      'A new processor for satellites.',
      'Texas company with 2,000 employees, US-owned.',
    );
    const { eligible, ineligible } = matchPrograms(q, catalogue, TODAY);
    expect(eligible.some((r) => r.program.id.includes('sbir'))).toBe(false);
    const dod = ineligible.find((i) => i.program.id === 'us-dod-sbir-sttr')!;
    expect(dod.reasons).toEqual(['It is limited to companies with 500 employees or fewer; yours has 2,000.']);
    const results = toFundingResults(eligible, { ineligible });
    expect(results.not_eligible?.find((n) => n.program_id === 'us-dod-sbir-sttr')?.because).toMatch(
      /500 employees or fewer/,
    );
    expect(results.funding_programs.some((f) => f.program_name === dod.program.name)).toBe(false);
  });

  it('says when it could not tell where the applicant is, and puts regional programs after national ones', () => {
    const nowhere = ask(
      'Structured ASIC circuits',
      'Low-cost structured ASIC circuits for aerospace applications.',
      'A private research firm of 12 engineers.',
    );
    const { eligible, applicant } = matchPrograms(nowhere, catalogue, TODAY);
    expect(applicant.country).toBeNull();
    expect(toFundingResults(eligible, { applicant }).notice).toMatch(/does not say where you are based/);
    // Programs for one province or territory (CanNor, ACOA, Alberta Innovates) come after IRAP,
    // which any Canadian company may use.
    const at = (id: string) => eligible.findIndex((r) => r.program.id === id);
    expect(at('ca-nrc-irap')).toBeGreaterThanOrEqual(0);
    for (const regional of eligible.filter((r) => (r.program.eligibilityRules?.regions.length ?? 0) > 0))
      expect(at(regional.program.id)).toBeGreaterThan(at('ca-nrc-irap'));

    const stated = ask(
      nowhere.researchTopic,
      nowhere.researchDetails,
      'A firm of 12 engineers in Ottawa, Ontario.',
    );
    const known = matchPrograms(stated, catalogue, TODAY);
    expect(toFundingResults(known.eligible, { applicant: known.applicant }).notice).toBeUndefined();
  });

  it('claims "exactly this" only for a research mandate in the main field and focus, never for a company', () => {
    const q = ask(
      'Antibody discovery platform for biotherapeutics',
      'Development and validation of technologies for a platform that discovers antibodies for next-generation biotherapeutics.',
      'A biotechnology company of 40 people in Vancouver, British Columbia.',
    );
    const { eligible, applicant } = matchPrograms(q, catalogue, TODAY);
    expect(applicant.kind).toBe('company');
    // A space program is not the place for an antibody company, whatever shared field words say.
    expect(eligible.slice(0, 5).map((r) => r.program.id)).not.toContain('ca-csa-stdp');
    expect(eligible.slice(0, 5).map((r) => r.program.id)).toContain('ca-nrc-irap');
    for (const r of eligible) expect(r.reasons.join(' ')).not.toMatch(/exactly this/);

    // Pure mathematics: NSERC Discovery's mandate covers it; a commercialization grant's does not.
    const maths = matchPrograms(
      ask(
        'Degenerate elliptic equations',
        'Regularity of weak solutions of degenerate elliptic partial differential equations.',
        'Professor of mathematics at Cape Breton University, Nova Scotia.',
      ),
      catalogue,
      TODAY,
    ).eligible;
    const reason = (id: string) => maths.find((r) => r.program.id === id)?.reasons[0] ?? '';
    expect(reason('ca-nserc-discovery-grants')).toMatch(
      /the mandate of NSERC Discovery Grants covers exactly this\.$/,
    );
    expect(reason('ca-nserc-i2i')).toMatch(
      /applicants like you may apply to NSERC Idea to Innovation \(I2I\) grants\.$/,
    );
  });

  it('claims no fit for an applicant whose kind the request does not give (the rules checked none)', () => {
    const unknown = matchPrograms(
      ask(
        'Degenerate elliptic equations',
        'Regularity of weak solutions of degenerate elliptic partial differential equations.',
        'Nova Scotia.',
      ),
      catalogue,
      TODAY,
    );
    expect(unknown.applicant.kind).toBeNull();
    const reasons = unknown.eligible.slice(0, 10).flatMap((r) => r.reasons);
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.filter((r) => /applicants like you|You are /.test(r))).toEqual([]);
    const discovery = unknown.eligible.find((r) => r.program.id === 'ca-nserc-discovery-grants');
    expect(discovery?.reasons[0]).toMatch(
      /^Your work is in natural sciences, a field NSERC Discovery Grants funds; your request does not say who applies, so check that you may\.$/,
    );
  });

  it("takes the country from the account's e-mail domain only when the request names none, and says so", () => {
    const nowhere = ask(
      'Structured ASIC circuits',
      'Low-cost structured ASIC circuits for aerospace applications.',
      'A private research firm of 12 engineers.',
    );
    const countryOnly = (r: { program: RankableProgram }, c: string) =>
      r.program.eligibilityRules?.countries.length === 1 && r.program.eligibilityRules.countries[0] === c;

    const toronto = matchPrograms({ ...nowhere, accountEmail: 'ada@utoronto.ca' }, catalogue, TODAY);
    expect(toronto.applicant.country).toBe('CA');
    expect(toronto.countryFromAccount).toEqual({ country: 'CA', domain: 'utoronto.ca' });
    expect(toronto.eligible.some((r) => countryOnly(r, 'US'))).toBe(false);
    expect(toronto.eligible.some((r) => r.program.id === 'ca-nrc-irap')).toBe(true);
    expect(toFundingResults(toronto.eligible, toronto).notice).toBe(
      "Your request does not say where you are based, so programs are matched for Canada, where your account's e-mail address (utoronto.ca) places you. Add your city and province or state to the team profile to match elsewhere, or to include programs of one province or state.",
    );

    const stanford = matchPrograms({ ...nowhere, accountEmail: 'grace@cs.stanford.edu' }, catalogue, TODAY);
    expect(stanford.applicant.country).toBe('US');
    expect(stanford.eligible.some((r) => countryOnly(r, 'CA'))).toBe(false);
    expect(stanford.ineligible.find((i) => i.program.id === 'ca-nrc-irap')?.reasons[0]).toMatch(
      /you are in the United States/,
    );

    // A domain that names no country changes nothing.
    const company = matchPrograms({ ...nowhere, accountEmail: 'joe@micro-rdc.com' }, catalogue, TODAY);
    expect(company.countryFromAccount).toBeNull();
    expect(toFundingResults(company.eligible, company).notice).toBe(LOCATION_UNKNOWN_NOTICE);

    // What the request says wins over the account.
    const ottawa = matchPrograms(
      {
        ...nowhere,
        teamProfile: 'A firm of 12 engineers in Ottawa, Ontario.',
        accountEmail: 'grace@mit.edu',
      },
      catalogue,
      TODAY,
    );
    expect(ottawa.applicant.country).toBe('CA');
    expect(ottawa.countryFromAccount).toBeNull();
    expect(toFundingResults(ottawa.eligible, ottawa).notice).toBeUndefined();
  });

  it('names the program a researcher applies to before one they must be nominated for', () => {
    const q = ask(
      'Some further problems in graph theory',
      'A five-year research program in graph theory.',
      'Professor, Department of Mathematics and Statistics, Acadia University, Nova Scotia.',
    );
    const ranked = rankPrograms(q, catalogue, TODAY);
    const at = (id: string) => ranked.findIndex((r) => r.program.id === id);
    expect(at('ca-nserc-discovery-grants')).toBe(0);
    const sloan = ranked[at('us-sloan-research-fellowship')]!;
    expect(at('us-sloan-research-fellowship')).toBeGreaterThan(0);
    expect(sloan.reasons.join(' ')).toMatch(/nominated: your department or institution/);
  });

  it('applies each tri-agency mandate to researchers', () => {
    const team = 'Professor at McGill University in Montreal, Canada.';
    const health = ids(
      ask('Sepsis biomarkers in hospital patients', 'A clinical cohort of patients in intensive care.', team),
    );
    const natural = ids(
      ask('Quantum materials', 'Spectroscopy of thin films and condensed matter physics.', team),
    );
    const social = ids(
      ask(
        'Oral history of migration',
        'Qualitative, participatory research on immigration and language.',
        team,
      ),
    );
    expect(health).toContain('ca-cihr-project-grant');
    expect(health.filter((id) => id.startsWith('ca-nserc-') || id.startsWith('ca-sshrc-'))).toEqual([]);
    expect(natural).toContain('ca-nserc-discovery-grants');
    expect(natural.filter((id) => id.startsWith('ca-cihr-') || id.startsWith('ca-sshrc-'))).toEqual([]);
    expect(social).toContain('ca-sshrc-insight-grants');
    expect(social.filter((id) => id.startsWith('ca-cihr-') || id.startsWith('ca-nserc-'))).toEqual([]);
  });
});

describe("officers' first checks, as data with sources (issue 25 §2)", () => {
  const rules = (id: string) => catalogue.find((p) => p.id === id)!.eligibilityRules!;
  const who = (stated: NonNullable<ApplicantProfile['stated']>): ApplicantProfile => ({
    kind: 'researcher',
    country: 'US',
    regions: [],
    fields: [],
    fieldWords: {},
    careerStage: null,
    employees: null,
    hasPartner: false,
    indigenous: false,
    budget: null,
    stated,
  });

  it('K08 and K23 exclude an applicant whose profile states no clinical doctorate, never one who said nothing', () => {
    for (const id of ['us-nih-k08', 'us-nih-k23']) {
      expect(rules(id).requires).toMatchObject({
        clinicalDoctorate: true,
        source: expect.stringMatching(/^https:/),
      });
      expect(ineligibilityReasons(rules(id), who({ clinicalDoctorate: false })), id).toEqual([
        'It requires a clinical doctoral degree (MD, DVM, PharmD or equivalent); your profile says you hold none.',
      ]);
      expect(ineligibilityReasons(rules(id), who({ clinicalDoctorate: true })), id).toEqual([]);
      expect(ineligibilityReasons(rules(id), who({})), id).toEqual([]);
    }
  });

  it('R15 excludes an institution the profile says is over the NIH-support limit', () => {
    expect(ineligibilityReasons(rules('us-nih-r15'), who({ r15EligibleInstitution: false }))).toEqual([
      expect.stringMatching(/^It is only for institutions with no more than \$6M a year of NIH support/),
    ]);
    expect(ineligibilityReasons(rules('us-nih-r15'), who({ r15EligibleInstitution: true }))).toEqual([]);
  });

  it("ERA's career window: a career started before 2020 or a first degree before 2015 is out", () => {
    const era = rules('ca-on-era');
    const ontario = (stated: NonNullable<ApplicantProfile['stated']>) => ({
      ...who(stated),
      country: 'CA' as const,
      regions: ['CA-ON'],
    });
    expect(ineligibilityReasons(era, ontario({ careerStartYear: 2012, degreeYear: 2010 }))).toEqual([
      'It is for researchers whose academic career started on or after 2020-01-01; your profile says 2012.',
      'It requires a first PhD or terminal degree on or after 2015-01-01; your profile says 2010.',
    ]);
    expect(ineligibilityReasons(era, ontario({ careerStartYear: 2021, degreeYear: 2016 }))).toEqual([]);
    expect(ineligibilityReasons(era, ontario({}))).toEqual([]);
  });
});
