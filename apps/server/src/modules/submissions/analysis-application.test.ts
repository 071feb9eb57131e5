import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';

// Issue 16 §1: "analysing a text can attach to one [application]".
const PROGRAM = 'ca-nserc-alliance-advantage';
const TEXT = `Objectives: We will deploy 40 river-ice sensors by month 12 and cut flood warning lead time by 50%.
Methods: Field trials on three rivers with a randomised placement design and statistical validation.
Budget justification: $50,000 for hardware, $70,000 for two graduate students' stipends.`;

describe.each(DATABASES)('analyses attached to an application on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { WORKERS: 'on' });
  });
  afterAll(() => t.close());

  const topUp = (userId: string, tenths: number) => fundUser(t.database.db, userId, tenths);
  const balance = async (token: string) =>
    (await t.api('GET', '/api/auth/user', { token })).body.credits as number;
  const newApplication = async (token: string) =>
    (
      await t.api('POST', '/api/applications', {
        token,
        body: { title: 'River ice', program: 'NSERC Alliance' },
      })
    ).body.id as string;
  const analyse = (token: string, applicationId?: string) =>
    t.api('POST', '/api/submissions', {
      token,
      body: { type: 'analysis', programId: PROGRAM, contentJson: { content: TEXT, applicationId } },
    });

  it('attaches an analysis to the owner’s application and lists it there; the analysis outlives the application', async () => {
    const u = await registerUser(t);
    await topUp(u.user.id, 10);
    const applicationId = await newApplication(u.token);
    const res = await analyse(u.token, applicationId);
    expect(res.status).toBe(201);
    expect(res.body.applicationId).toBe(applicationId);
    await analyse(u.token); // not attached: must not appear in the list
    await until(async () => {
      const s = await t.api('GET', `/api/submissions/${res.body.id}`, { token: u.token });
      return s.body.status === 'completed' ? s : undefined;
    });

    const listed = await t.api('GET', `/api/applications/${applicationId}/analyses`, { token: u.token });
    expect(listed.status).toBe(200);
    expect(listed.body.analyses).toHaveLength(1);
    expect(listed.body.analyses[0]).toMatchObject({
      id: res.body.id,
      status: 'completed',
      programId: PROGRAM,
      programName: expect.stringContaining('Alliance'),
    });
    expect(listed.body.analyses[0].meanScore).toBeGreaterThanOrEqual(0);

    // The tracker's delete (a soft delete) leaves the analysis readable.
    expect((await t.api('DELETE', `/api/applications/${applicationId}`, { token: u.token })).status).toBe(
      204,
    );
    const kept = await t.api('GET', `/api/submissions/${res.body.id}`, { token: u.token });
    expect(kept.status).toBe(200);
    expect(
      (await t.api('GET', `/api/applications/${applicationId}/analyses`, { token: u.token })).status,
    ).toBe(404);
    // A hard delete (account purge) clears the link and keeps the row: ON DELETE SET NULL.
    for (const table of ['application_versions', 'application_status_history'])
      await t.database.db.execute(
        sql`delete from ${sql.identifier(table)} where application_id = ${applicationId}`,
      );
    await t.database.db.execute(sql`delete from applications where id = ${applicationId}`);
    const after = await t.api('GET', `/api/submissions/${res.body.id}`, { token: u.token });
    expect(after.status).toBe(200);
    expect(after.body.applicationId).toBeNull();
  });

  it('answers 404 for another user’s application and charges nothing', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    await topUp(other.user.id, 10);
    const foreign = await newApplication(owner.token);
    const before = await balance(other.token);
    const res = await analyse(other.token, foreign);
    expect(res.status).toBe(404);
    expect(await balance(other.token)).toBe(before);
    expect((await t.api('GET', '/api/submissions', { token: other.token })).body).toEqual([]);
    expect((await t.api('GET', `/api/applications/${foreign}/analyses`, { token: other.token })).status).toBe(
      404,
    );
  });

  it('refuses to attach an analysis made against another program than the application’s, and charges nothing', async () => {
    const u = await registerUser(t);
    await topUp(u.user.id, 10);
    const created = await t.api('POST', '/api/applications', {
      token: u.token,
      body: {
        title: 'Ice physics',
        program: 'NSERC Discovery Grants',
        programId: 'ca-nserc-discovery-grants',
      },
    });
    expect(created.status).toBe(201);
    const before = await balance(u.token);
    const res = await analyse(u.token, created.body.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^This application is for .+\. Analyse it against that program/);
    expect(await balance(u.token)).toBe(before);
    expect((await t.api('GET', '/api/submissions', { token: u.token })).body).toEqual([]);
  });
});
