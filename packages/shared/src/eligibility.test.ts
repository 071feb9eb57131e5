import { describe, expect, it } from 'vitest';
import { countryOfEmail, parseLocation, SUBDIVISIONS, subdivisionOf } from './locations.ts';
import { ALL_APPLICANT_TYPES, eligibilityRulesSchema, openEligibility } from './eligibility.ts';

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

describe('openEligibility', () => {
  it('holds every rule kind at its "no restriction" default, so the schema reads it unchanged', () => {
    // A rule kind added to the schema without its open default here makes the parse differ.
    const open = openEligibility({ countries: ['CA'] });
    expect(eligibilityRulesSchema.parse(open)).toEqual(open);
    expect(open.applicantTypes).toEqual([...ALL_APPLICANT_TYPES]);
  });
  it('keeps what the caller narrows', () => {
    const rules = openEligibility({ countries: ['US'], applicantTypes: ['small-business'] });
    expect(rules.countries).toEqual(['US']);
    expect(rules.applicantTypes).toEqual(['small-business']);
    expect(rules.fields).toEqual([]);
  });
});
