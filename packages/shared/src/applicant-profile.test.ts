import { describe, expect, it } from 'vitest';
import {
  applicantOverrideSchema,
  applicantProfileInputSchema,
  applyFacts,
  EMPTY_FACTS,
  factsForSearch,
  type ApplicantFacts,
} from './applicant-profile.schema.ts';
import { eligibilityRulesSchema, ineligibilityReasons, readApplicant } from './eligibility.ts';

const TODAY = new Date('2026-11-27T12:00:00Z');
const facts = (input: Partial<ApplicantFacts>): ApplicantFacts => ({ ...EMPTY_FACTS, ...input });
const read = (team: string, details = '', topic = '') => readApplicant({ topic, details, team });

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
