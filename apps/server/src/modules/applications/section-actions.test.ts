import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeModelServer } from '../../../test/fake-model-server.ts';
import {
  DATABASES,
  fundUser,
  registerUser,
  startTestApp,
  startTestAppWithModel,
  type TestApp,
} from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';

/** CIHR Project Grant: its lay abstract has a 2,000-character limit. */
const PROGRAM = 'ca-cihr-project-grant';
const SECTION = 'lay-abstract';
const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...texts: string[]) => ({ type: 'doc', content: texts.map(para) });
const LONG =
  'River ice jams flood 30 communities in Manitoba every spring. ' +
  'We will deploy 40 river-ice sensors by month 12 and cut flood warning lead time by 50%. '.repeat(30);
const SHORT = 'River ice jams flood 30 communities. We will deploy 40 sensors and cut warning time by 42%.';

/** Shorten to the limit with a configured model (a fake OpenAI-compatible server on 127.0.0.1). */
describe.each(DATABASES)('AI actions on a section on %s', (kind) => {
  let t: TestApp;
  let fake: FakeModelServer;
  let app: Awaited<ReturnType<typeof startTestAppWithModel>>;
  beforeAll(async () => {
    app = await startTestAppWithModel(kind, { timeoutMs: 1500 });
    ({ t, fake } = app);
  });
  afterAll(() => app.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;
  const credits = async (token: string) =>
    (await t.api('GET', '/api/auth/user', { token })).body.credits as number;

  /** A funded user with an application whose lay abstract is over its limit, at version 2. */
  async function setUp() {
    const u = await registerUser(t);
    await fundUser(t.database.db, u.user.id, 10);
    const created = await t.api('POST', '/api/applications', {
      token: u.token,
      body: { title: 'Ice sensing', program: 'x', programId: PROGRAM },
    });
    const saved = await t.api('PUT', `/api/applications/${created.body.id}/sections`, {
      token: u.token,
      body: { baseVersion: 1, sections: [{ id: SECTION, doc: doc(LONG) }] },
    });
    expect(saved.body.version).toBe(2);
    return { ...u, id: created.body.id as string };
  }
  const ask = (token: string, id: string, baseVersion: number, key: string = randomUUID()) =>
    t.api('POST', `/api/applications/${id}/sections/${SECTION}/actions`, {
      token,
      headers: { 'idempotency-key': key },
      body: { action: 'shorten', baseVersion },
    });
  const settled = (token: string, id: string, suggestionId: string) =>
    until(async () => {
      const list = await t.api('GET', `/api/applications/${id}/suggestions`, { token });
      const s = list.body.data.find((x: { id: string }) => x.id === suggestionId);
      return s && s.status !== 'processing' ? s : undefined;
    });
  const sectionText = async (token: string, id: string) => {
    const detail = await t.api('GET', `/api/applications/${id}`, { token });
    const section = detail.body.sections.find((s: { id: string }) => s.id === SECTION);
    return { version: detail.body.version as number, text: JSON.stringify(section.doc) };
  };

  it('lands "shorten to the limit" as a suggestion, charged once; accepting writes a new version', async () => {
    fake.mode = 'ok';
    fake.content = JSON.stringify({ text: SHORT });
    const u = await setUp();
    expect((await t.api('GET', `/api/applications/${u.id}/suggestions`, { token: u.token })).body).toEqual({
      available: true,
      data: [],
    });
    const before = fake.requests.length;
    const first = await ask(u.token, u.id, 2, 'shorten-1');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ sectionId: SECTION, action: 'shorten', baseVersion: 2 });
    // A retry with the same key gets the same answer and spends nothing more.
    const again = await ask(u.token, u.id, 2, 'shorten-1');
    expect(again.body.id).toBe(first.body.id);

    const done = await settled(u.token, u.id, first.body.id);
    expect(done).toMatchObject({ status: 'complete', text: SHORT, before: LONG, error: null });
    // 42% is in no section of the application; 30 and 40 are.
    expect(done.newNumbers).toEqual(['42%']);
    expect(JSON.stringify(fake.requests.slice(before))).toContain('2,000 characters');
    expect(await credits(u.token)).toBe(1.8);
    const spends = await rows(
      sql`select reason, amount from credit_ledger where reference = ${`section_action:${first.body.id}`}`,
    );
    expect(spends).toEqual([{ reason: 'spend', amount: -2 }]);
    // Nothing was written to the section, and the stored texts are sealed.
    expect((await sectionText(u.token, u.id)).version).toBe(2);
    const [raw] = await rows(
      sql`select before_text, suggestion from section_suggestions where id = ${first.body.id}`,
    );
    expect(raw.before_text.startsWith('glc1:')).toBe(true);
    expect(raw.suggestion).not.toContain('sensors');

    const accepted = await t.api('POST', `/api/applications/${u.id}/suggestions/${first.body.id}/accept`, {
      token: u.token,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.version).toBe(3);
    const after = await sectionText(u.token, u.id);
    expect(after.text).toContain(SHORT);
    expect(after.text).not.toContain('Manitoba');
    const versions = await t.api('GET', `/api/applications/${u.id}/versions`, { token: u.token });
    expect(versions.body.data[0]).toMatchObject({ version: 3, changed: ['Lay abstract'] });
    // Accepted suggestions leave the list and cannot be accepted twice.
    expect(
      (await t.api('GET', `/api/applications/${u.id}/suggestions`, { token: u.token })).body.data,
    ).toEqual([]);
    const twice = await t.api('POST', `/api/applications/${u.id}/suggestions/${first.body.id}/accept`, {
      token: u.token,
    });
    expect(twice.status).toBe(409);
  });

  it('refuses to accept over a section changed since (409), and keeps both texts', async () => {
    fake.mode = 'ok';
    fake.content = JSON.stringify({ text: SHORT });
    const u = await setUp();
    const started = await ask(u.token, u.id, 2);
    await settled(u.token, u.id, started.body.id);
    const edited = await t.api('PUT', `/api/applications/${u.id}/sections`, {
      token: u.token,
      body: { baseVersion: 2, sections: [{ id: SECTION, doc: doc('My own shorter abstract.') }] },
    });
    expect(edited.body.version).toBe(3);
    const stale = await t.api('POST', `/api/applications/${u.id}/suggestions/${started.body.id}/accept`, {
      token: u.token,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed after the suggestion was made/);
    expect((await sectionText(u.token, u.id)).text).toContain('My own shorter abstract.');
    // Still offered (to copy with Edit) until dismissed.
    const list = await t.api('GET', `/api/applications/${u.id}/suggestions`, { token: u.token });
    expect(list.body.data.map((s: { id: string }) => s.id)).toEqual([started.body.id]);
    const dismissed = await t.api(
      'POST',
      `/api/applications/${u.id}/suggestions/${started.body.id}/dismiss`,
      {
        token: u.token,
      },
    );
    expect(dismissed.status).toBe(204);
    expect(
      (await t.api('GET', `/api/applications/${u.id}/suggestions`, { token: u.token })).body.data,
    ).toEqual([]);
    // Asking from an old version is refused before any charge.
    expect((await ask(u.token, u.id, 2)).status).toBe(409);
    expect(await credits(u.token)).toBe(1.8);
  });

  it('refunds once when the model fails, and leaves the section alone', async () => {
    fake.mode = 'error500';
    const u = await setUp();
    const started = await ask(u.token, u.id, 2);
    expect(started.status).toBe(201);
    const failed = await settled(u.token, u.id, started.body.id);
    expect(failed).toMatchObject({ status: 'failed', text: null });
    expect(failed.error).toBe(
      'The AI model did not give a usable answer, so your section is unchanged. Your 0.2 credits were refunded.',
    );
    expect(await credits(u.token)).toBe(2);
    const ledger = await rows(
      sql`select reason, amount from credit_ledger where reference = ${`section_action:${started.body.id}`} order by id`,
    );
    expect(ledger).toEqual([
      { reason: 'spend', amount: -2 },
      { reason: 'refund', amount: 2 },
    ]);
    expect((await sectionText(u.token, u.id)).version).toBe(2);
    fake.mode = 'ok';
  }, 60_000);

  it('improves against the missing elements of the live checks', async () => {
    fake.mode = 'ok';
    fake.content = JSON.stringify({ text: `${LONG} [To complete: pitfalls and alternatives]` });
    const u = await setUp();
    const checks = await t.api('POST', `/api/applications/${u.id}/check`, {
      token: u.token,
      body: { sections: [] },
    });
    const missing = checks.body.criteria
      .flatMap((c: { elements: any[] }) => c.elements)
      .filter((e: { status: string; sectionId: string | null }) => e.status === 'missing' && !e.sectionId);
    expect(missing.length).toBeGreaterThan(0);
    const before = fake.requests.length;
    const started = await t.api('POST', `/api/applications/${u.id}/sections/${SECTION}/actions`, {
      token: u.token,
      body: { action: 'improve', baseVersion: 2 },
    });
    expect(started.status).toBe(201);
    const done = await settled(u.token, u.id, started.body.id);
    expect(done).toMatchObject({ status: 'complete', action: 'improve' });
    expect(JSON.stringify(fake.requests.slice(before))).toContain(missing[0].label);
  });

  /** What the model answers for "Draft this section": a subheading, a list and a table. */
  const DRAFT = [
    '## Expenses',
    '',
    'The budget of $450,000 pays for the 40 sensors and two students.',
    '',
    '- Sensors: deployed by month 12',
    '- Students: two PhD students',
    '',
    '| Item | Amount |',
    '|---|---|',
    '| Sensors | $120,000 |',
    '| Students | $330,000 |',
  ].join('\n');
  const askFor = (token: string, id: string, section: string, action: string, baseVersion = 2) =>
    t.api('POST', `/api/applications/${id}/sections/${section}/actions`, {
      token,
      headers: { 'idempotency-key': randomUUID() },
      body: { action, baseVersion },
    });

  it('drafts an empty section from the template, the other sections and the library; accepting keeps the list and table', async () => {
    fake.mode = 'ok';
    fake.content = JSON.stringify({ text: DRAFT });
    const u = await setUp();
    const block = await t.api('POST', '/api/library/blocks', {
      token: u.token,
      body: {
        title: 'Budget notes for sensors',
        text: 'Each sensor costs $3,000 with housing.',
        tags: ['budget'],
      },
    });
    expect(block.status).toBe(201);
    await t.api('POST', '/api/library/blocks', {
      token: u.token,
      body: { title: 'Team bio', text: 'Ada Lee has 15 years in hydrology.' },
    });
    const before = fake.requests.length;
    const started = await askFor(u.token, u.id, 'budget-justification', 'draft');
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ action: 'draft', before: '' });
    const done = await settled(u.token, u.id, started.body.id);
    expect(done).toMatchObject({ status: 'complete', text: DRAFT });
    // $450,000, $120,000 and $330,000 are in no section; 40 is; the bullets' markers are no figures.
    expect(done.newNumbers).toEqual(['450,000', '120,000', '330,000']);
    const sent = JSON.stringify(fake.requests.slice(before));
    expect(sent).toContain('Each expense justified against the proposal.');
    expect(sent).toContain('## Lay abstract');
    expect(sent).toContain('Budget notes for sensors');
    // Only blocks that share words with the section are sent.
    expect(sent).not.toContain('Ada Lee');
    expect(await credits(u.token)).toBe(1.8);
    const [raw] = await rows(sql`select context from section_suggestions where id = ${started.body.id}`);
    expect(raw.context.startsWith('glc1:')).toBe(true);

    const accepted = await t.api('POST', `/api/applications/${u.id}/suggestions/${started.body.id}/accept`, {
      token: u.token,
    });
    expect(accepted.status).toBe(200);
    const detail = await t.api('GET', `/api/applications/${u.id}`, { token: u.token });
    const written = detail.body.sections.find((s: { id: string }) => s.id === 'budget-justification').doc;
    expect(written.content.map((n: { type: string }) => n.type)).toEqual([
      'heading',
      'paragraph',
      'bulletList',
      'table',
    ]);
    expect(JSON.stringify(written.content[3])).toContain('tableHeader');
    expect(await credits(u.token)).toBe(1.8);

    // A section with text is not drafted over: refused before any charge.
    const refused = await askFor(u.token, u.id, SECTION, 'draft', 3);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/already has text/);
    expect(await credits(u.token)).toBe(1.8);
  });

  it('rewrites a section as a lay summary that keeps its figures; a failure refunds once', async () => {
    fake.mode = 'ok';
    const LAY =
      'Every spring, ice on rivers blocks the water and floods 30 towns in Manitoba. We will put 40 small sensors in the rivers by month 12, so people get 50% more time to prepare.';
    fake.content = JSON.stringify({ text: LAY });
    const u = await setUp();
    const before = fake.requests.length;
    const started = await askFor(u.token, u.id, SECTION, 'lay_summary');
    expect(started.status).toBe(201);
    const done = await settled(u.token, u.id, started.body.id);
    expect(done).toMatchObject({ status: 'complete', action: 'lay_summary', text: LAY, newNumbers: [] });
    const sent = JSON.stringify(fake.requests.slice(before));
    expect(sent).toContain('not a specialist');
    expect(sent).toContain('Keep every figure');
    expect(sent).toContain('2,000 characters');
    expect(await credits(u.token)).toBe(1.8);

    await t.api('POST', `/api/applications/${u.id}/suggestions/${started.body.id}/dismiss`, {
      token: u.token,
    });
    fake.mode = 'error500';
    const failing = await askFor(u.token, u.id, SECTION, 'lay_summary');
    const failed = await settled(u.token, u.id, failing.body.id);
    expect(failed).toMatchObject({ status: 'failed', text: null });
    // The first rewrite's 0.2 stays spent; the failed one's was refunded.
    expect(await credits(u.token)).toBe(1.8);
    const ledger = await rows(
      sql`select reason, amount from credit_ledger where reference = ${`section_action:${failing.body.id}`} order by id`,
    );
    expect(ledger).toEqual([
      { reason: 'spend', amount: -2 },
      { reason: 'refund', amount: 2 },
    ]);
    fake.mode = 'ok';
  }, 60_000);

  it('scopes suggestions to their owner', async () => {
    fake.mode = 'ok';
    fake.content = JSON.stringify({ text: SHORT });
    const a = await setUp();
    const b = await registerUser(t);
    const started = await ask(a.token, a.id, 2);
    await settled(a.token, a.id, started.body.id);
    expect((await t.api('GET', `/api/applications/${a.id}/suggestions`, { token: b.token })).status).toBe(
      404,
    );
    expect((await ask(b.token, a.id, 2)).status).toBe(404);
    for (const verb of ['accept', 'dismiss'])
      expect(
        (
          await t.api('POST', `/api/applications/${a.id}/suggestions/${started.body.id}/${verb}`, {
            token: b.token,
          })
        ).status,
      ).toBe(404);
    // B's own application does not open A's suggestion either.
    const bApp = await t.api('POST', '/api/applications', {
      token: b.token,
      body: { title: 'B', program: 'x', programId: PROGRAM },
    });
    const cross = await t.api(
      'POST',
      `/api/applications/${bApp.body.id}/suggestions/${started.body.id}/accept`,
      {
        token: b.token,
      },
    );
    expect(cross.status).toBe(404);
    expect((await sectionText(a.token, a.id)).version).toBe(2);
  });
});

describe.each(DATABASES)('AI actions without a model on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('are not offered, and a direct request is refused before any charge', async () => {
    const u = await registerUser(t);
    const created = await t.api('POST', '/api/applications', {
      token: u.token,
      body: { title: 'Ice sensing', program: 'x', programId: PROGRAM },
    });
    const list = await t.api('GET', `/api/applications/${created.body.id}/suggestions`, { token: u.token });
    expect(list.body).toEqual({ available: false, data: [] });
    const res = await t.api('POST', `/api/applications/${created.body.id}/sections/${SECTION}/actions`, {
      token: u.token,
      body: { action: 'shorten', baseVersion: 1 },
    });
    expect(res.status).toBe(409);
    expect((await t.api('GET', '/api/auth/user', { token: u.token })).body.credits).toBe(1);
  });
});
