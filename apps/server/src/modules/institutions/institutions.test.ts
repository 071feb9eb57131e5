import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestApp, type TestApp } from '../../../test/harness.ts';
import { mainInstitutionName } from './institutions.service.ts';

describe.each(DATABASES)('known-academic domains (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    ['mail.utoronto.ca', 'University of Toronto'],
    ['mail.mcgill.ca', 'McGill University'],
    ['g.harvard.edu', 'Harvard University'],
    ['student.ubc.ca', 'University of British Columbia'],
  ])('names the institution of %s', async (domain, institution) => {
    const res = await t.api('GET', `/api/institutions/${domain}`);
    expect(res).toMatchObject({ status: 200, body: { academic: true, institution } });
  });

  it('counts an academic suffix without a named institution, and nothing else', async () => {
    expect((await t.api('GET', '/api/institutions/research.ac.uk')).body).toEqual({
      academic: true,
      institution: null,
    });
    expect((await t.api('GET', '/api/institutions/acme-labs.com')).body).toEqual({
      academic: false,
      institution: null,
    });
  });

  it('takes only a domain name', async () => {
    expect((await t.api('GET', '/api/institutions/..%2F..%2Fetc')).status).toBe(400);
    expect((await t.api('GET', '/api/institutions/localhost')).status).toBe(400);
  });
});

describe('mainInstitutionName', () => {
  it('prefers the shortest university name over colleges listed first', () => {
    expect(
      mainInstitutionName([
        'Sauder School of Business',
        'The University of British Columbia',
        'University of British Columbia',
      ]),
    ).toBe('University of British Columbia');
    expect(mainInstitutionName(['Polytechnique Montréal', 'École Polytechnique'])).toBe(
      'École Polytechnique',
    );
    expect(mainInstitutionName([])).toBeNull();
  });
});
