import { describe, expect, it } from 'vitest';
import {
  applicantOverrideSchema,
  applicantProfileInputSchema,
  applyFacts,
  EMPTY_FACTS,
  factsForSearch,
  type ApplicantFacts,
} from '@grantleaf/shared/applicant-profile.schema';
import { eligibilityRulesSchema, ineligibilityReasons } from '@grantleaf/shared/eligibility';
import { classifyFields } from '@grantleaf/shared/eligibility-fields';
import { triAgencyRules } from '../../../test/fixtures/tri-agency-rules.ts';
import { readApplicant, readCareerYears } from './applicant.ts';

// The applicant read from a funding request's text (applicant.ts) and with the profile's stated
// facts (shared/applicant-profile.schema.ts): moved from packages/shared with the reader (ADR 0520).

const TODAY = new Date('2026-11-27T12:00:00Z');
const facts = (input: Partial<ApplicantFacts>): ApplicantFacts => ({ ...EMPTY_FACTS, ...input });
const read = (team: string, details = '', topic = '') => readApplicant({ topic, details, team });
const ask = read;

const discovery = eligibilityRulesSchema.parse({
  applicantTypes: ['faculty'],
  countries: ['CA'],
  fields: ['natural-sciences', 'engineering'],
  excludedFields: ['health'],
});
const k08 = eligibilityRulesSchema.parse({
  applicantTypes: ['faculty', 'postdoc'],
  countries: ['US'],
  requires: {
    clinicalDoctorate: true,
    text: 'Candidates must have a clinical doctoral degree.',
    source: 'https://grants.nih.gov/grants/guide/pa-files/PA-24-176.html',
  },
});
const crii = eligibilityRulesSchema.parse({
  applicantTypes: ['faculty'],
  countries: ['US'],
  fields: ['natural-sciences', 'engineering'],
  requires: {
    degreeWithinYears: 6,
    text: 'PhD no more than six years before the deadline (NSF 23-576).',
    source: 'https://www.nsf.gov/pubs/2023/nsf23576/nsf23576.htm',
  },
});
const hqp = eligibilityRulesSchema.parse({
  applicantTypes: ['graduate-student'],
  countries: ['CA'],
  citizenship: 'Canadian citizens or permanent residents',
});

describe('the applicant profile (issue 25 §1)', () => {
  it('beats the text where it states a fact, and leaves the rest to the text', () => {
    const text = read('Associate professor of physics, University of Toronto');
    const who = applyFacts(text, facts({ kind: 'company', region: 'CA-BC', country: 'CA' }), TODAY);
    expect(who).toMatchObject({ kind: 'company', country: 'CA', regions: ['CA-BC'], fields: text.fields });
    // The reason names the profile as the source of the fact it read.
    expect(ineligibilityReasons(discovery, who)[0]).toBe(
      'It is for faculty members at eligible institutions; your profile says you are a company.',
    );
    // Nothing stated: the text decides, and says so.
    expect(applyFacts(text, null, TODAY)).toBe(text);
    expect(ineligibilityReasons(discovery, text)).toEqual([]);
  });

  it("applies the officer's first checks only to facts the profile states", () => {
    const engineer = read('Assistant professor of mechanical engineering, Purdue University, Indiana');
    expect(ineligibilityReasons(k08, engineer)).toEqual([]);
    const stated = applyFacts(engineer, facts({ clinicalDoctorate: false }), TODAY);
    expect(ineligibilityReasons(k08, stated)).toEqual([
      'It requires a clinical doctoral degree (MD, DVM, PharmD or equivalent); your profile says you hold none.',
    ]);
    expect(ineligibilityReasons(crii, applyFacts(engineer, facts({ degreeYear: 2012 }), TODAY))).toEqual([
      'It requires a PhD received no more than 6 years before the deadline; your profile says 2012.',
    ]);
    expect(ineligibilityReasons(crii, applyFacts(engineer, facts({ degreeYear: 2022 }), TODAY))).toEqual([]);
    const mathEducation = applyFacts(engineer, facts({ fields: ['social-sciences'] }), TODAY);
    expect(ineligibilityReasons(crii, mathEducation)[0]).toMatch(
      /your profile gives your field as social sciences\.$/,
    );
    const student = read('PhD candidate in ecology at the University of Guelph');
    expect(ineligibilityReasons(hqp, student)).toEqual([]);
    expect(ineligibilityReasons(hqp, applyFacts(student, facts({ citizenship: 'neither' }), TODAY))[0]).toBe(
      'It is open to Canadian citizens or permanent residents; your profile says you are neither a citizen nor a permanent resident.',
    );
  });

  it('gives the career stage from the first appointment year when the stage is not stated', () => {
    const who = read('Professor of chemistry');
    expect(applyFacts(who, facts({ kind: 'researcher', careerStartYear: 2023 }), TODAY).careerStage).toBe(
      'early-career',
    );
    expect(applyFacts(who, facts({ kind: 'researcher', careerStartYear: 2009 }), TODAY).careerStage).toBe(
      'mid-career',
    );
    expect(
      applyFacts(who, facts({ careerStage: 'established', careerStartYear: 2023 }), TODAY).careerStage,
    ).toBe('established');
  });

  it("applies one search's override over the stored profile, dropping a province of the other country", () => {
    const stored = facts({ kind: 'researcher', country: 'CA', region: 'CA-ON', fields: ['health'] });
    expect(factsForSearch(stored, { kind: 'company' })).toEqual({ ...stored, kind: 'company' });
    expect(factsForSearch(stored, { country: 'US' })).toMatchObject({ country: 'US', region: null });
    expect(factsForSearch(stored, undefined)).toEqual(stored);
    expect(factsForSearch(null, undefined)).toBeNull();
    expect(factsForSearch(null, { kind: 'student' })).toEqual(facts({ kind: 'student' }));
  });

  it('refuses a province of another country, an unknown code, an impossible year and unknown keys', () => {
    const messages = (input: unknown) =>
      applicantProfileInputSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ country: 'US', region: 'CA-ON' })).toEqual([
      'Choose a province or state of the country you chose',
    ]);
    expect(messages({ region: 'CA-ON' })).toEqual(['Choose the country first, then the province or state']);
    expect(messages({ degreeYear: 1900 })).toEqual(['Enter a year between 1950 and next year']);
    expect(messages({ employees: 0 })).toEqual([
      'Enter the number of employees as a whole number (1 or more)',
    ]);
    expect(messages({ password: 'x' })).toHaveLength(1);
    expect(applicantOverrideSchema.safeParse({ region: 'ZZ-99' }).success).toBe(false);
    expect(applicantProfileInputSchema.parse({ organisation: '  ' }).organisation).toBeNull();
  });
});

describe('reading the applicant from text when the profile is empty (issue 25 §1 cases)', () => {
  it('reads a PhD candidate working with a firm as a student with a partner, not a company', () => {
    const who = read(
      'PhD candidate in forestry at UBC, supervised by a professor, with an arborist firm as partner.',
      'Working with an arborist firm to test sensor-based decay detection in city trees.',
    );
    expect(who).toMatchObject({ kind: 'student', hasPartner: true });
  });

  it('reads Inc., Ltd., SME and employees as a company', () => {
    expect(read('Semios Technologies Inc., Vancouver, British Columbia; 150 employees.').kind).toBe(
      'company',
    );
    expect(read('MineSense Technologies Ltd., an SME in Vancouver, BC.')).toMatchObject({
      kind: 'company',
      regions: ['CA-BC'],
    });
    expect(read('Our company has 12 employees in Halifax.').kind).toBe('company');
  });

  it('lets a social-science department decide the council for policy and governance work on disease', () => {
    const who = read(
      'Associate professor, Department of Sociology, Faculty of Social Sciences, University of Calgary.',
      'Interviews with hunters, Indigenous communities and policy makers on how disease management is governed.',
      'Governance of wildlife disease: policy and community responses to chronic wasting disease',
    );
    expect(who.fields[0]).toBe('social-sciences');
  });

  it('reads partners in the Northwest Territories as a partnership, and permafrost as natural science', () => {
    const who = read(
      'Professor of geography and environmental studies at Carleton University, Ottawa.',
      'Field monitoring of permafrost under highways with partners in the Northwest Territories government.',
      'Permafrost thaw and infrastructure',
    );
    expect(who.hasPartner).toBe(true);
    expect(who.fields[0]).toBe('natural-sciences');
  });
});

describe('a partner named by what the team will do with it (ADR 1011)', () => {
  it('reads "will partner with" and "partnering with" an organisation as a partner', () => {
    for (const team of [
      'Professor Régine Debrosse, School of Social Work, McGill University, partnering with Chalet Kent.',
      'Professor Juan Serpa, McGill University, will partner with Creciendo Juntos, a non-profit organization.',
    ])
      expect(readApplicant({ topic: 'Youth and education', details: 'A study.', team }).hasPartner).toBe(
        true,
      );
    expect(
      readApplicant({
        topic: 'Youth and education',
        details: 'A study.',
        team: 'Professor Régine Debrosse, McGill University.',
      }).hasPartner,
    ).toBe(false);
  });
});

describe('reading where and which council from text (issue 25 §1, ADR 0820)', () => {
  it('lets a department named "Social Sciences" decide the council for community work on a disease', () => {
    // Before ADR 0820 only a named discipline (sociology) did; "disease" put health first here.
    const who = read(
      'Professor, Department of Social Sciences, University of Saskatchewan.',
      'Governance and community responses to chronic wasting disease policy.',
      'Wildlife disease policy',
    );
    expect(who.fields[0]).toBe('social-sciences');
  });

  it('keeps the words when no department speaks, and when the work is not cross-cutting', () => {
    expect(
      read(
        'Professor, University of Saskatchewan.',
        'Spread of the disease in deer herds.',
        'Chronic wasting disease',
      ).fields[0],
    ).toBe('health');
    // A department alone does not overrule the work: a lab study of prions stays health research.
    expect(
      read(
        'Professor, Department of Social Sciences, University of Saskatchewan.',
        'Prion protein misfolding in deer tissue: a laboratory study of chronic wasting disease.',
        'Chronic wasting disease prions',
      ).fields[0],
    ).toBe('health');
  });

  it('reads "LSU" and Baton Rouge as Louisiana, United States', () => {
    expect(read('Assistant Professor, LSU School of Education.')).toMatchObject({
      country: 'US',
      regions: ['US-LA'],
    });
    expect(read('A lab in Baton Rouge.').country).toBe('US');
  });

  it('reads a Canadian city as Canada, so a company there is not a US small business', () => {
    expect(read('A company in Abbotsford with 20 employees.')).toMatchObject({
      kind: 'company',
      country: 'CA',
      regions: ['CA-BC'],
    });
    expect(read('Our company is based in Sudbury.')).toMatchObject({ country: 'CA', regions: ['CA-ON'] });
    const sbir = eligibilityRulesSchema.parse({ applicantTypes: ['small-business'], countries: ['US'] });
    expect(ineligibilityReasons(sbir, read('A company in Abbotsford with 20 employees.')).length).toBe(1);
  });
});

describe('applicant', () => {
  it('detects researchers, postdocs, students, companies and non-profits', () => {
    expect(ask('Associate professor of chemistry at the University of Alberta').kind).toBe('researcher');
    expect(ask('I am a postdoctoral fellow in physics at UBC').kind).toBe('postdoc');
    expect(ask('PhD student in sociology at Concordia').kind).toBe('student');
    expect(ask('Founded in 2023, our startup has 12 employees; the CEO is an engineer').kind).toBe('company');
    expect(ask('We are a non-profit community organization in Winnipeg').kind).toBe('non-profit');
    expect(ask('Untenured assistant professor, first independent lab').careerStage).toBe('early-career');
    expect(ask('Startup with 25 employees').employees).toBe(25);
  });
});

describe('fields (OECD) and the tri-agency mandates', () => {
  const { nserc, cihr, sshrc } = triAgencyRules;
  const researcher = (topic: string, details: string) =>
    readApplicant({ topic, details, team: 'Professor at the University of Toronto, Canada' });
  const cases = [
    {
      topic: 'Retinal biomarkers of diabetic kidney disease',
      details: 'A clinical cohort of 2,000 patients',
      fund: 'cihr',
    },
    {
      topic: 'Topological quantum materials',
      details: 'Thin films and spectroscopy for low-power electronics',
      fund: 'nserc',
    },
    {
      topic: 'Indigenous language revitalization',
      details: 'Oral history and participatory methods with communities',
      fund: 'sshrc',
    },
    {
      topic: 'Urban tree health under drought',
      details: 'Tree physiology and urban forest ecology across city neighbourhoods',
      fund: 'nserc',
    },
  ];
  it('sends each kind of research to its own council only', () => {
    for (const c of cases) {
      const who = researcher(c.topic, c.details);
      const verdict = {
        nserc: ineligibilityReasons(nserc, who),
        cihr: ineligibilityReasons(cihr, who),
        sshrc: ineligibilityReasons(sshrc, who),
      };
      for (const [council, reasons] of Object.entries(verdict)) {
        expect(reasons.length === 0, `${c.topic} → ${council}: ${reasons.join(' ')}`).toBe(
          council === c.fund,
        );
      }
    }
  });

  it('does not read "urban tree health" as health research', () => {
    expect(classifyFields('urban tree health', 'urban tree health').map((f) => f.field)).not.toContain(
      'health',
    );
    expect(classifyFields('public health surveillance of patients', '').map((f) => f.field)).toContain(
      'health',
    );
  });
});

describe('rules', () => {
  const sbir = eligibilityRulesSchema.parse({
    applicantTypes: ['small-business'],
    countries: ['US'],
    ownership: { ownedIn: 'US', maxEmployees: 500, text: 'US-owned small business, 500 employees or fewer' },
  });
  const bcOnly = eligibilityRulesSchema.parse({
    applicantTypes: ['small-business', 'company'],
    countries: ['CA'],
    regions: ['CA-BC'],
  });

  it('keeps a US startup out of BC-only programs and a Canadian company out of SBIR', () => {
    const us = ask('A Washington, DC startup with 12 employees');
    expect(ineligibilityReasons(bcOnly, us)).toEqual([
      'It is open only to applicants in Canada; you are in the United States.',
    ]);
    expect(ineligibilityReasons(sbir, us)).toEqual([]);
    const ontario = ask('Our Waterloo, Ontario startup has 12 employees');
    expect(ineligibilityReasons(bcOnly, ontario)).toEqual([
      'It is open only to applicants in British Columbia; you are in Ontario.',
    ]);
    expect(ineligibilityReasons(sbir, ontario)[0]).toMatch(/United States; you are in Canada/);
  });

  it('applies company size and applicant type', () => {
    expect(ineligibilityReasons(sbir, ask('Texas company with 800 employees'))).toEqual([
      'It is limited to companies with 500 employees or fewer; yours has 800.',
    ]);
    expect(ineligibilityReasons(sbir, ask('Professor of physics at MIT'))[0]).toMatch(
      /^It is for small and medium-sized businesses; you wrote as a university researcher/,
    );
  });

  it('never excludes on what the request does not say', () => {
    expect(ineligibilityReasons(bcOnly, ask('We build sensors'))).toEqual([]);
  });

  it('refuses an unknown province or state code', () => {
    expect(
      eligibilityRulesSchema.safeParse({ applicantTypes: ['faculty'], countries: ['CA'], regions: ['CA-XX'] })
        .success,
    ).toBe(false);
  });
});

describe('who applies and where, from the text alone (issue 25 §1, ADR 0520)', () => {
  it('reads each company cue alone as a company', () => {
    for (const team of [
      'Northwind Robotics Inc. builds inspection drones.',
      'Tidewater Sensors Ltd. makes buoys.',
      'Our company builds inspection drones.',
      'We have 14 employees building inspection drones.',
      'An SME building inspection drones.',
    ])
      expect(read(team).kind, team).toBe('company');
  });

  it('reads a PhD candidate or a doctoral student as a student, even at a university with a firm', () => {
    expect(read('PhD candidate at Dalhousie University, with an engineering firm as partner.').kind).toBe(
      'student',
    );
    expect(read('Doctoral student in history, Université Laval.').kind).toBe('student');
  });

  it('takes the country from the institution named, when no place is', () => {
    expect(read('Professor, Department of History, Acadia University.')).toMatchObject({
      kind: 'researcher',
      country: 'CA',
    });
    expect(read('Associate professor of chemistry, Rice University.')).toMatchObject({
      kind: 'researcher',
      country: 'US',
    });
    expect(read('Department of Sociology, University of Saskatchewan.')).toMatchObject({
      country: 'CA',
      regions: ['CA-SK'],
    });
  });

  it('does not take the partners’, field sites’ or customers’ place for the applicant’s', () => {
    expect(
      read(
        'Professor of geography, University of Ottawa, with partners in the Northwest Territories.',
        'Field sites in Nunavut.',
      ),
    ).toMatchObject({ country: 'CA', regions: ['CA-ON'], hasPartner: true });
    expect(read('A Vancouver company with customers in Texas and Ohio.')).toMatchObject({
      kind: 'company',
      country: 'CA',
      regions: ['CA-BC'],
    });
    // Nothing of the applicant's own: the customers' state does not place them.
    expect(read('An agtech company with customers in California.').country).toBeNull();
  });

  it('lets a social-science department decide the council for community work', () => {
    const who = read(
      'Assistant professor, Department of Political Science, University of Victoria.',
      'Community-led monitoring and the governance of wildlife health on the coast.',
      'Community governance of wildlife health',
    );
    expect(who.fields[0]).toBe('social-sciences');
    const insight = eligibilityRulesSchema.parse({
      applicantTypes: ['faculty'],
      countries: ['CA'],
      fields: ['social-sciences', 'humanities'],
    });
    expect(ineligibilityReasons(insight, who)).toEqual([]);
  });

  it('excludes on facts read from the text as on stated ones, and says they were read', () => {
    const company = read('Semios Technologies Inc., Vancouver, British Columbia; 150 employees.');
    const reasons = ineligibilityReasons(discovery, company);
    expect(reasons[0]).toMatch(
      /^It is for faculty members at eligible institutions; you wrote as a company\./,
    );
  });
});

describe('the province of a named Canadian institution (ADR 0520)', () => {
  it('places the applicant in the institution’s province when no place is named', () => {
    expect(read('Professor, Department of History, Acadia University.').regions).toEqual(['CA-NS']);
    expect(read('Assistant professor, Lakehead University.')).toMatchObject({
      country: 'CA',
      regions: ['CA-ON'],
    });
    expect(read('Professeure au département de sociologie de l’UQAM.')).toMatchObject({
      country: 'CA',
      regions: ['CA-QC'],
    });
    // A place the applicant names beats the institution's.
    expect(read('Professor at Carleton University; I live and work in Gatineau, Quebec.').regions).toEqual([
      'CA-QC',
    ]);
  });
});

describe('career years from the text when the profile is empty (issue 25 §2 career windows)', () => {
  const years = (text: string) => readCareerYears(text, TODAY);
  const era = eligibilityRulesSchema.parse({
    applicantTypes: ['faculty'],
    countries: ['CA'],
    regions: ['CA-ON'],
    careerStages: ['early-career'],
    requires: {
      careerStartOnOrAfter: '2020-01-01',
      degreeOnOrAfter: '2015-01-01',
      text: 'Started their academic career on or after 1 January 2020 (Round 19 dates).',
      source: 'https://www.ontario.ca/page/early-researcher-awards',
    },
  });

  it('reads the first appointment year, in each phrasing', () => {
    expect(years('Assistant professor since 2019 at the University of Waterloo').careerStartYear).toBe(2019);
    expect(years('Assistant Professor of Biology, Purdue University, since 2019.').careerStartYear).toBe(
      2019,
    );
    expect(years('She was appointed in 2021 to the Department of Chemistry.').careerStartYear).toBe(2021);
    expect(years('Appointed assistant professor in 2021.').careerStartYear).toBe(2021);
    expect(years('Since 2018 she has been a tenure-track faculty member at McMaster.').careerStartYear).toBe(
      2018,
    );
    expect(years('He joined the faculty of York University in 2017.').careerStartYear).toBe(2017);
    expect(years('Professeure adjointe depuis 2020 à l’Université Laval.').careerStartYear).toBe(2020);
  });

  it('reads the PhD year, in each phrasing', () => {
    expect(years('PhD 2016, University of Toronto').degreeYear).toBe(2016);
    expect(years('PhD in 2016 from McGill.').degreeYear).toBe(2016);
    expect(years('Ph.D. (2016), Stanford University; assistant professor at Iowa State.').degreeYear).toBe(
      2016,
    );
    expect(years('She received her PhD in ecology from UBC in 2014.').degreeYear).toBe(2014);
    expect(years('In 2012 he completed his doctorate at ETH Zurich.').degreeYear).toBe(2012);
    expect(years('Doctorat en 2017 (Université de Montréal).').degreeYear).toBe(2017);
  });

  it('reads no year where the clause is not about a first appointment or a finished PhD', () => {
    expect(years('PhD student since 2022 in the Department of Physics')).toEqual({
      careerStartYear: null,
      degreeYear: null,
    });
    expect(years('She started her PhD in 2021 at Dalhousie.').degreeYear).toBeNull();
    expect(years('Associate professor since 2015; appointed Canada Research Chair in 2021.')).toEqual({
      careerStartYear: null,
      degreeYear: null,
    });
    expect(years('Full professor since 2010, using survey data from 2016.').careerStartYear).toBeNull();
    expect(years('Assistant professor; the lake record spans 1890 to 2020.').careerStartYear).toBeNull();
    expect(years('Assistant professor since 2031').careerStartYear).toBeNull();
  });

  it('reads "early-career" as the stage, with no year', () => {
    const who = read('Early-career researcher at the University of Regina.');
    expect(who.careerStage).toBe('early-career');
    expect(who.stated).toBeUndefined();
  });

  it('applies the ERA and CRII windows to the years written, and says they were written', () => {
    const late = read(
      'Assistant professor since 2019, Department of Physics, University of Ottawa. PhD 2013.',
    );
    expect(late.stated).toMatchObject({ careerStartYear: 2019, degreeYear: 2013 });
    expect(ineligibilityReasons(era, late)).toEqual([
      'It is for researchers whose academic career started on or after 2020-01-01; you wrote 2019.',
      'It requires a first PhD or terminal degree on or after 2015-01-01; you wrote 2013.',
    ]);
    // The stage still comes from the title: a 2019 start does not make the applicant mid-career.
    expect(late.careerStage).toBe('early-career');
    const recent = read('Assistant professor since 2021, University of Ottawa; PhD 2018.');
    expect(ineligibilityReasons(era, recent)).toEqual([]);
    const engineer = read('Assistant professor of computer engineering since 2020; PhD 2015, Purdue.');
    expect(ineligibilityReasons(crii, engineer)).toContain(
      'It requires a PhD received no more than 6 years before the deadline; you wrote 2015.',
    );
    // What the profile states wins over the words, and the reason names the profile.
    const stated = applyFacts(late, facts({ careerStartYear: 2021 }), TODAY);
    expect(stated.stated).toMatchObject({
      careerStartYear: 2021,
      degreeYear: 2013,
      fromText: ['degreeYear'],
    });
    expect(ineligibilityReasons(era, stated)).toEqual([
      'It requires a first PhD or terminal degree on or after 2015-01-01; you wrote 2013.',
    ]);
    // Nothing written, nothing excluded.
    expect(ineligibilityReasons(era, read('Assistant professor, University of Ottawa'))).toEqual([]);
  });
});

describe('the role decides who applies; the university only says where (issue 25 §1)', () => {
  it('reads students and postdocs in a university department as such, not as faculty', () => {
    const kind = (team: string) => read(team).kind;
    expect(
      kind(
        'PhD candidate in the Department of Biology at the University of Toronto, supervised by Professor Jane Doe.',
      ),
    ).toBe('student');
    expect(
      kind(
        "Master's student in the School of Social Work, Dalhousie University; her thesis examines housing.",
      ),
    ).toBe('student');
    expect(kind('MSc candidate, Faculty of Science, University of Calgary.')).toBe('student');
    expect(kind('A senior majoring in chemistry at Ohio State University.')).toBe('student');
    expect(kind('Doctoral researcher at the University of Guelph, School of Environmental Sciences.')).toBe(
      'student',
    );
    expect(
      kind('Postdoctoral fellow in the Department of Medicine, McGill University, with Dr. Smith.'),
    ).toBe('postdoc');
    expect(kind('Banting Fellow at the University of British Columbia, Faculty of Medicine.')).toBe(
      'postdoc',
    );
  });

  it('reads a company whose founder was a professor as a company, and a bare department as faculty', () => {
    expect(
      read(
        'The Ottawa-based firm builds hospital software; its CEO was a professor at the University of Ottawa.',
      ).kind,
    ).toBe('company');
    expect(read('Department of History, Acadia University.').kind).toBe('researcher');
    expect(read('Our lab studies lake sediments.').kind).toBe('researcher');
  });

  it('keeps a student out of faculty programs on the text alone', () => {
    const who = read('PhD candidate, Department of Sociology, Concordia University, Montréal.');
    expect(ineligibilityReasons(discovery, who)[0]).toBe(
      'It is for faculty members at eligible institutions; you wrote as a graduate student.',
    );
  });
});

describe("NSF CRII's directorate rule: CISE research only (NSF 23-576)", () => {
  const criiCise = eligibilityRulesSchema.parse({
    applicantTypes: ['faculty'],
    countries: ['US'],
    fields: ['natural-sciences', 'engineering'],
    requires: {
      degreeWithinYears: 6,
      directorate: {
        name: 'research in computer and information science and engineering (CISE)',
        words: [
          'computer science',
          'computing',
          'algorithm*',
          'machine learning',
          'software',
          'wireless',
          'networking',
        ],
      },
      text: 'CISE research only (NSF 23-576).',
      source: 'https://www.nsf.gov/pubs/2023/nsf23576/nsf23576.htm',
    },
  });
  const ask = (topic: string, team: string) => readApplicant({ topic, details: '', team });

  it('sets aside research the request places outside computing, naming the words it read', () => {
    const ecologist = ask(
      'Invasive lizard ecology and evolution on Caribbean islands',
      'Assistant professor of biology, University of Tennessee, Knoxville.',
    );
    expect(ineligibilityReasons(criiCise, ecologist)).toEqual([
      expect.stringMatching(
        /^It is limited to research in computer and information science and engineering \(CISE\); the words that place your work in a field \(.*ecology.*\) name none of it\.$/,
      ),
    ]);
    const mathEducation = ask(
      'Mathematics anxiety of middle-school students and teacher education',
      'Assistant professor of mathematics education, Texas Tech University.',
    );
    expect(ineligibilityReasons(criiCise, mathEducation).join(' ')).toMatch(
      /limited to research in computer/,
    );
  });

  it('keeps computing research, and excludes nothing when the request gives no field words', () => {
    const cs = ask(
      'Machine learning for wireless networking at the edge',
      'Assistant professor of computer science, Texas State University.',
    );
    expect(ineligibilityReasons(criiCise, cs)).toEqual([]);
    const silent = ask('A new project', 'Assistant professor, Texas State University.');
    expect(silent.fields).toEqual([]);
    expect(ineligibilityReasons(criiCise, silent)).toEqual([]);
    // A profile's fields alone give no words: the mandate rule reads them, the directorate rule does not.
    expect(
      ineligibilityReasons(criiCise, applyFacts(silent, facts({ fields: ['engineering'] }), TODAY)),
    ).toEqual([]);
  });
});
