import { describe, expect, it } from 'vitest';
import { classifyFields } from './eligibility-fields.ts';
import { eligibilityRulesSchema, ineligibilityReasons, readApplicant } from './eligibility.ts';
import { countryOfEmail, parseLocation, SUBDIVISIONS, subdivisionOf } from './locations.ts';

const ask = (team: string, details = '', topic = '') => readApplicant({ topic, details, team });

describe('locations', () => {
  it('knows every province and territory and every state, DC and the territories', () => {
    expect(SUBDIVISIONS.filter((s) => s.country === 'CA')).toHaveLength(13);
    expect(SUBDIVISIONS.filter((s) => s.country === 'US' && s.kind === 'state')).toHaveLength(50);
    expect(
      SUBDIVISIONS.filter((s) => s.country === 'US' && s.kind !== 'state')
        .map((s) => s.code)
        .sort(),
    ).toEqual(['US-AS', 'US-DC', 'US-GU', 'US-MP', 'US-PR', 'US-VI']);
  });

  it('reads each by its name, and by its postal abbreviation after a city', () => {
    for (const s of SUBDIVISIONS) {
      expect(parseLocation(`Our lab is in ${s.name}.`), s.name).toEqual({
        country: s.country,
        regions: [s.code],
      });
      expect(parseLocation(`Based in Smalltown, ${s.abbreviations[0]} since 2020.`), s.code).toEqual({
        country: s.country,
        regions: [s.code],
      });
      expect(subdivisionOf(s.abbreviations[0]!)?.code).toBe(s.code);
      expect(subdivisionOf(s.code)?.code).toBe(s.code);
    }
  });

  it('reads Washington, DC as the US capital, not Washington state', () => {
    expect(parseLocation('A Washington, DC company with 12 employees')).toEqual({
      country: 'US',
      regions: ['US-DC'],
    });
    expect(parseLocation('Offices in Washington DC and Baltimore')).toMatchObject({
      country: 'US',
      regions: ['US-DC', 'US-MD'],
    });
    expect(parseLocation('A startup in Seattle, Washington')).toEqual({ country: 'US', regions: ['US-WA'] });
  });

  it('reads common abbreviations and cities, and leaves the pronoun "us" alone', () => {
    expect(parseLocation('a B.C. company in Vancouver')).toEqual({ country: 'CA', regions: ['CA-BC'] });
    expect(parseLocation('PEI farmers')).toEqual({ country: 'CA', regions: ['CA-PE'] });
    expect(parseLocation('we are a Québec lab at McGill')).toEqual({ country: 'CA', regions: ['CA-QC'] });
    expect(parseLocation('Austin, TX 78701')).toEqual({ country: 'US', regions: ['US-TX'] });
    expect(parseLocation('a US-owned small business')).toEqual({ country: 'US', regions: [] });
    expect(parseLocation('help us in our work or me')).toEqual({ country: null, regions: [] });
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
  const nserc = eligibilityRulesSchema.parse({
    applicantTypes: ['faculty'],
    countries: ['CA'],
    fields: ['natural-sciences', 'engineering'],
    excludedFields: ['health'],
  });
  const cihr = eligibilityRulesSchema.parse({
    applicantTypes: ['faculty'],
    countries: ['CA'],
    fields: ['health'],
  });
  const sshrc = eligibilityRulesSchema.parse({
    applicantTypes: ['faculty'],
    countries: ['CA'],
    fields: ['social-sciences', 'humanities'],
  });
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

describe('countryOfEmail', () => {
  it('reads a country only from domains whose registry rules imply one', () => {
    expect(countryOfEmail('ada@mail.utoronto.ca')).toEqual({ country: 'CA', domain: 'mail.utoronto.ca' });
    expect(countryOfEmail(' Grace@MIT.EDU ')).toEqual({ country: 'US', domain: 'mit.edu' });
    expect(countryOfEmail('pi@nih.gov')?.country).toBe('US');
    expect(countryOfEmail('officer@army.mil')?.country).toBe('US');
    for (const none of [
      'joe@micro-rdc.com',
      'a@ox.ac.uk',
      'b@example.org',
      'not-an-address',
      '',
      null,
      undefined,
    ])
      expect(countryOfEmail(none)).toBeNull();
  });
});
