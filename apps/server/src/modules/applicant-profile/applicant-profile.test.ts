import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICANT_PROFILE_MESSAGES } from '@grantleaf/shared/applicant-profile.schema';
import { isSealed } from '../../adapters/storage/sealing.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';

const FACULTY = {
  kind: 'researcher',
  organisation: 'University of Toronto',
  country: 'CA',
  region: 'CA-ON',
  fields: ['natural-sciences'],
  careerStage: 'early-career',
  careerStartYear: 2023,
  degreeYear: 2019,
  clinicalDoctorate: false,
  citizenship: 'citizen-or-resident',
};

// Words that read as a university lab: only the profile (or the override) says "company".
const SEARCH = {
  researchTopic: 'Hyperspectral sensing of soil moisture for irrigation scheduling',
  researchDetails: 'Field trials of low-cost hyperspectral sensors on three farms over two seasons.',
  teamProfile: 'A team of four with field equipment and a drone.',
};

describe.each(DATABASES)('applicant profile on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    t = await startTestApp(kind, { WORKERS: 'on' });
    admin = await registerUser(t, { email: 'admin@grantleaf.ca' });
  });
  afterAll(() => t.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;
  const search = async (token: string, body: object) => {
    const res = await t.api('POST', '/api/funding-finder-requests', { token, body });
    expect(res.status).toBe(201);
    const [done] = await until(async () => {
      const list: any[] = (await t.api('GET', '/api/funding-finder-requests', { token })).body;
      const row = list.find((r) => r.id === res.body.id);
      return row?.status === 'complete' && [row];
    });
    return done.fundingResults;
  };

  it('is asked once: empty with a suggestion from the e-mail domain, then saved sealed and read back', async () => {
    const { token, user } = await registerUser(t, { email: `pi-${kind}@utoronto.ca` });
    const empty = await t.api('GET', '/api/applicant-profile', { token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      profile: null,
      suggested: { organisation: expect.stringMatching(/Toronto/), country: 'CA', domain: 'utoronto.ca' },
      updatedAt: null,
    });

    const saved = await t.api('PUT', '/api/applicant-profile', { token, body: FACULTY });
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toMatchObject({ ...FACULTY, employees: null, indigenous: null });
    expect(saved.body.updatedAt).toEqual(expect.any(String));
    expect((await t.api('GET', '/api/applicant-profile', { token })).body.profile).toEqual(
      saved.body.profile,
    );

    // Private facts are sealed at rest.
    const [raw] = await rows(sql`select facts from applicant_profiles where user_id = ${user.id}`);
    expect(isSealed(raw.facts)).toBe(true);
    expect(JSON.stringify(raw.facts)).not.toContain('Toronto');

    // A PUT replaces the whole profile: a key left out is unknown again.
    const replaced = await t.api('PUT', '/api/applicant-profile', { token, body: { kind: 'postdoc' } });
    expect(replaced.body.profile).toMatchObject({ kind: 'postdoc', country: null, fields: [] });
    const [count] = await rows(
      sql`select count(*)::int as n from applicant_profiles where user_id = ${user.id}`,
    );
    expect(count.n).toBe(1);
  });

  it('refuses bad input with a message naming the field, and keeps what was saved', async () => {
    const { token } = await registerUser(t);
    await t.api('PUT', '/api/applicant-profile', { token, body: FACULTY });
    const bad = async (body: object) => {
      const res = await t.api('PUT', '/api/applicant-profile', { token, body });
      expect(res.status).toBe(400);
      return JSON.stringify(res.body);
    };
    expect(await bad({ country: 'US', region: 'CA-ON' })).toContain(APPLICANT_PROFILE_MESSAGES.region);
    expect(await bad({ region: 'CA-ON' })).toContain(APPLICANT_PROFILE_MESSAGES.regionWithoutCountry);
    expect(await bad({ careerStartYear: 1850 })).toContain(APPLICANT_PROFILE_MESSAGES.year);
    expect(await bad({ employees: 2.5 })).toContain(APPLICANT_PROFILE_MESSAGES.employees);
    expect(await bad({ kind: 'wizard' })).toContain('kind');
    expect(await bad({ isAdmin: true })).toMatch(/isAdmin|unrecognized/i);
    expect(await bad({ organisation: 'x'.repeat(201) })).toContain(APPLICANT_PROFILE_MESSAGES.organisation);
    // Nothing lost: the saved profile is unchanged.
    expect((await t.api('GET', '/api/applicant-profile', { token })).body.profile).toMatchObject(FACULTY);
    // The anonymous caller gets nothing.
    expect((await t.api('GET', '/api/applicant-profile')).status).toBe(401);
  });

  it('prefills every search, which may override it for that search only; the results say what was used', async () => {
    const { token, user } = await registerUser(t);
    await t.api('POST', `/api/admin/users/${user.id}/credits`, {
      token: admin.token,
      body: { amount: 3, reason: 'test' },
    });
    await t.api('PUT', '/api/applicant-profile', { token, body: FACULTY });

    const asProfile = await search(token, SEARCH);
    expect(asProfile.applicant_note).toContain(
      'Matched for a Canadian faculty member or independent researcher in Ontario',
    );
    expect(asProfile.applicant_note).toContain('From your applicant profile: who applies, country');
    // The profile is an Ontario researcher: nothing only for companies or for another province ranks.
    const ranked = asProfile.recommendations.map((r: any) => r.program_id);
    expect(ranked).not.toContain('ca-nrc-irap');
    const notEligible = new Map(asProfile.not_eligible.map((n: any) => [n.program_id, n.because]));
    expect(notEligible.get('ca-nrc-irap')).toMatch(/your profile says you are a university researcher/);

    // Overridden for one search (a co-applicant's company in British Columbia).
    const asCompany = await search(token, {
      ...SEARCH,
      applicant: { kind: 'company', region: 'CA-BC', employees: 40 },
    });
    const because = new Map(asCompany.not_eligible.map((n: any) => [n.program_id, n.because]));
    expect(because.get('ca-nserc-discovery-grants')).toMatch(/your profile says you are a company/);
    expect(asCompany.recommendations.map((r: any) => r.program_id)).not.toContain(
      'ca-nserc-discovery-grants',
    );
    const [stored] = await rows(
      sql`select applicant from funding_finder_requests where user_id = ${user.id} order by submission_timestamp desc limit 1`,
    );
    expect(isSealed(stored.applicant)).toBe(true);

    // The stored profile did not change.
    expect((await t.api('GET', '/api/applicant-profile', { token })).body.profile).toMatchObject({
      kind: 'researcher',
      region: 'CA-ON',
    });

    // A bad override is refused before anything is charged.
    const badOverride = await t.api('POST', '/api/funding-finder-requests', {
      token,
      body: { ...SEARCH, applicant: { region: 'XX-99' } },
    });
    expect(badOverride.status).toBe(400);
    expect(JSON.stringify(badOverride.body)).toContain(APPLICANT_PROFILE_MESSAGES.region);
  });

  it('is in the privacy export, opened, and goes with the account', async () => {
    const { token, user } = await registerUser(t);
    await t.api('PUT', '/api/applicant-profile', { token, body: FACULTY });
    const res = await fetch(`${t.baseUrl}/api/account/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const exported = JSON.parse(strFromU8(files['applicant-profile.json']!));
    expect(exported).toEqual([
      expect.objectContaining({ user_id: user.id, facts: expect.objectContaining(FACULTY) }),
    ]);

    const deleted = await t.api('DELETE', '/api/account', { token, body: { password: 'Tr1cky-Passphrase' } });
    expect(deleted.status).toBe(200);
    expect((await t.api('GET', '/api/applicant-profile', { token })).status).toBe(401);
  });
});
