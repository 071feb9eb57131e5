import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { generationRequest } from '../../../test/fixtures/generation-form.ts';
import { until } from '../../../test/until.ts';

/** CIHR Project Grant: a 2,000-character lay abstract, page-limited proposal, a budget section. */
const PROGRAM = 'ca-cihr-project-grant';

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...texts: string[]) => ({ type: 'doc', content: texts.map(para) });

const PROPOSAL =
  'Objectives: We will deploy 40 river-ice sensors by month 12 and cut flood warning lead time by 50%. ' +
  'Methods: Field trials on three rivers with a randomised placement design and statistical validation against 120 manual ice cores. ' +
  'Preliminary data: our 2025 pilot on the Red River measured ice thickness within 4 mm of manual cores at 12 stations.';

describe.each(DATABASES)('applications as documents on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, { WORKERS: 'on' });
  });
  afterAll(() => t.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;

  async function createFromTemplate(token: string) {
    const res = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'Ice sensing', program: 'ignored', programId: PROGRAM },
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; version: number; program: string; programId: string };
  }

  it('creates an application from the program template, in the funder order with its limits', async () => {
    const { token } = await registerUser(t);
    const created = await createFromTemplate(token);
    expect(created).toMatchObject({ programId: PROGRAM, version: 1, status: 'draft' });
    expect(created.program).not.toBe('ignored');

    const detail = await t.api('GET', `/api/applications/${created.id}`, { token });
    expect(detail.status).toBe(200);
    const ids = detail.body.sections.map((s: { id: string }) => s.id);
    expect(ids.slice(0, 4)).toEqual([
      'lay-abstract',
      'research-proposal',
      'summary-of-progress',
      'budget-justification',
    ]);
    expect(detail.body.sections[0].limit).toMatchObject({ max: 2000, unit: 'characters' });
    expect(detail.body.sections[0].doc.type).toBe('doc');

    const unknown = await t.api('POST', '/api/applications', {
      token,
      body: { title: 'X', program: 'X', programId: 'no-such-program' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Program not found');
  });

  it('saves versions, refuses a stale save with 409, restores, and seals the text at rest', async () => {
    const { token, user } = await registerUser(t);
    const { id } = await createFromTemplate(token);
    const save = (baseVersion: number, sections: unknown) =>
      t.api('PUT', `/api/applications/${id}/sections`, { token, body: { baseVersion, sections } });

    const first = await save(1, [
      { id: 'lay-abstract', doc: doc('River ice breaks up earlier each spring.') },
    ]);
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);

    // A second tab still on version 1 is refused, and the first tab's text stays.
    const stale = await save(1, [{ id: 'lay-abstract', doc: doc('Older text from another tab.') }]);
    expect(stale.status).toBe(409);
    expect(stale.body.currentVersion).toBe(2);
    expect(stale.body.message).toMatch(/saved elsewhere/);
    const afterStale = await t.api('GET', `/api/applications/${id}`, { token });
    expect(JSON.stringify(afterStale.body.sections[0].doc)).toContain('River ice breaks up');
    expect(afterStale.body.version).toBe(2);

    const second = await save(2, [{ id: 'research-proposal', doc: doc(PROPOSAL) }]);
    expect(second.body.version).toBe(3);

    const list = await t.api('GET', `/api/applications/${id}/versions`, { token });
    expect(list.status).toBe(200);
    expect(list.body.data.map((v: { version: number }) => v.version)).toEqual([3, 2, 1]);
    expect(list.body.data[0].changed).toEqual(['Research proposal']);
    expect(list.body.data[1].changed).toEqual(['Lay abstract']);
    expect(list.body.data[0].author).toBe(user.name);

    const v2 = await t.api('GET', `/api/applications/${id}/versions/2`, { token });
    expect(JSON.stringify(v2.body.sections)).toContain('River ice breaks up');
    expect(JSON.stringify(v2.body.sections)).not.toContain('randomised placement');
    expect((await t.api('GET', `/api/applications/${id}/versions/99`, { token })).status).toBe(404);

    // Restoring version 2 is a new version 4 without the proposal text.
    const stalerestore = await t.api('POST', `/api/applications/${id}/versions/2/restore`, {
      token,
      body: { baseVersion: 2 },
    });
    expect(stalerestore.status).toBe(409);
    const restored = await t.api('POST', `/api/applications/${id}/versions/2/restore`, {
      token,
      body: { baseVersion: 3 },
    });
    expect(restored.status).toBe(200);
    expect(restored.body.version).toBe(4);
    const now = await t.api('GET', `/api/applications/${id}`, { token });
    expect(JSON.stringify(now.body.sections)).not.toContain('randomised placement');
    expect(JSON.stringify(now.body.sections)).toContain('River ice breaks up');

    const [stored] = await rows(sql`select sections::text as s from applications where id = ${id}`);
    expect(stored.s).toMatch(/^"glc1:/);
    const versionsAtRest = await rows(
      sql`select sections::text as s from application_versions where application_id = ${id}`,
    );
    expect(versionsAtRest).toHaveLength(4);
    for (const v of versionsAtRest) expect(v.s).not.toContain('River ice');
  });

  it('validates the document JSON: node and mark types, link targets, size, section ids', async () => {
    const { token } = await registerUser(t);
    const { id } = await createFromTemplate(token);
    const save = (sections: unknown) =>
      t.api('PUT', `/api/applications/${id}/sections`, { token, body: { baseVersion: 1, sections } });
    const bad = [
      { type: 'doc', content: [{ type: 'script', text: 'alert(1)' }] },
      { type: 'doc', content: [{ type: 'paragraph', attrs: { style: 'x' }, html: '<b>x</b>' }] },
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              {
                type: 'text',
                text: 'click',
                marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
              },
            ],
          },
        ],
      },
      { type: 'paragraph', content: [] },
      { type: 'doc', content: [{ type: 'heading', attrs: { level: 7 }, content: [] }] },
      doc('x'.repeat(49_000), 'y'.repeat(49_000), 'z'.repeat(49_000), 'w'.repeat(49_000), 'v'.repeat(10_000)),
    ];
    for (const d of bad) {
      const res = await save([{ id: 'lay-abstract', doc: d }]);
      expect(res.status, JSON.stringify(d).slice(0, 80)).toBe(400);
    }
    const unknownSection = await save([{ id: 'not-a-section', doc: doc('x') }]);
    expect(unknownSection.status).toBe(400);
    expect(unknownSection.body.message).toBe('This application has no section "not-a-section"');

    const good = await save([
      {
        id: 'lay-abstract',
        doc: {
          type: 'doc',
          content: [
            { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Aim' }] },
            {
              type: 'bulletList',
              content: [{ type: 'listItem', content: [para('One')] }],
            },
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'bold', marks: [{ type: 'bold' }] },
                {
                  type: 'text',
                  text: ' site',
                  marks: [{ type: 'link', attrs: { href: 'https://example.org' } }],
                },
              ],
            },
          ],
        },
      },
    ]);
    expect(good.status).toBe(200);
  });

  it('keeps every document route to its owner', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const { id } = await createFromTemplate(a.token);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/applications/${id}`],
      [
        'PUT',
        `/api/applications/${id}/sections`,
        { baseVersion: 1, sections: [{ id: 'lay-abstract', doc: doc('x') }] },
      ],
      ['GET', `/api/applications/${id}/versions`],
      ['GET', `/api/applications/${id}/versions/1`],
      ['POST', `/api/applications/${id}/versions/1/restore`, { baseVersion: 1 }],
      ['POST', `/api/applications/${id}/check`, { sections: [] }],
      ['GET', `/api/applications/${id}/export?format=docx`],
    ];
    for (const [method, url, body] of calls) {
      expect((await t.api(method, url, { token: b.token, body })).status, `${method} ${url}`).toBe(404);
      expect((await t.api(method, url, { body })).status, `${method} ${url} anonymous`).toBe(401);
    }
    expect((await t.api('GET', `/api/applications/${randomUUID()}`, { token: a.token })).status).toBe(404);
  });

  it('checks the text as typed: limit counter, required elements with their section, placeholders, totals', async () => {
    const { token } = await registerUser(t);
    const { id } = await createFromTemplate(token);
    const check = async (sections: Array<{ id: string; text: string }>) => {
      const res = await t.api('POST', `/api/applications/${id}/check`, { token, body: { sections } });
      expect(res.status).toBe(200);
      return res.body;
    };
    const empty = await check([]);
    const lay = empty.sections.find((s: { id: string }) => s.id === 'lay-abstract');
    expect(lay.count).toMatchObject({ unit: 'characters', used: 0, max: 2000, status: 'within' });
    expect(empty.left.some((l: { message: string }) => /Lay abstract is empty/.test(l.message))).toBe(true);
    const missingBefore = empty.criteria
      .flatMap((c: any) => c.elements)
      .filter((e: any) => e.status === 'missing');
    expect(missingBefore.length).toBeGreaterThan(0);

    const long = await check([{ id: 'lay-abstract', text: 'a'.repeat(2100) }]);
    const over = long.sections.find((s: { id: string }) => s.id === 'lay-abstract');
    expect(over.count).toMatchObject({ used: 2100, status: 'over' });
    expect(long.left.some((l: { message: string }) => /Lay abstract is over its limit/.test(l.message))).toBe(
      true,
    );

    const written = await check([
      { id: 'research-proposal', text: PROPOSAL },
      {
        id: 'lay-abstract',
        text: 'We will warn towns of ice jams [To complete: name the partner towns]. The total request is $450,000.',
      },
      { id: 'budget-justification', text: 'Equipment: $200,000. Students: $200,000. Total: $500,000.' },
    ]);
    const found = written.criteria.flatMap((c: any) => c.elements).filter((e: any) => e.status !== 'missing');
    expect(found.length).toBeGreaterThan(0);
    expect(found.some((e: any) => e.sectionId === 'research-proposal' && e.quote)).toBe(true);
    expect(written.sections.find((s: any) => s.id === 'lay-abstract').placeholders).toEqual([
      '[To complete: name the partner towns]',
    ]);
    expect(written.totalsAgree).toBe(false);
    expect(written.left.some((l: any) => /total requested differs/.test(l.message))).toBe(true);
    expect(written.budget).toMatchObject({ ok: false, sectionId: 'budget-justification' });
  });

  it('turns a generated draft into one application, exports it, and follows submission into the feed', async () => {
    const { token, user } = await registerUser(t);
    await fundUser(t.database.db, user.id, 20);
    const gen = await t.api('POST', '/api/submissions', {
      token,
      body: generationRequest(PROGRAM),
    });
    expect(gen.status).toBe(201);
    await until(async () => {
      const list = (await t.api('GET', '/api/submissions', { token })).body as any[];
      return list.find((s) => s.id === gen.body.id && s.status === 'completed');
    });
    const [a, b] = await Promise.all([
      t.api('GET', `/api/users/${user.id}/applications`, { token }),
      t.api('GET', `/api/users/${user.id}/applications`, { token }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const list = (await t.api('GET', `/api/users/${user.id}/applications`, { token })).body.data;
    expect(list).toHaveLength(1);
    const app = list[0];
    expect(app).toMatchObject({
      submissionId: gen.body.id,
      programId: PROGRAM,
      title: 'Low-cost sensors for river ice monitoring',
      status: 'draft',
      version: 1,
    });
    const detail = (await t.api('GET', `/api/applications/${app.id}`, { token })).body;
    const headers = detail.sections.map((s: { header: string }) => s.header);
    expect(JSON.stringify(detail.sections[1].doc)).toContain('sensor');

    const docx = await fetch(`${t.baseUrl}/api/applications/${app.id}/export?format=docx`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(docx.status).toBe(200);
    const xml = strFromU8(unzipSync(new Uint8Array(await docx.arrayBuffer()))['word/document.xml']!);
    const positions = headers.map((h: string) => xml.indexOf(h.replace(/&/g, '&amp;')));
    expect(positions.every((p: number) => p > 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);

    const txt = await fetch(`${t.baseUrl}/api/applications/${app.id}/export?format=txt`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await txt.text();
    expect(text).toContain('Lay abstract\nLimit: 2,000 characters. This text:');
    const pdf = await fetch(`${t.baseUrl}/api/applications/${app.id}/export?format=pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const submitted = await t.api('PATCH', `/api/applications/${app.id}`, {
      token,
      body: { status: 'submitted', deadline: '2030-03-01' },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.submittedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const feed = await t.api('POST', '/api/calendar-token', { token });
    const ics = await (await fetch(feed.body.url.replace(/^https?:\/\/[^/]+/, t.baseUrl))).text();
    expect(ics.replace(/\r\n /g, '')).toContain(`/applications/${app.id}`);
    expect(ics.replace(/\r\n /g, '')).toMatch(/Submitted\\, submitted \d{4}-\d{2}-\d{2}/);
  });
});
