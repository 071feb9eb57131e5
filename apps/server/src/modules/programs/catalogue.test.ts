import { VERIFICATION_MAX_AGE_MONTHS } from '@grantleaf/shared/catalogue.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.schema';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { closeProgramsJob } from './close-programs.job.ts';
import { createProgramsService } from './programs.service.ts';

const today = () => new Date().toISOString().slice(0, 10);
const NOTE = 'INTERNAL-CURATION-MARKER do not show';

/** The form's fields from an admin read: what the browser sends back with its changes. */
function formOf(p: any) {
  return {
    name: p.name,
    agency: p.agency,
    jurisdiction: p.jurisdiction,
    country: p.country,
    programType: p.programType,
    currency: p.currency,
    fundingMin: p.fundingMin,
    fundingMax: p.fundingMax,
    fundingPeriod: p.fundingPeriod,
    deadlinePattern: p.deadlinePattern,
    nextDeadlines: p.nextDeadlines,
    eligibility: p.eligibility,
    url: p.url,
    sources: p.sources,
    status: p.status,
    notes: p.notes,
    updatedAt: p.updatedAt,
  };
}

describe.each(DATABASES)('admin catalogue curation on %s', (kind) => {
  let t: TestApp;
  let admin: { token: string; user: any };
  let user: { token: string; user: any };
  const audit = async (id: string) =>
    (
      (await t.database.db.execute(
        sql`select actor_id as "actorId", action, request_id as "requestId" from audit_log where object_type = 'program' and object_id = ${id} order by id`,
      )) as unknown as { rows: Array<{ actorId: string; action: string; requestId: string | null }> }
    ).rows;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await registerUser(t, { email: 'admin@grantleaf.ca' });
    user = await registerUser(t);
  });
  afterAll(() => t.close());

  it('is for admins only: anonymous 401, users 403, on every catalogue route', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/programs'],
      ['GET', '/api/admin/programs/ca-nrc-irap'],
      ['PATCH', '/api/admin/programs/ca-nrc-irap', { name: 'x' }],
      ['POST', '/api/admin/programs/ca-nrc-irap/verify'],
      ['POST', '/api/admin/programs/ca-nrc-irap/retire'],
      ['POST', '/api/admin/programs/ca-nrc-irap/restore'],
    ];
    for (const [method, path, body] of routes) {
      expect((await t.api(method, path, { body })).status, path).toBe(401);
      expect((await t.api(method, path, { token: user.token, body })).status, path).toBe(403);
    }
    const list = await t.api('GET', '/api/admin/programs?q=IRAP', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.programs.map((p: any) => p.id)).toContain('ca-nrc-irap');
    expect(list.headers.get('x-total-count')).toBe(String(list.body.total));
    expect((await t.api('GET', '/api/admin/programs/no-such-program', { token: admin.token })).status).toBe(
      404,
    );
  });

  it("says which section list drafts and checks use: a funder template wins; without one, the record's list, edits included", async () => {
    const discovery = (
      await t.api('GET', '/api/admin/programs/ca-nserc-discovery-grants', { token: admin.token })
    ).body;
    expect(discovery.application.sectionsFrom).toBe('program');
    expect(discovery.application.sections.map((s: any) => s.name)).toContain('HQP training plan');
    expect(discovery.application.recordSections.length).toBeGreaterThan(2);
    const id = 'ca-nfrf-exploration';
    await t.database.db.execute(
      sql`update grant_programs set required_sections = ${JSON.stringify([{ name: 'Research proposal', limit: '4 pages' }])}::jsonb where id = ${id}`,
    );
    const edited = (await t.api('GET', `/api/admin/programs/${id}`, { token: admin.token })).body;
    expect(edited.application.sectionsFrom).toBe('catalogue');
    expect(edited.application.sections).toEqual([
      { name: 'Research proposal', limit: '4 pages', attachment: false },
    ]);
  });

  it('refuses invalid edits field by field and changes nothing', async () => {
    const before = (await t.api('GET', '/api/admin/programs/ca-nrc-irap', { token: admin.token })).body;
    const form = formOf(before);
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ name: '  ' }, 'name', /Enter the program name/],
      [{ url: 'not a url' }, 'url', /full web address/],
      [{ sources: [] }, 'sources', /at least one source/],
      [{ fundingMin: 500, fundingMax: 100 }, 'fundingMax', /at least the minimum/],
      [{ nextDeadlines: ['2027-13'] }, 'nextDeadlines.0', /YYYY-MM-DD/],
      [{ country: 'FR' }, 'country', /Canada or the United States/],
      [{ closedAt: null }, '', /closedAt|Unrecognized/i],
    ];
    for (const [change, path, message] of cases) {
      const res = await t.api('PATCH', '/api/admin/programs/ca-nrc-irap', {
        token: admin.token,
        body: { ...form, ...change },
      });
      expect(res.status, JSON.stringify(change)).toBe(400);
      const error = res.body.errors.find((e: any) => e.path === path) ?? res.body.errors[0];
      expect(error.message, JSON.stringify(res.body)).toMatch(message);
    }
    const after = (await t.api('GET', '/api/admin/programs/ca-nrc-irap', { token: admin.token })).body;
    expect(after).toEqual(before);
  });

  it('edits in one transaction with its history row and audit row; the seed no longer overwrites it', async () => {
    const id = 'ca-sshrc-insight-grants';
    const before = (await t.api('GET', `/api/admin/programs/${id}`, { token: admin.token })).body;
    const res = await t.api('PATCH', `/api/admin/programs/${id}`, {
      token: admin.token,
      headers: { 'x-request-id': 'ignored' },
      body: { ...formOf(before), name: 'SSHRC Insight Grants (curated)', fundingMax: 400000 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'SSHRC Insight Grants (curated)', fundingMax: 400000 });
    expect(res.body.history[0]).toMatchObject({
      action: 'edit',
      actorId: admin.user.id,
      actorEmail: 'admin@grantleaf.ca',
      fields: ['name', 'fundingMax'],
    });
    const rows = await audit(id);
    expect(rows.at(-1)).toMatchObject({ actorId: admin.user.id, action: 'program.edit' });
    expect(rows.at(-1)!.requestId).toBeTruthy();
    // Users see the edit at once.
    const search = await t.api('GET', '/api/grant-programs?q=curated&page=1&pageSize=5');
    expect(search.body.map((p: any) => p.id)).toContain(id);
    // The start-up seed runs again (a restart): the curated record stays as the admin left it.
    await createProgramsService({ db: t.database.db }).seedCatalogue();
    const again = (await t.api('GET', `/api/admin/programs/${id}`, { token: admin.token })).body;
    expect(again.name).toBe('SSHRC Insight Grants (curated)');
    // An edit from the old version is refused, not applied over the newer one.
    const stale = await t.api('PATCH', `/api/admin/programs/${id}`, {
      token: admin.token,
      body: { ...formOf(before), name: 'Stale edit' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/Someone else changed this program/);
    // Sending the form back unchanged writes nothing.
    const same = await t.api('PATCH', `/api/admin/programs/${id}`, {
      token: admin.token,
      body: formOf(again),
    });
    expect(same.status).toBe(200);
    expect(same.body.history).toHaveLength(again.history.length);
  });

  it('marks a record verified today, in the history and the audit log', async () => {
    const id = 'ca-cfi-jelf';
    const res = await t.api('POST', `/api/admin/programs/${id}/verify`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lastVerified: today(), needsVerification: false });
    expect(res.body.history[0]).toMatchObject({ action: 'verify', fields: ['lastVerified'] });
    expect((await audit(id)).map((r) => r.action)).toEqual(['program.verify']);
    const [pub] = (await t.api('GET', `/api/grant-programs?ids=${id}`)).body;
    expect(pub.lastVerified).toBe(today());
  });

  it('retires a program: gone from every user list and search, kept for history; restore brings it back', async () => {
    const id = 'ca-genome-canada-gapp';
    const name = (await t.api('GET', `/api/admin/programs/${id}`, { token: admin.token })).body.name;
    const retired = await t.api('POST', `/api/admin/programs/${id}/retire`, { token: admin.token });
    expect(retired.body).toMatchObject({ retired: true });
    expect(retired.body.history[0]).toMatchObject({ action: 'retire' });
    const ids = async (path: string) => (await t.api('GET', path)).body.map((p: any) => p.id);
    expect(await ids('/api/grant-programs')).not.toContain(id);
    expect(await ids(`/api/grant-programs?q=${encodeURIComponent(name)}&page=1&pageSize=100`)).not.toContain(
      id,
    );
    expect(await ids('/api/grant-programs?jurisdiction=CA&page=1&pageSize=100')).not.toContain(id);
    // A user's history still names it.
    expect(await ids(`/api/grant-programs?ids=${id}`)).toEqual([id]);
    // Nor can new work be started for it by a direct call.
    const submission = await t.api('POST', '/api/submissions', {
      token: user.token,
      body: {
        type: 'analysis',
        programId: id,
        contentJson: { programId: id, inputMethod: 'text', content: 'Objectives: one.' },
      },
    });
    expect(submission.status).toBe(400);
    expect(submission.body.message).toBe(SUBMISSION_MESSAGES.programRetired);
    const admins = await t.api('GET', '/api/admin/programs?filter=retired', { token: admin.token });
    expect(admins.body.programs.map((p: any) => p.id)).toEqual([id]);
    // Retiring twice is no second change.
    const twice = await t.api('POST', `/api/admin/programs/${id}/retire`, { token: admin.token });
    expect(twice.body.history).toHaveLength(1);
    const restored = await t.api('POST', `/api/admin/programs/${id}/restore`, { token: admin.token });
    expect(restored.body).toMatchObject({ retired: false });
    expect(await ids('/api/grant-programs')).toContain(id);
    expect((await audit(id)).map((r) => r.action)).toEqual(['program.retire', 'program.restore']);
  });

  it('never answers a non-admin with curation notes; admins read them', async () => {
    const id = 'ca-nserc-i2i';
    const before = (await t.api('GET', `/api/admin/programs/${id}`, { token: admin.token })).body;
    const edited = await t.api('PATCH', `/api/admin/programs/${id}`, {
      token: admin.token,
      body: { ...formOf(before), notes: NOTE },
    });
    expect(edited.body.notes).toBe(NOTE);
    const paths = [
      '/api/grant-programs',
      '/api/grant-programs?include=details',
      `/api/grant-programs?ids=${id}&include=details`,
      '/api/grant-programs?q=NSERC&include=details&page=1&pageSize=100',
      '/api/grant-programs?q=Idea%20to%20Innovation&include=details',
    ];
    for (const path of paths) {
      for (const token of [undefined, user.token]) {
        const res = await t.api('GET', path, { token });
        expect(JSON.stringify(res.body), path).not.toContain('INTERNAL-CURATION-MARKER');
        if (Array.isArray(res.body)) for (const p of res.body) expect(p).not.toHaveProperty('notes');
      }
    }
    expect(JSON.stringify(edited.body.history)).not.toContain('INTERNAL-CURATION-MARKER');
  });

  it(`the daily job flags records not verified for ${VERIFICATION_MAX_AGE_MONTHS} months, and verifying clears the flag`, async () => {
    const stale = 'us-doe-sbir-sttr';
    const fresh = 'ca-nserc-discovery-grants';
    await t.database.db.execute(
      sql`update grant_programs set last_verified = current_date - make_interval(months => ${VERIFICATION_MAX_AGE_MONTHS}, days => 1) where id = ${stale}`,
    );
    await t.database.db.execute(
      sql`update grant_programs set last_verified = current_date - make_interval(months => ${VERIFICATION_MAX_AGE_MONTHS - 1}) where id = ${fresh}`,
    );
    // Its deadline refresh part: a recurring program whose stored dates passed is rolled forward.
    await t.database.db.execute(
      sql`update grant_programs set next_deadlines = '{2020-01-01}', projected_deadlines = '{}', closed_at = now() where id = ${fresh}`,
    );
    await closeProgramsJob.handle({ ...t.runtime, log: t.runtime.log as any }, {});
    const flagged = await t.api('GET', '/api/admin/programs?filter=unverified&pageSize=100', {
      token: admin.token,
    });
    const flaggedIds = flagged.body.programs.map((p: any) => p.id);
    expect(flaggedIds).toContain(stale);
    expect(flaggedIds).not.toContain(fresh);
    expect(flagged.body.programs.every((p: any) => p.needsVerification)).toBe(true);
    const [discovery] = (await t.api('GET', `/api/grant-programs?ids=${fresh}`)).body;
    expect(discovery.closed).toBe(false);
    expect(discovery.deadline >= today()).toBe(true);
    await t.api('POST', `/api/admin/programs/${stale}/verify`, { token: admin.token });
    const after = await t.api('GET', '/api/admin/programs?filter=unverified&pageSize=100', {
      token: admin.token,
    });
    expect(after.body.programs.map((p: any) => p.id)).not.toContain(stale);
  });
});
