import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffice } from '../../../test/fixtures/organisation.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';

/** Issue 32 §3, ADR 0650: limited-submission competitions, end to end through the API. */

const PROGRAM = 'ca-nserc-discovery-grants';
const tag = () => randomBytes(3).toString('hex');
const key = () => ({ 'idempotency-key': randomBytes(8).toString('hex') });
type User = Awaited<ReturnType<typeof registerUser>>;

describe.each(DATABASES)('limited-submission competitions on %s', (kind) => {
  let t: TestApp;
  let owner: User;
  let officer: User;
  let ana: User;
  let ben: User;
  let cleo: User;
  let outsider: User;
  let orgId: string;
  let competitionId: string;
  let base: string;
  const orgName = `Research Office ${tag()}`;
  const entries: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await registerUser(t, { name: 'Olive Owner', email: `olive-${tag()}@utoronto.ca` });
    officer = await registerUser(t, { name: 'Fran Officer', email: `fran-${tag()}@utoronto.ca` });
    ana = await registerUser(t, { name: 'Ana Applicant', email: `ana-${tag()}@utoronto.ca` });
    ben = await registerUser(t, { name: 'Ben Applicant', email: `ben-${tag()}@utoronto.ca` });
    cleo = await registerUser(t, { name: 'Cleo Applicant', email: `cleo-${tag()}@utoronto.ca` });
    outsider = await registerUser(t, { name: 'Xavier Outsider', email: `xavier-${tag()}@mcgill.ca` });
    orgId = await createOffice(t, { name: orgName, owner, officer, members: [officer, ana, ben, cleo] });
    base = `/api/organisations/${orgId}/competitions`;
  }, 300_000);
  afterAll(() => t?.close());

  const announce = {
    title: 'NSERC Discovery nominations 2031',
    programId: PROGRAM,
    cap: 1,
    internalDeadline: '2031-03-01',
    criteria: ['Scientific merit', 'Fit with the program'],
  };

  it('lets owners and officers announce one, with clear refusals, and nobody else', async () => {
    const post = (u: User, body: unknown) => t.api('POST', base, { token: u.token, body, headers: key() });
    for (const u of [ana, outsider]) expect((await post(u, announce)).status, u.email).toBe(404);
    const refusal = async (body: unknown) => {
      const res = await post(officer, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.message as string;
    };
    expect(await refusal({ ...announce, cap: 0 })).toBe('Between 1 and 20 nominations');
    expect(await refusal({ ...announce, criteria: [] })).toBe('Give at least one criterion');
    expect(await refusal({ ...announce, internalDeadline: '2020-01-01' })).toBe(
      'The internal deadline must be today or later.',
    );
    expect(await refusal({ ...announce, programId: 'no-such-program' })).toBe(
      'Unknown program "no-such-program": choose one from the catalogue.',
    );
    const created = await post(officer, announce);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      title: announce.title,
      programId: PROGRAM,
      program: expect.stringMatching(/Discovery/),
      cap: 1,
      internalDeadline: '2031-03-01',
      criteria: announce.criteria,
      open: true,
      canManage: true,
      entryList: [],
    });
    competitionId = created.body.id;
    // Every member sees it; an outsider gets the unknown id's 404 on the list and the detail.
    const list = await t.api('GET', base, { token: ana.token });
    expect(list.body).toMatchObject({ canManage: false, data: [{ id: competitionId, entries: 0 }] });
    for (const url of [base, `${base}/${competitionId}`])
      expect((await t.api('GET', url, { token: outsider.token })).status).toBe(404);
  });

  it('takes one short internal application per member, linked to their own application only', async () => {
    const own = await t.api('POST', '/api/applications', {
      token: ana.token,
      body: { title: 'Ana’s Discovery application', program: 'x', programId: PROGRAM },
    });
    const bens = await t.api('POST', '/api/applications', {
      token: ben.token,
      body: { title: 'Ben’s own', program: 'x', programId: PROGRAM },
    });
    const enter = (u: User, body: unknown) =>
      t.api('PUT', `${base}/${competitionId}/entry`, { token: u.token, body });
    // Someone else's application cannot be linked; too long a summary is refused, by its limit.
    expect(
      await enter(ana, { title: 'Sea ice', summary: 'Short.', applicationId: bens.body.id }),
    ).toMatchObject({ status: 400, body: { message: 'Link one of your own applications.' } });
    expect(await enter(ana, { title: 'Sea ice', summary: 'x'.repeat(3001) })).toMatchObject({
      status: 400,
      body: { message: 'At most 3000 characters' },
    });
    expect((await enter(outsider, { title: 'x', summary: 'y' })).status).toBe(404);

    const first = await enter(ana, {
      title: 'Sea ice sensing',
      summary: 'We will deploy river-ice sensors.',
      applicationId: own.body.id,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // A second submission replaces the first; the member sees only their own entry, and no scores.
    const second = await enter(ana, {
      title: 'Sea ice sensing',
      summary: 'We will deploy forty river-ice sensors by month 12.',
      applicationId: own.body.id,
    });
    expect(second.body.entryList).toEqual([
      expect.objectContaining({
        mine: true,
        title: 'Sea ice sensing',
        summary: 'We will deploy forty river-ice sensors by month 12.',
        applicationTitle: 'Ana’s Discovery application',
        selected: false,
        scores: [],
      }),
    ]);
    entries.ana = second.body.entryList[0].id;
    entries.ben = (await enter(ben, { title: 'Permafrost', summary: 'Thaw rates.' })).body.entryList[0].id;
    entries.cleo = (await enter(cleo, { title: 'Glaciers', summary: 'Mass balance.' })).body.entryList[0].id;
    const seen = await t.api('GET', `${base}/${competitionId}`, { token: ben.token });
    expect(seen.body.entryList.map((e: any) => e.title)).toEqual(['Permafrost']);
    expect(seen.body.entries).toBe(0);

    // Sealed at rest.
    const raw = (await t.database.db.execute(
      sql`select title, summary from office_competition_entries where id = ${entries.ana}`,
    )) as unknown as { rows: Array<{ title: string; summary: string }> };
    expect(raw.rows[0]!.summary).not.toContain('river-ice');
    expect(raw.rows[0]!.title).not.toContain('Sea ice');
  });

  it('lets officers score against the criteria and select up to the cap, telling the applicant', async () => {
    const score = (u: User, entry: string, body: unknown) =>
      t.api('PUT', `${base}/${competitionId}/entries/${entry}/score`, { token: u.token, body });
    const select = (u: User, entry: string, selected: boolean) =>
      t.api('POST', `${base}/${competitionId}/entries/${entry}/selection`, {
        token: u.token,
        body: { selected },
        headers: key(),
      });
    for (const u of [ana, ben, outsider]) {
      expect((await score(u, entries.ben!, { scores: [5, 5] })).status, u.email).toBe(404);
      expect((await select(u, entries.ben!, true)).status, u.email).toBe(404);
    }
    expect(await score(officer, entries.ana!, { scores: [6, 3] })).toMatchObject({
      status: 400,
      body: { message: 'Score each criterion from 1 to 5' },
    });
    expect(await score(officer, entries.ana!, { scores: [4] })).toMatchObject({
      status: 400,
      body: { message: 'Give one score per criterion.' },
    });
    expect(
      (await score(officer, entries.ana!, { scores: [5, 4], comment: 'Strong fit; name the site.' })).status,
    ).toBe(200);
    expect((await score(owner, entries.ana!, { scores: [4, 4] })).status).toBe(200);
    const scored = await score(officer, entries.ben!, { scores: [3, 2] });
    // Best average first: Ana (8.5), Ben (5), Cleo unscored.
    expect(scored.body.entryList.map((e: any) => [e.title, e.average])).toEqual([
      ['Sea ice sensing', 8.5],
      ['Permafrost', 5],
      ['Glaciers', null],
    ]);
    expect(scored.body.entryList[0].scores).toEqual([
      expect.objectContaining({
        officer: 'Fran Officer',
        mine: true,
        scores: [5, 4],
        comment: 'Strong fit; name the site.',
      }),
      expect.objectContaining({ officer: 'Olive Owner', mine: false, scores: [4, 4], comment: null }),
    ]);
    const raw = (await t.database.db.execute(
      sql`select comment from office_competition_scores where comment is not null`,
    )) as unknown as { rows: Array<{ comment: string }> };
    expect(raw.rows[0]!.comment).not.toContain('Strong fit');

    // Select Ana; the cap of one refuses a second until she is unselected.
    const picked = await select(officer, entries.ana!, true);
    expect(picked.status, JSON.stringify(picked.body)).toBe(200);
    expect(picked.body.selected).toBe(1);
    expect(await select(owner, entries.ben!, true)).toMatchObject({
      status: 409,
      body: { message: 'The cap is reached: unselect a nomination first.' },
    });
    const mail = await t.smtp.waitFor(ana.email, (m) => /Selected for nomination/.test(m.subject));
    expect(mail.subject).toBe(`Selected for nomination: ${announce.title}`);
    expect(mail.text).toContain(`${orgName} selected your internal application "Sea ice sensing"`);
    expect(t.smtp.inbox.some((m) => m.to.includes(ben.email) && /Selected/.test(m.subject))).toBe(false);
    // The applicant sees it marked.
    const hers = await t.api('GET', `${base}/${competitionId}`, { token: ana.token });
    expect(hers.body.entryList[0]).toMatchObject({ selected: true, scores: [] });

    // Swap to Ben: unselect Ana, select Ben, who is told in French (his account's language).
    await t.api('PUT', '/api/account/language', { token: ben.token, body: { language: 'fr' } });
    expect((await select(officer, entries.ana!, false)).body.selected).toBe(0);
    expect((await select(officer, entries.ben!, true)).body.selected).toBe(1);
    const french = await t.smtp.waitFor(ben.email, (m) =>
      /Retenue pour la mise en candidature/.test(m.subject),
    );
    expect(french.text).toContain('a retenu votre demande interne «\u00a0Permafrost\u00a0»');
    const audit = (await t.database.db.execute(
      sql`select action from audit_log where action like 'competition.%' order by id`,
    )) as unknown as { rows: Array<{ action: string }> };
    expect(audit.rows.map((r) => r.action)).toEqual([
      'competition.created',
      'competition.selected',
      'competition.unselected',
      'competition.selected',
    ]);
  });

  it('lets no officer score or select their own entry', async () => {
    const own = await t.api('PUT', `${base}/${competitionId}/entry`, {
      token: owner.token,
      body: { title: 'Owner idea', summary: 'Mine.' },
    });
    const id = own.body.entryList.find((e: any) => e.mine).id;
    const message = 'You cannot score or select your own entry; another officer does.';
    expect(
      await t.api('PUT', `${base}/${competitionId}/entries/${id}/score`, {
        token: owner.token,
        body: { scores: [5, 5] },
      }),
    ).toMatchObject({ status: 400, body: { message } });
    expect(
      await t.api('POST', `${base}/${competitionId}/entries/${id}/selection`, {
        token: owner.token,
        body: { selected: true },
        headers: key(),
      }),
    ).toMatchObject({ status: 400, body: { message } });
    // Another officer may.
    expect(
      (
        await t.api('PUT', `${base}/${competitionId}/entries/${id}/score`, {
          token: officer.token,
          body: { scores: [2, 2] },
        })
      ).status,
    ).toBe(200);
  });

  it('closes entries after the internal deadline', async () => {
    await t.database.db.execute(
      sql`update office_competitions set internal_deadline = current_date - 1 where id = ${competitionId}`,
    );
    const late = await t.api('PUT', `${base}/${competitionId}/entry`, {
      token: cleo.token,
      body: { title: 'Glaciers', summary: 'Too late.' },
    });
    expect(late).toMatchObject({
      status: 409,
      body: { message: 'The internal deadline has passed: entries are closed.' },
    });
    expect((await t.api('GET', `${base}/${competitionId}`, { token: cleo.token })).body.open).toBe(false);
  });

  it('shuts a removed member out at once, withdraws their entry, and covers export and deletion', async () => {
    // Cleo is removed: every competition route is 404 for her at once, and her entry is withdrawn.
    expect(
      (await t.api('DELETE', `/api/organisations/${orgId}/members/${cleo.user.id}`, { token: owner.token }))
        .status,
    ).toBe(204);
    for (const url of [base, `${base}/${competitionId}`])
      expect((await t.api('GET', url, { token: cleo.token })).status).toBe(404);
    expect(
      (
        await t.api('PUT', `${base}/${competitionId}/entry`, {
          token: cleo.token,
          body: { title: 'x', summary: 'y' },
        })
      ).status,
    ).toBe(404);
    const officerView = await t.api('GET', `${base}/${competitionId}`, { token: officer.token });
    expect(officerView.body.entryList.map((e: any) => e.title)).not.toContain('Glaciers');

    // Ana's export holds her entry in the clear; Fran's holds her scores and comment.
    const { unzipSync, strFromU8 } = await import('fflate');
    const exported = async (u: User) =>
      unzipSync(
        new Uint8Array(
          await (
            await fetch(`${t.baseUrl}/api/account/export`, {
              headers: { authorization: `Bearer ${u.token}` },
            })
          ).arrayBuffer(),
        ),
      );
    const anaZip = await exported(ana);
    expect(JSON.parse(strFromU8(anaZip['competition-entries.json']!))).toEqual([
      expect.objectContaining({
        title: 'Sea ice sensing',
        summary: expect.stringContaining('forty river-ice'),
      }),
    ]);
    const franZip = await exported(officer);
    expect(JSON.parse(strFromU8(franZip['competition-scores.json']!)).map((s: any) => s.comment)).toContain(
      'Strong fit; name the site.',
    );
    expect(JSON.parse(strFromU8(franZip['competitions-announced.json']!))).toHaveLength(1);
    expect(JSON.parse(strFromU8(franZip['competition-entries.json']!))).toEqual([]);

    // Ben deletes his account: his entry goes at once.
    const gone = await t.api('DELETE', '/api/account', {
      token: ben.token,
      body: { password: 'Tr1cky-Passphrase', confirm: 'DELETE' },
    });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    const left = (await t.database.db.execute(
      sql`select count(*)::int as n from office_competition_entries where applicant_id = ${ben.user.id}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
