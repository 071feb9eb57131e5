import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { sendDeadlineReminders } from '../applications/applications.service.ts';

/** Issue 32 §1–2: organisations, invitations, sharing, and who gets what on every application route. */

const PROGRAM = 'ca-cihr-project-grant';
const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...texts: string[]) => ({ type: 'doc', content: texts.map(para) });
const tag = () => randomBytes(3).toString('hex');

type User = Awaited<ReturnType<typeof registerUser>>;

/** The one-use link's token in the invitation mail sent to `email`. */
async function invitationToken(t: TestApp, email: string, org: string) {
  const mail = await t.smtp.waitFor(email, (m) => m.subject.includes(org));
  const token = /organisations\/join\?token=([\w-]+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeTruthy();
  return token!;
}

describe.each(DATABASES)('organisations and sharing on %s', (kind) => {
  let t: TestApp;
  let owner: User;
  let officer: User;
  let member: User;
  let outsider: User;
  let orgId: string;
  const orgName = `Research Office ${tag()}`;

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await registerUser(t, { name: 'Olive Owner', email: `olive-${tag()}@utoronto.ca` });
    officer = await registerUser(t, { name: 'Fran Officer', email: `fran-${tag()}@utoronto.ca` });
    member = await registerUser(t, { name: 'Mia Member', email: `mia-${tag()}@mail.utoronto.ca` });
    outsider = await registerUser(t, { name: 'Xavier Outsider', email: `xavier-${tag()}@mcgill.ca` });
  }, 300_000);
  afterAll(() => t?.close());

  it('lets only a verified address create an organisation, with a domain rule on its own domain', async () => {
    const unverified = await registerUser(t, { verified: false, email: `unv-${tag()}@utoronto.ca` });
    const refused = await t.api('POST', '/api/organisations', {
      token: unverified.token,
      body: { name: 'Nope' },
    });
    expect(refused).toMatchObject({ status: 403, body: { reason: 'email_unverified' } });

    const foreign = await t.api('POST', '/api/organisations', {
      token: owner.token,
      body: { name: 'Claims McGill', domain: 'mcgill.ca' },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toMatch(/domain of your own verified address/);
    const suffix = await t.api('POST', '/api/organisations', {
      token: owner.token,
      body: { name: 'Claims .ca', domain: 'ca' },
    });
    expect(suffix.status).toBe(400);

    const created = await t.api('POST', '/api/organisations', {
      token: owner.token,
      body: { name: orgName, domain: 'UToronto.ca' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: orgName, domain: 'utoronto.ca', role: 'owner', members: 1 });
    orgId = created.body.id;
  });

  it('invites by e-mail: one use, the invited verified address only, and never after expiry', async () => {
    const invited = await t.api('POST', `/api/organisations/${orgId}/invitations`, {
      token: owner.token,
      body: { email: officer.email.toUpperCase(), role: 'officer' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: officer.email.toLowerCase(), role: 'officer' });
    const token = await invitationToken(t, officer.email, orgName);
    const english = await t.smtp.waitFor(officer.email, (m) => m.subject.includes(orgName));
    expect(english.subject).toBe(`Invitation to join ${orgName} on Grantleaf`);
    expect(english.text).toContain(
      `Olive Owner invited you to join ${orgName} on Grantleaf as research officer.`,
    );

    // Someone else holding the link gets nothing.
    const stolen = await t.api('POST', '/api/organisations/invitations/accept', {
      token: outsider.token,
      body: { token },
    });
    expect(stolen.status).toBe(400);
    expect((await t.api('GET', `/api/organisations/${orgId}`, { token: outsider.token })).status).toBe(404);

    const accepted = await t.api('POST', '/api/organisations/invitations/accept', {
      token: officer.token,
      body: { token },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ role: 'officer', members: 2 });
    // Once only.
    const again = await t.api('POST', '/api/organisations/invitations/accept', {
      token: officer.token,
      body: { token },
    });
    expect(again.status).toBe(400);

    // Officers invite members only; an expired invitation opens nothing.
    const late = await registerUser(t, { email: `late-${tag()}@utoronto.ca` });
    // An address with a French account is invited in French (issue 31 §1).
    await t.api('PUT', '/api/account/language', { token: late.token, body: { language: 'fr' } });
    expect(
      (
        await t.api('POST', `/api/organisations/${orgId}/invitations`, {
          token: officer.token,
          body: { email: late.email, role: 'owner' },
        })
      ).status,
    ).toBe(400);
    const memberInvite = await t.api('POST', `/api/organisations/${orgId}/invitations`, {
      token: officer.token,
      body: { email: late.email },
    });
    expect(memberInvite.status).toBe(201);
    const lateToken = await invitationToken(t, late.email, orgName);
    const french = await t.smtp.waitFor(late.email, (m) => m.subject.includes(orgName));
    expect(french.subject).toBe(`Invitation à vous joindre à ${orgName} sur Grantleaf`);
    expect(french.text).toContain(
      `Fran Officer vous invite à vous joindre à ${orgName} sur Grantleaf à titre de membre.`,
    );
    expect(french.text).toMatch(/ne fonctionne qu’une fois, jusqu’au \d{1,2} [a-zéû]+ \d{4}\)\u00a0:/);
    expect(french.text).not.toMatch(/Hello|invited you/);
    expect(french.html).toContain('<a href="http');
    await t.database.db.execute(
      sql`update organisation_invitations set expires_at = now() - interval '1 minute' where id = ${memberInvite.body.id}`,
    );
    const expired = await t.api('POST', '/api/organisations/invitations/accept', {
      token: late.token,
      body: { token: lateToken },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toMatch(/expired/);

    // Joining waits for a verified address.
    const unverified = await registerUser(t, { verified: false, email: `unv2-${tag()}@utoronto.ca` });
    const owed = await t.api('POST', `/api/organisations/${orgId}/invitations`, {
      token: owner.token,
      body: { email: unverified.email },
    });
    const owedToken = await invitationToken(t, unverified.email, orgName);
    expect(owed.status).toBe(201);
    expect(
      (
        await t.api('POST', '/api/organisations/invitations/accept', {
          token: unverified.token,
          body: { token: owedToken },
        })
      ).status,
    ).toBe(403);
    // The owner sees the open invitation and withdraws it.
    const detail = await t.api('GET', `/api/organisations/${orgId}`, { token: owner.token });
    expect(detail.body.invitations.map((i: any) => i.email)).toContain(unverified.email.toLowerCase());
    expect(
      (
        await t.api('DELETE', `/api/organisations/${orgId}/invitations/${owed.body.id}`, {
          token: owner.token,
        })
      ).status,
    ).toBe(204);
  });

  it('admits verified addresses of its domain (a subdomain too), and nobody else', async () => {
    const list = await t.api('GET', '/api/organisations', { token: member.token });
    expect(list.body.joinable.map((o: any) => o.id)).toContain(orgId);
    expect((await t.api('GET', '/api/organisations', { token: outsider.token })).body.joinable).toEqual([]);
    expect((await t.api('POST', `/api/organisations/${orgId}/join`, { token: outsider.token })).status).toBe(
      404,
    );

    const joined = await t.api('POST', `/api/organisations/${orgId}/join`, { token: member.token });
    expect(joined).toMatchObject({ status: 200, body: { role: 'member' } });
    // A member sees the members, not the invitations.
    expect(joined.body.invitations).toEqual([]);
    expect(joined.body.memberList.map((m: any) => m.name)).toEqual([
      'Olive Owner',
      'Fran Officer',
      'Mia Member',
    ]);
  });

  it('keeps an owner, and lets only owners change roles or remove others', async () => {
    expect(
      (await t.api('DELETE', `/api/organisations/${orgId}/members/${owner.user.id}`, { token: owner.token }))
        .status,
    ).toBe(409);
    expect(
      (
        await t.api('PATCH', `/api/organisations/${orgId}/members/${owner.user.id}`, {
          token: owner.token,
          body: { role: 'member' },
        })
      ).status,
    ).toBe(409);
    for (const actor of [officer, member]) {
      expect(
        (
          await t.api('PATCH', `/api/organisations/${orgId}/members/${member.user.id}`, {
            token: actor.token,
            body: { role: 'owner' },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await t.api('PATCH', `/api/organisations/${orgId}`, {
            token: actor.token,
            body: { name: 'Renamed' },
          })
        ).status,
      ).toBe(404);
    }
    expect(
      (
        await t.api('DELETE', `/api/organisations/${orgId}/members/${officer.user.id}`, {
          token: member.token,
        })
      ).status,
    ).toBe(404);
  });

  describe('an application shared by name and with the organisation', () => {
    let appId: string;
    let sectionId: string;
    let editor: User;
    let commenter: User;
    let viewer: User;
    let removed: User;
    let revoked: User;
    let orgOfficerOnly: User;
    let commentId: string;

    beforeAll(async () => {
      editor = await registerUser(t, { name: 'Cora Coapplicant', email: `cora-${tag()}@ualberta.ca` });
      commenter = await registerUser(t, { name: 'Ken Commenter', email: `ken-${tag()}@ualberta.ca` });
      viewer = await registerUser(t, { name: 'Vera Viewer', email: `vera-${tag()}@ualberta.ca` });
      removed = await registerUser(t, { name: 'Remy Removed', email: `remy-${tag()}@utoronto.ca` });
      revoked = await registerUser(t, { name: 'Rita Revoked', email: `rita-${tag()}@ualberta.ca` });
      orgOfficerOnly = officer;

      const created = await t.api('POST', '/api/applications', {
        token: member.token,
        body: { title: 'Ice sensing together', program: 'x', programId: PROGRAM },
      });
      expect(created.status).toBe(201);
      appId = created.body.id;
      const detail = await t.api('GET', `/api/applications/${appId}`, { token: member.token });
      expect(detail.body.access).toBe('owner');
      sectionId = detail.body.sections[0].id;

      for (const [who, role] of [
        [editor, 'editor'],
        [commenter, 'commenter'],
        [viewer, 'viewer'],
        [revoked, 'editor'],
      ] as const) {
        const res = await t.api('POST', `/api/applications/${appId}/shares`, {
          token: member.token,
          body: { email: who.email, role },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }
      const mail = await t.smtp.waitFor(editor.email, (m) => /shared an application/.test(m.subject));
      expect(mail.text).toContain('Ice sensing together');
      expect(mail.text).toContain(`/applications/${appId}`);

      // Remy becomes an officer, then is removed; Rita's share is withdrawn.
      await t.api('POST', `/api/organisations/${orgId}/invitations`, {
        token: owner.token,
        body: { email: removed.email, role: 'officer' },
      });
      const remyToken = await invitationToken(t, removed.email, orgName);
      expect(
        (
          await t.api('POST', '/api/organisations/invitations/accept', {
            token: removed.token,
            body: { token: remyToken },
          })
        ).status,
      ).toBe(200);
      const shared = await t.api('PUT', `/api/applications/${appId}/organisation-share`, {
        token: member.token,
        body: { organisationId: orgId },
      });
      expect(shared.body.organisation).toEqual({ id: orgId, name: orgName });
      // Remy could read it while an officer…
      expect((await t.api('GET', `/api/applications/${appId}`, { token: removed.token })).status).toBe(200);
      expect(
        (
          await t.api('DELETE', `/api/organisations/${orgId}/members/${removed.user.id}`, {
            token: owner.token,
          })
        ).status,
      ).toBe(204);
      const first = await t.api('POST', `/api/applications/${appId}/comments`, {
        token: member.token,
        body: { sectionId, quote: 'our aims', body: 'Is this clear?' },
      });
      expect(first.status).toBe(201);
      commentId = first.body.data[0].id;
      const shares = await t.api('GET', `/api/applications/${appId}/shares`, { token: member.token });
      const rita = shares.body.people.find((p: any) => p.email === revoked.email.toLowerCase());
      expect((await t.api('GET', `/api/applications/${appId}`, { token: revoked.token })).status).toBe(200);
      expect(
        (await t.api('DELETE', `/api/applications/${appId}/shares/${rita.id}`, { token: member.token }))
          .status,
      ).toBe(204);
    }, 300_000);

    it('gives every actor exactly its rights on every application route, and 404 otherwise', async () => {
      type Need = 'viewer' | 'commenter' | 'editor' | 'owner';
      const routes: Array<[string, string, Need, unknown?]> = [
        ['GET', `/api/applications/${appId}`, 'viewer'],
        ['GET', `/api/applications/${appId}/versions`, 'viewer'],
        ['GET', `/api/applications/${appId}/versions/1`, 'viewer'],
        ['POST', `/api/applications/${appId}/check`, 'viewer', { sections: [] }],
        ['GET', `/api/applications/${appId}/export?format=txt`, 'viewer'],
        // A stale base version: 409 to those who may edit, 404 to everyone else.
        [
          'PUT',
          `/api/applications/${appId}/sections`,
          'editor',
          { baseVersion: 0, sections: [{ id: sectionId, doc: doc('x') }] },
        ],
        ['POST', `/api/applications/${appId}/versions/1/restore`, 'editor', { baseVersion: 0 }],
        ['GET', `/api/applications/${appId}/comments`, 'viewer'],
        ['POST', `/api/applications/${appId}/comments`, 'commenter', { sectionId, body: 'Reviewed.' }],
        [
          'POST',
          `/api/applications/${appId}/comments/${commentId}/resolve`,
          'commenter',
          { resolved: false },
        ],
        ['GET', `/api/applications/${appId}/analyses`, 'owner'],
        ['PATCH', `/api/applications/${appId}`, 'owner', { title: 'Ice sensing together' }],
        [
          'POST',
          `/api/applications/${appId}/documents`,
          'owner',
          { fileUrl: '/api/files/abc', fileName: 'a.pdf' },
        ],
        ['GET', `/api/applications/${appId}/shares`, 'owner'],
        ['PUT', `/api/applications/${appId}/organisation-share`, 'owner', { organisationId: orgId }],
        ['GET', `/api/applications/${appId}/suggestions`, 'owner'],
        ['GET', `/api/applications/${appId}/checklist`, 'owner'],
        ['POST', `/api/applications/${appId}/checklist/items`, 'owner', { text: 'A requirement' }],
      ];
      const rank = { none: 0, viewer: 1, commenter: 2, editor: 3, owner: 4 } as const;
      const actors: Array<[string, User, keyof typeof rank]> = [
        ['owner', member, 'owner'],
        ['editor', editor, 'editor'],
        ['commenter', commenter, 'commenter'],
        ['viewer', viewer, 'viewer'],
        ['research officer', orgOfficerOnly, 'commenter'],
        ['organisation owner', owner, 'commenter'],
        ['outsider', outsider, 'none'],
        ['removed officer', removed, 'none'],
        ['withdrawn editor', revoked, 'none'],
      ];
      for (const [name, user, has] of actors) {
        for (const [method, url, need, body] of routes) {
          const res = await t.api(method, url, { token: user.token, body });
          if (rank[has] >= rank[need])
            expect([401, 403, 404], `${name} ${method} ${url}: ${JSON.stringify(res.body)}`).not.toContain(
              res.status,
            );
          else expect(res.status, `${name} ${method} ${url}`).toBe(404);
        }
      }
      const detail = async (u: User) =>
        (await t.api('GET', `/api/applications/${appId}`, { token: u.token })).body;
      expect((await detail(editor)).access).toBe('editor');
      expect((await detail(officer)).access).toBe('commenter');
      expect((await detail(viewer)).access).toBe('viewer');
    });

    it('lists it as shared with each reader, and with nobody else', async () => {
      const titles = async (u: User) =>
        (await t.api('GET', '/api/shared-applications', { token: u.token })).body.data.map((a: any) => [
          a.title,
          a.access,
        ]);
      expect(await titles(editor)).toEqual([['Ice sensing together', 'editor']]);
      expect(await titles(officer)).toEqual([['Ice sensing together', 'commenter']]);
      for (const u of [outsider, removed, revoked, member]) expect(await titles(u)).toEqual([]);
    });

    it('lets an editor save with the version conflict rule, recording who wrote each version', async () => {
      const base = (await t.api('GET', `/api/applications/${appId}`, { token: editor.token })).body.version;
      const byEditor = await t.api('PUT', `/api/applications/${appId}/sections`, {
        token: editor.token,
        body: { baseVersion: base, sections: [{ id: sectionId, doc: doc('Written by the co-applicant.') }] },
      });
      expect(byEditor.status).toBe(200);
      // The owner, still on the older version, is told and loses nothing.
      const stale = await t.api('PUT', `/api/applications/${appId}/sections`, {
        token: member.token,
        body: { baseVersion: base, sections: [{ id: sectionId, doc: doc('Owner, meanwhile.') }] },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.currentVersion).toBe(byEditor.body.version);
      const versions = await t.api('GET', `/api/applications/${appId}/versions`, { token: member.token });
      expect(versions.body.data[0]).toMatchObject({
        version: byEditor.body.version,
        author: 'Cora Coapplicant',
      });
      // A commenter cannot write, even with the right base version.
      expect(
        (
          await t.api('PUT', `/api/applications/${appId}/sections`, {
            token: commenter.token,
            body: { baseVersion: byEditor.body.version, sections: [{ id: sectionId, doc: doc('No.') }] },
          })
        ).status,
      ).toBe(404);
    });

    it('keeps comments anchored to the text, with replies, resolving and mentions by e-mail', async () => {
      const asked = await t.api('POST', `/api/applications/${appId}/comments`, {
        token: officer.token,
        body: {
          sectionId,
          quote: 'flood warning lead time',
          body: `@${member.email} please cite the 2025 pilot here. @${outsider.email} should not hear of it.`,
        },
      });
      expect(asked.status).toBe(201);
      const root = asked.body.data.find((c: any) => c.quote === 'flood warning lead time');
      expect(root).toMatchObject({ author: 'Fran Officer', sectionId, resolved: false, parentId: null });
      const mention = await t.smtp.waitFor(member.email, (m) => /mentioned you/.test(m.subject));
      expect(mention.text).toContain('please cite the 2025 pilot');
      expect(t.smtp.inbox.some((m) => m.to.includes(outsider.email) && /mentioned/.test(m.subject))).toBe(
        false,
      );
      // A reader whose account is in French is told in French (issue 31 §1).
      await t.api('PUT', '/api/account/language', { token: editor.token, body: { language: 'fr' } });
      await t.api('POST', `/api/applications/${appId}/comments`, {
        token: officer.token,
        body: { sectionId, quote: 'flood warning lead time', body: `@${editor.email} voir l’objectif 2` },
      });
      const french = await t.smtp.waitFor(editor.email, (m) => /vous a mentionné/.test(m.subject));
      expect(french.text).toContain('voir l’objectif 2');
      await t.api('PUT', '/api/account/language', { token: editor.token, body: { language: 'en' } });

      const reply = await t.api('POST', `/api/applications/${appId}/comments`, {
        token: editor.token,
        body: { sectionId: 'ignored', body: 'Added the citation.', parentId: root.id },
      });
      expect(reply.status).toBe(201);
      expect(reply.body.data.find((c: any) => c.parentId === root.id)).toMatchObject({
        author: 'Cora Coapplicant',
        sectionId,
        quote: '',
      });
      // A reply to a reply, an unknown section, and a viewer writing are refused.
      const nested = reply.body.data.find((c: any) => c.parentId === root.id);
      expect(
        (
          await t.api('POST', `/api/applications/${appId}/comments`, {
            token: editor.token,
            body: { sectionId, body: 'Deeper', parentId: nested.id },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await t.api('POST', `/api/applications/${appId}/comments`, {
            token: editor.token,
            body: { sectionId: 'no-such-section', body: 'Where?' },
          })
        ).status,
      ).toBe(400);
      expect(
        (
          await t.api('POST', `/api/applications/${appId}/comments`, {
            token: viewer.token,
            body: { sectionId, body: 'Hi' },
          })
        ).status,
      ).toBe(404);

      const resolved = await t.api('POST', `/api/applications/${appId}/comments/${root.id}/resolve`, {
        token: member.token,
        body: { resolved: true },
      });
      expect(resolved.body.data.find((c: any) => c.id === root.id)).toMatchObject({
        resolved: true,
        resolvedBy: 'Mia Member',
      });
      // The viewer reads the thread, resolved state included.
      const seen = await t.api('GET', `/api/applications/${appId}/comments`, { token: viewer.token });
      expect(seen.body.data.find((c: any) => c.id === root.id).resolved).toBe(true);
    });

    it('lists the shared applications for the office, with internal deadlines, as JSON and CSV', async () => {
      await t.api('PATCH', `/api/applications/${appId}`, {
        token: member.token,
        body: { deadline: '2031-01-15', title: '=HYPERLINK("x") ice' },
      });
      await t.api('PATCH', `/api/organisations/${orgId}`, {
        token: owner.token,
        body: { internalDeadlineDays: 5 },
      });
      const list = await t.api('GET', `/api/organisations/${orgId}/applications`, { token: officer.token });
      expect(list.status).toBe(200);
      // 2031-01-15 is a Wednesday: five business days earlier is Wednesday 8 January.
      expect(list.body.data).toEqual([
        expect.objectContaining({
          id: appId,
          owner: 'Mia Member',
          deadline: '2031-01-15',
          internalDeadline: '2031-01-08',
        }),
      ]);
      const csv = await fetch(`${t.baseUrl}/api/organisations/${orgId}/applications.csv`, {
        headers: { authorization: `Bearer ${officer.token}` },
      });
      expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
      const text = await csv.text();
      expect(text.split('\r\n')[0]).toBe(
        '"Title","Applicant","Applicant e-mail","Program","Status","Funder deadline","Internal deadline","Office review","Readiness","Shared","Last change"',
      );
      // A formula typed as a title stays text in a spreadsheet.
      expect(text).toContain(`"'=HYPERLINK(""x"") ice","Mia Member"`);
      // Members, outsiders and removed officers get 404.
      for (const u of [member, outsider, removed])
        for (const path of ['applications', 'applications.csv'])
          expect((await t.api('GET', `/api/organisations/${orgId}/${path}`, { token: u.token })).status).toBe(
            404,
          );
      await t.api('PATCH', `/api/applications/${appId}`, {
        token: member.token,
        body: { title: 'Ice sensing together' },
      });
    });

    it('submits to the office; officers request changes and approve; a change after approval returns it', async () => {
      const base = `/api/applications/${appId}/office-review`;
      const review = (u: User) => t.api('GET', base, { token: u.token });
      const step = (u: User, what: string, body: unknown = {}, key = randomBytes(8).toString('hex')) =>
        t.api('POST', `${base}/${what}`, { token: u.token, body, headers: { 'idempotency-key': key } });
      const save = async (u: User, text: string) => {
        const version = (await t.api('GET', `/api/applications/${appId}`, { token: u.token })).body.version;
        const res = await t.api('PUT', `/api/applications/${appId}/sections`, {
          token: u.token,
          body: { baseVersion: version, sections: [{ id: sectionId, doc: doc(text) }] },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.version as number;
      };

      const draft = await review(member);
      expect(draft.body).toMatchObject({
        organisation: { id: orgId, name: orgName },
        state: null,
        canSubmit: true,
        canDecide: false,
        events: [],
      });
      expect((await review(officer)).body).toMatchObject({ state: null, canSubmit: false, canDecide: false });
      // Nothing to decide before the applicant submits.
      expect((await step(officer, 'approve')).status).toBe(409);

      // Every role on every new route: readers read, only the applicant submits, only the
      // organisation's owners and officers decide; everyone else gets the unknown id's 404.
      for (const u of [editor, commenter, viewer, officer, owner, member])
        expect((await review(u)).status).toBe(200);
      for (const u of [outsider, removed, revoked]) expect((await review(u)).status).toBe(404);
      for (const u of [editor, commenter, viewer, officer, owner, outsider, removed, revoked])
        expect((await step(u, 'submit')).status, u.email).toBe(404);
      for (const what of ['approve', 'request-changes'])
        for (const u of [member, editor, commenter, viewer, outsider, removed, revoked])
          expect((await step(u, what, { message: 'No.' })).status, `${what} ${u.email}`).toBe(404);

      // The applicant submits; a retried click (same key) is the same answer, not a second submission.
      const key = randomBytes(8).toString('hex');
      const submitted = await step(member, 'submit', { message: 'Ready for the office.' }, key);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
      expect(submitted.body).toMatchObject({ state: 'submitted', canSubmit: false });
      const again = await step(member, 'submit', { message: 'Ready for the office.' }, key);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await step(member, 'submit')).status).toBe(409);
      for (const u of [officer, owner]) {
        const mail = await t.smtp.waitFor(u.email, (m) => /Submitted for review/.test(m.subject));
        expect(mail.text).toContain('Ready for the office.');
        expect(mail.text).toContain(`/applications/${appId}`);
      }
      expect((await review(officer)).body).toMatchObject({ state: 'submitted', canDecide: true });

      // An officer asks for changes, with a message the applicant receives, in the language the
      // applicant's account chose (French here; the officers' mails above were English).
      expect((await step(officer, 'request-changes', { message: '  ' })).status).toBe(400);
      const french = await t.api('PUT', '/api/account/language', {
        token: member.token,
        body: { language: 'fr' },
      });
      expect(french.status).toBe(200);
      const changes = await step(officer, 'request-changes', { message: 'Name the partner authority.' });
      expect(changes.body).toMatchObject({ state: 'changes_requested', canDecide: false });
      const asked = await t.smtp.waitFor(member.email, (m) => /Modifications demandées/.test(m.subject));
      expect(asked.subject).toBe('Modifications demandées\u00a0: Ice sensing together');
      expect(asked.text).toContain(
        'Fran Officer demande des modifications à «\u00a0Ice sensing together\u00a0»',
      );
      expect(asked.text).toContain('Name the partner authority.');
      expect(asked.text).toContain(`Ouvrez-la ici\u00a0: `);
      expect(asked.text).not.toMatch(/Hello|Open it here/);
      await t.api('PUT', '/api/account/language', { token: member.token, body: { language: 'en' } });
      expect((await step(owner, 'approve')).status).toBe(409);

      // The co-applicant edits, the applicant submits again, the organisation's owner approves.
      await save(editor, 'With the Red River Basin Commission.');
      expect((await step(member, 'submit')).body.state).toBe('submitted');
      const approved = await step(owner, 'approve', { message: 'Signed off.' });
      expect(approved.status).toBe(200);
      const approvedAt = (await t.api('GET', `/api/applications/${appId}`, { token: member.token })).body
        .version;
      expect(approved.body).toMatchObject({ state: 'approved', approvedVersion: approvedAt });
      expect(
        (await t.smtp.waitFor(member.email, (m) => /Approved by the office/.test(m.subject))).text,
      ).toContain('Signed off.');
      expect((await step(officer, 'approve')).status).toBe(409);
      expect((await step(member, 'submit')).status).toBe(409);
      // Who and when, in the audit log too.
      const audit = (await t.database.db.execute(
        sql`select actor_id, action from audit_log where object_id = ${appId} and action like 'office_review.%' order by id`,
      )) as unknown as { rows: Array<{ actor_id: string; action: string }> };
      expect(audit.rows.map((r) => [r.action, r.actor_id])).toEqual([
        ['office_review.submitted', member.user.id],
        ['office_review.changes_requested', officer.user.id],
        ['office_review.submitted', member.user.id],
        ['office_review.approved', owner.user.id],
      ]);

      // A change to a section after approval sends it back to review, shown to both sides.
      const changed = await save(editor, 'A late change by the co-applicant.');
      // The save answered without waiting for SMTP: the office's mail is a job queued in the
      // save's transaction, sent once the workers run it.
      const queued = (await t.database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'office-review-returned-mail' and data->>'applicationId' = ${appId}`,
      )) as unknown as { rows: Array<{ n: number }> };
      expect(queued.rows[0]!.n).toBe(1);
      expect(t.smtp.inbox.filter((m) => /Back in review/.test(m.subject))).toEqual([]);
      await t.runtime.queue.work();
      for (const u of [member, officer]) {
        const seen = (await review(u)).body;
        expect(seen.state).toBe('submitted');
        expect(seen.approvedVersion).toBeNull();
        expect(seen.events.at(-1)).toMatchObject({
          action: 'returned',
          actor: 'Cora Coapplicant',
          version: changed,
        });
      }
      // …naming the section that changed (ADR 0650), and the office is told once by e-mail.
      const header = (await t.api('GET', `/api/applications/${appId}`, { token: member.token })).body
        .sections[0].header as string;
      expect((await review(member)).body.events.at(-1).sections).toEqual([header]);
      for (const u of [officer, owner]) {
        const back = await t.smtp.waitFor(u.email, (m) => /Back in review/.test(m.subject));
        expect(back.subject).toBe('Back in review: Ice sensing together');
        expect(back.text).toContain(
          `Cora Coapplicant changed "Ice sensing together" after ${orgName} approved it`,
        );
        expect(back.text).toContain(`Sections changed: ${header}`);
        expect(back.text).toContain(`/applications/${appId}`);
      }
      // The one who changed it is no officer and gets none; a later autosave sends no second mail.
      await save(editor, 'Another late change.');
      await new Promise((r) => setTimeout(r, 300));
      const backs = (email: string) =>
        t.smtp.inbox.filter((m) => m.to.includes(email) && /Back in review/.test(m.subject)).length;
      expect(backs(officer.email)).toBe(1);
      expect(backs(editor.email)).toBe(0);
      const sealed = (await t.database.db.execute(
        sql`select sections::text as s from application_review_events where application_id = ${appId} and action = 'returned'`,
      )) as unknown as { rows: Array<{ s: string }> };
      expect(sealed.rows[0]!.s).not.toContain(header);
      expect((await review(member)).body.events.map((e: any) => [e.action, e.actor])).toEqual([
        ['submitted', 'Mia Member'],
        ['changes_requested', 'Fran Officer'],
        ['submitted', 'Mia Member'],
        ['approved', 'Olive Owner'],
        ['returned', 'Cora Coapplicant'],
      ]);
      // The messages are sealed at rest.
      const raw = (await t.database.db.execute(
        sql`select message from application_review_events where application_id = ${appId} and message is not null`,
      )) as unknown as { rows: Array<{ message: string }> };
      expect(raw.rows.length).toBeGreaterThan(0);
      for (const r of raw.rows) expect(r.message).not.toMatch(/partner authority|Signed off/);

      // The office's list shows the state and the live checks' summary, and filters by them.
      const list = async (query: string) =>
        (await t.api('GET', `/api/organisations/${orgId}/applications${query}`, { token: officer.token }))
          .body.data as any[];
      const [row] = await list('');
      expect(row).toMatchObject({ id: appId, reviewState: 'submitted' });
      expect(row.readiness.expected).toBeGreaterThan(0);
      expect(row.readiness.ready).toBe(row.readiness.left === 0);
      expect((await list('?status=submitted')).map((r) => r.id)).toEqual([appId]);
      for (const q of ['?status=approved', '?status=draft', '?status=changes_requested', '?program=nserc'])
        expect(await list(q), q).toEqual([]);
      // The program filter matches words of the program's name, in any case.
      const word = String(row.program).split(' ').at(-1)!.toUpperCase();
      expect(
        (await list(`?program=${encodeURIComponent(word)}&from=2031-01-15&to=2031-01-15`)).map((r) => r.id),
      ).toEqual([appId]);
      expect(await list('?from=2031-01-16')).toEqual([]);
      expect(
        (await t.api('GET', `/api/organisations/${orgId}/applications?status=lost`, { token: officer.token }))
          .status,
      ).toBe(400);
      const csv = await fetch(`${t.baseUrl}/api/organisations/${orgId}/applications.csv?status=submitted`, {
        headers: { authorization: `Bearer ${officer.token}` },
      });
      const line = (await csv.text()).split('\r\n')[1]!;
      expect(line).toContain('"Submitted"');
      expect(line).toMatch(/"(Ready|\d+ to do; \d+ of \d+ expected elements)"/);
    });

    it('counts the institution’s holidays out of the internal deadline, for the office and the applicant', async () => {
      const url = `/api/organisations/${orgId}/holidays`;
      const holidays = { holidays: [{ date: '2031-01-13', name: 'Winter closure' }] };
      for (const u of [member, outsider, removed])
        expect((await t.api('PUT', url, { token: u.token, body: holidays })).status, u.email).toBe(404);
      for (const u of [outsider, removed])
        expect((await t.api('GET', url, { token: u.token })).status).toBe(404);
      for (const bad of [
        { holidays: [{ date: '2031-02-30', name: 'x' }] },
        { holidays: [{ date: '2031-01-13', name: '' }] },
        { holidays: [holidays.holidays[0], holidays.holidays[0]] },
      ])
        expect((await t.api('PUT', url, { token: officer.token, body: bad })).status).toBe(400);
      const saved = await t.api('PUT', url, { token: officer.token, body: holidays });
      expect(saved.body).toEqual(holidays);
      expect((await t.api('GET', url, { token: member.token })).body).toEqual(holidays);

      // 2031-01-15 is a Wednesday; five business days before, with Monday the 13th closed, is Tuesday the 7th.
      const list = await t.api('GET', `/api/organisations/${orgId}/applications`, { token: officer.token });
      expect(list.body.data[0]).toMatchObject({ deadline: '2031-01-15', internalDeadline: '2031-01-07' });
      const mine = await t.api('GET', `/api/applications/${appId}/office-review`, { token: member.token });
      expect(mine.body.internalDeadline).toBe('2031-01-07');
      // The applicant's calendar feed and deadline reminder carry the same internal deadline.
      const issued = await t.api('POST', '/api/calendar-token', { token: member.token });
      const feed = await (await fetch(`${t.baseUrl}/api/calendar.ics?token=${issued.body.token}`)).text();
      const internal = feed.split('BEGIN:VEVENT').find((e) => e.includes('-internal@'));
      expect(internal).toContain('DTSTART;VALUE=DATE:20310107');
      expect(internal?.replace(/\r\n /g, '')).toContain(
        `Internal deadline (${orgName}): Ice sensing together`,
      );
      await sendDeadlineReminders({ db: t.database.db, mailer: t.runtime.mailer, env: t.env }, '2031-01-01');
      const reminder = await t.smtp.waitFor(member.email, (m) => /Deadline in 14 days/.test(m.subject));
      expect(reminder.text).toContain(`${orgName}'s internal deadline: 2031-01-07.`);
      expect((await t.api('PUT', url, { token: owner.token, body: { holidays: [] } })).body).toEqual({
        holidays: [],
      });
      expect(
        (await t.api('GET', `/api/applications/${appId}/office-review`, { token: member.token })).body
          .internalDeadline,
      ).toBe('2031-01-08');
    });

    it('ends a member’s access the moment they leave, and the application stays with its owner', async () => {
      const leaver = await registerUser(t, { name: 'Lee Leaver', email: `lee-${tag()}@utoronto.ca` });
      await t.api('POST', `/api/organisations/${orgId}/invitations`, {
        token: owner.token,
        body: { email: leaver.email, role: 'officer' },
      });
      const token = await invitationToken(t, leaver.email, orgName);
      await t.api('POST', '/api/organisations/invitations/accept', { token: leaver.token, body: { token } });
      expect((await t.api('GET', `/api/applications/${appId}`, { token: leaver.token })).status).toBe(200);
      const left = await t.api('DELETE', `/api/organisations/${orgId}/members/${leaver.user.id}`, {
        token: leaver.token,
      });
      expect(left.status).toBe(204);
      expect((await t.api('GET', `/api/applications/${appId}`, { token: leaver.token })).status).toBe(404);
      expect((await t.api('GET', `/api/organisations/${orgId}`, { token: leaver.token })).status).toBe(404);

      // The owner leaving the organisation keeps the application; the office no longer sees it
      // only if the owner withdraws the share.
      expect((await t.api('GET', `/api/applications/${appId}`, { token: member.token })).body.access).toBe(
        'owner',
      );
    });

    it('closes shared work when an account is deleted, and exports memberships and shares', async () => {
      const exported = await fetch(`${t.baseUrl}/api/account/export`, {
        headers: { authorization: `Bearer ${member.token}` },
      });
      expect(exported.status).toBe(200);
      const { unzipSync, strFromU8 } = await import('fflate');
      const zip = unzipSync(new Uint8Array(await exported.arrayBuffer()));
      const memberships = JSON.parse(strFromU8(zip['organisation-memberships.json']!));
      expect(memberships).toEqual([expect.objectContaining({ organisation_id: orgId, role: 'member' })]);
      const shares = JSON.parse(strFromU8(zip['application-shares.json']!));
      expect(shares.map((s: any) => s.email).sort()).toEqual(
        [editor.email, commenter.email, viewer.email].map((e) => e.toLowerCase()).sort(),
      );
      expect(JSON.parse(strFromU8(zip['application-organisation-shares.json']!))).toHaveLength(1);
      // Their own comments, in the clear (sealed at rest).
      const own = JSON.parse(strFromU8(zip['application-comments.json']!));
      expect(own.map((c: any) => c.body)).toContain('Is this clear?');
      const raw = (await t.database.db.execute(
        sql`select body from application_comments where author_id = ${member.user.id}`,
      )) as unknown as { rows: Array<{ body: string }> };
      expect(raw.rows[0]!.body).not.toContain('Is this clear?');

      // The editor deletes their account: their share is gone at once, their version stays.
      const gone = await t.api('DELETE', '/api/account', {
        token: editor.token,
        body: { password: 'Tr1cky-Passphrase', confirm: 'DELETE' },
      });
      expect(gone.status, JSON.stringify(gone.body)).toBe(200);
      const left = await t.api('GET', `/api/applications/${appId}/shares`, { token: member.token });
      expect(left.body.people.map((p: any) => p.email)).not.toContain(editor.email.toLowerCase());
      const versions = await t.api('GET', `/api/applications/${appId}/versions`, { token: member.token });
      expect(versions.body.data.map((v: any) => v.author)).toContain('Cora Coapplicant');
      // Her comments go with her account only when it is purged; until then the thread stays readable.
      expect(
        (await t.api('GET', `/api/applications/${appId}/comments`, { token: member.token })).status,
      ).toBe(200);

      // The organisation owner deletes theirs: the longest-standing officer becomes owner.
      expect(
        (
          await t.api('DELETE', '/api/account', {
            token: owner.token,
            body: { password: 'Tr1cky-Passphrase', confirm: 'DELETE' },
          })
        ).status,
      ).toBe(200);
      const org = await t.api('GET', `/api/organisations/${orgId}`, { token: officer.token });
      expect(org.body.role).toBe('owner');
      expect(org.body.memberList.map((m: any) => m.name)).not.toContain('Olive Owner');
    });
  });
});
