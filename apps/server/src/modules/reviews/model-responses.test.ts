import { randomUUID } from 'node:crypto';
import type { RichNode } from '@grantleaf/shared/application-document.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../adapters/storage/sealing.ts';
import type { FakeModelServer } from '../../../test/fake-model-server.ts';
import { SUMMARY_STATEMENT } from '../../../test/fixtures/summary-statement.ts';
import {
  DATABASES,
  fundUser,
  registerUser,
  startTestApp,
  startTestAppWithModel,
  type TestApp,
} from '../../../test/harness.ts';
import { until } from '../../../test/until.ts';

const para = (text: string): RichNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...texts: string[]): RichNode => ({ type: 'doc', content: texts.map(para) });

/** Words only the application's sections hold: the model must never read them. */
const SECTION_ONLY = 'Holter patch';
const POWER = 'We added a power calculation for 120 patients.';
const DECLINE = 'The plan follows the NIH template already cited in the application.';

/**
 * An NIH R01 application reviewed at its first version, then: the power critique marked done with
 * Approach edited, the data sharing critique declined, the rest left planned. The weakness rows
 * the model reads are R1 (panel), R2 (power), R3 (no alternative), R4 (data sharing).
 */
async function resubmission(t: TestApp, token: string) {
  const created = await t.api('POST', '/api/applications', {
    token,
    body: { title: 'Wearable sensors after heart failure', program: 'x', programId: 'us-nih-r01' },
  });
  const id = created.body.id as string;
  const detail = await t.api('GET', `/api/applications/${id}`, { token });
  const sections = detail.body.sections as { id: string; header: string }[];
  const approach = sections.find((s) => s.header === 'Approach')!;
  const save = async (baseVersion: number, text: string, only?: string) =>
    t.api('PUT', `/api/applications/${id}/sections`, {
      token,
      body: {
        baseVersion,
        sections: sections
          .filter((s) => !only || s.id === only)
          .map((s) => ({ id: s.id, doc: doc(`${s.header}: ${text}`) })),
      },
    });
  const first = await save(detail.body.version, `we will enrol 120 patients wearing a ${SECTION_ONLY}.`);
  const plan = (
    await t.api('POST', `/api/applications/${id}/reviews`, { token, body: { text: SUMMARY_STATEMENT } })
  ).body;
  const row = (start: string) => plan.critiques.find((c: { quote: string }) => c.quote.startsWith(start));
  const patch = (critique: { id: string }, body: object) =>
    t.api('PATCH', `/api/applications/${id}/critiques/${critique.id}`, { token, body });
  const power = row('The sample size');
  const sharing = row('The data sharing');
  expect((await patch(power, { sections: [approach.id], status: 'done', plannedChange: POWER })).status).toBe(
    200,
  );
  expect((await patch(sharing, { status: 'declined', declineReason: DECLINE })).status).toBe(200);
  const edited = await save(
    first.body.version,
    `we will enrol 120 patients wearing a ${SECTION_ONLY}. A power calculation (alpha 0.05) supports 120 patients.`,
    approach.id,
  );
  expect(edited.status, JSON.stringify(edited.body)).toBe(200);
  return { id, power, sharing, alternative: row('No alternative') };
}

describe.each(DATABASES)('The response section written by a model on %s', (kind) => {
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
  const ledger = (id: string) =>
    rows(
      sql`select reason, amount from credit_ledger where reference = ${`review_response:${id}`} order by id`,
    );
  const ask = (token: string, id: string, key: string = randomUUID()) =>
    t.api('POST', `/api/applications/${id}/reviews/model-responses`, {
      token,
      headers: { 'idempotency-key': key },
    });
  const settled = (token: string, id: string, responseId: string) =>
    until(async () => {
      const list = await t.api('GET', `/api/applications/${id}/reviews/model-responses`, { token });
      const r = list.body.data.find((x: { id: string }) => x.id === responseId);
      return r && r.status !== 'processing' ? r : undefined;
    });
  async function funded() {
    const u = await registerUser(t);
    await fundUser(t.database.db, u.user.id, 10);
    return u;
  }

  it('writes prose from the plan only, keeps paragraphs the plan traces, removes the rest with why', async () => {
    fake.mode = 'ok';
    fake.content = JSON.stringify({
      paragraphs: [
        { rows: ['R2'], claim: 'changed', text: `${POWER} It is in the Approach.` },
        {
          rows: ['R4'],
          claim: 'declined',
          text: `We did not change the data sharing plan. ${DECLINE}`,
        },
        // A figure and a name the plan does not hold: removed, not shown.
        {
          rows: ['R2'],
          claim: 'changed',
          text: 'The calculation, reviewed by colleagues at Stanford University, gives 90% power.',
        },
        { rows: ['R9'], claim: 'declined', text: 'We kept the design.' },
      ],
    });
    const u = await funded();
    const before = await credits(u.token);
    const r = await resubmission(t, u.token);
    const sent = fake.requests.length;
    const first = await ask(u.token, r.id, 'response-1');
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ status: 'processing', text: null });
    // The same key again: the same work, charged once.
    expect((await ask(u.token, r.id, 'response-1')).body.id).toBe(first.body.id);

    const done = await settled(u.token, r.id, first.body.id);
    expect(done.status, done.error).toBe('complete');
    expect(done.heading).toBe('Introduction to the Resubmission Application');
    expect(done.text).toBe(
      [
        'Introduction to the Resubmission Application',
        `${POWER} It is in the Approach.`,
        `We did not change the data sharing plan. ${DECLINE}`,
      ].join('\n\n'),
    );
    // Provenance: each paragraph with the critique it answers.
    expect(done.paragraphs.map((p: any) => p.rows.map((x: any) => x.id))).toEqual([
      [r.power.id],
      [r.sharing.id],
    ]);
    expect(done.removed).toEqual([
      {
        text: 'The calculation, reviewed by colleagues at Stanford University, gives 90% power.',
        reason: 'Not in the plan: 90%, Stanford University.',
      },
      { text: 'We kept the design.', reason: 'It names R9, which is not in the plan.' },
    ]);
    expect(done.notAnswered).toEqual([]);
    expect(done).toMatchObject({ limit: { text: '1 page', words: 650 }, overLimit: false });
    expect(done.words).toBeLessThan(60);

    // The model read the plan's rows, their status and diff facts, and nothing of the sections.
    const prompt = JSON.stringify(fake.requests.slice(sent));
    expect(prompt).toContain('R2 (Reviewer 1, Significance), status done, change shown');
    expect(prompt).toContain(`Applicant's change: ${POWER}`);
    expect(prompt).toContain(`Applicant's reason to decline: ${DECLINE}`);
    expect(prompt).toMatch(/Versions: Approach: \d+ words added, 0 removed since the reviewed version/);
    expect(prompt).toContain('R3 (Reviewer 1, Approach), status planned');
    expect(prompt).not.toContain(SECTION_ONLY);
    expect(prompt).not.toContain('alpha 0.05');

    // Charged once at the section actions' price; stored sealed.
    expect(await credits(u.token)).toBeCloseTo(before - 0.2, 5);
    expect(await ledger(first.body.id)).toEqual([{ reason: 'spend', amount: -2 }]);
    const [raw] = await rows(
      sql`select rows, target, result from review_model_responses where id = ${first.body.id}`,
    );
    expect([raw.rows, raw.target, raw.result].every(isSealed)).toBe(true);

    // Another user: 404 on the list and on asking; nothing charged.
    const b = await funded();
    const bBefore = await credits(b.token);
    expect(
      (await t.api('GET', `/api/applications/${r.id}/reviews/model-responses`, { token: b.token })).status,
    ).toBe(404);
    expect((await ask(b.token, r.id)).status).toBe(404);
    expect(await credits(b.token)).toBe(bBefore);
  }, 90_000);

  it('refuses the whole text and refunds once when the model claims a change the versions do not show', async () => {
    const u = await funded();
    const before = await credits(u.token);
    const r = await resubmission(t, u.token);
    fake.mode = 'ok';
    // R3 ("No alternative…") is still planned: saying it was changed invents a change.
    fake.content = JSON.stringify({
      paragraphs: [
        { rows: ['R2'], claim: 'changed', text: POWER },
        { rows: ['R3'], claim: 'changed', text: 'A fallback is now described.' },
      ],
    });
    const invented = await ask(u.token, r.id);
    const failed = await settled(u.token, r.id, invented.body.id);
    expect(failed).toMatchObject({ status: 'failed', text: null, paragraphs: [] });
    expect(failed.error).toBe(
      `The AI model's text said a change was made for Reviewer 1's critique “No alternative is described if patients stop wearing the sensor.”, which your plan and versions do not show, so none of its text was used. Your 0.2 credits were refunded.`,
    );
    expect(await ledger(invented.body.id)).toEqual([
      { reason: 'spend', amount: -2 },
      { reason: 'refund', amount: 2 },
    ]);

    // Labelled "declined", but its words say the declined critique was changed: refused too.
    fake.content = JSON.stringify({
      paragraphs: [{ rows: ['R4'], claim: 'declined', text: 'We have revised the data sharing plan.' }],
    });
    const disguised = await ask(u.token, r.id);
    expect((await settled(u.token, r.id, disguised.body.id)).error).toContain(
      '“The data sharing plan is vague.”',
    );
    expect(await credits(u.token)).toBe(before);
  }, 90_000);

  it('tells the user when the text is over the funder’s limit, and cuts nothing', async () => {
    const u = await funded();
    const r = await resubmission(t, u.token);
    const long = Array.from({ length: 80 }, () => 'The reason given in the plan still holds here.').join(' ');
    fake.mode = 'ok';
    fake.content = JSON.stringify({ paragraphs: [{ rows: ['R4'], claim: 'declined', text: long }] });
    const asked = await ask(u.token, r.id);
    const done = await settled(u.token, r.id, asked.body.id);
    expect(done.status).toBe('complete');
    expect(done.overLimit).toBe(true);
    expect(done.words).toBeGreaterThan(650);
    expect(done.text).toBe(`Introduction to the Resubmission Application\n\n${long}`);
    // The done row that no kept paragraph answers is named.
    expect(done.notAnswered.map((x: any) => x.id)).toEqual([r.power.id]);
  }, 90_000);

  it('refunds exactly once when the vendor fails, and refuses before charging when nothing is answered', async () => {
    const u = await funded();
    const before = await credits(u.token);
    const r = await resubmission(t, u.token);
    fake.mode = 'error500';
    const failing = await ask(u.token, r.id);
    const failed = await settled(u.token, r.id, failing.body.id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(
      'The AI model did not give a usable response section, so nothing was written. Your 0.2 credits were refunded.',
    );
    // Let any retry of the job run: still one spend and one refund.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await ledger(failing.body.id)).toEqual([
      { reason: 'spend', amount: -2 },
      { reason: 'refund', amount: 2 },
    ]);
    expect(await credits(u.token)).toBe(before);
    fake.mode = 'ok';

    // A plan with no row done or declined: nothing for the model to write from; not charged.
    const fresh = await registerUser(t);
    await fundUser(t.database.db, fresh.user.id, 10);
    const freshBefore = await credits(fresh.token);
    const created = await t.api('POST', '/api/applications', {
      token: fresh.token,
      body: { title: 'Untouched', program: 'x', programId: 'us-nih-r01' },
    });
    await t.api('POST', `/api/applications/${created.body.id}/reviews`, {
      token: fresh.token,
      body: { text: SUMMARY_STATEMENT },
    });
    const refused = await ask(fresh.token, created.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/No critique is answered yet/);
    expect(await credits(fresh.token)).toBe(freshBefore);
  }, 90_000);
});

describe.each(DATABASES)('The response section without a model on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('offers no model text, refuses the route and charges nothing; the offline section stays', async () => {
    const u = await registerUser(t);
    await fundUser(t.database.db, u.user.id, 10);
    const before = (await t.api('GET', '/api/auth/user', { token: u.token })).body.credits;
    const r = await resubmission(t, u.token);
    const list = await t.api('GET', `/api/applications/${r.id}/reviews/model-responses`, { token: u.token });
    expect(list.body).toEqual({ available: false, data: [] });
    const refused = await t.api('POST', `/api/applications/${r.id}/reviews/model-responses`, {
      token: u.token,
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Writing the response with a model needs a configured AI model; none is configured, so nothing was charged.',
    );
    expect((await t.api('GET', '/api/auth/user', { token: u.token })).body.credits).toBe(before);
    const offline = await t.api('GET', `/api/applications/${r.id}/reviews/response`, { token: u.token });
    expect(offline.body.text).toContain(`Response: ${POWER}`);
  }, 60_000);
});
