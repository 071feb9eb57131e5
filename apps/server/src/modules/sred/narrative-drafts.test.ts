import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSealed } from '../../adapters/storage/sealing.ts';
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
import { CLAIM_SETTINGS } from './sred.fixtures.ts';

const EVIDENCE = [
  '2025-02-10 Literature and vendor review: no sensor holds calibration below -30 C',
  '2025-04-15 Built 3 prototypes of the heated housing; hypothesis: drift comes from condensation',
  'Undated whiteboard photo',
  '2025-09-02 Cold-chamber test: drift fell to 0.4% at -35 C',
].join('\n');
const USER_TEXT = 'My own uncertainty, written by hand.';

/** What the fake model answers: cited, uncited, a made-up citation and a figure found nowhere. */
const ANSWER = {
  uncertainty: [
    {
      text: 'It was not known whether any sensor could hold calibration below -30 C; the vendor review found none.',
      cites: ['E1'],
    },
    { text: 'Standard practice offered no heated housing design.', cites: [] },
  ],
  work: [
    {
      text: 'The team built 3 prototypes of a heated housing to test the condensation hypothesis.',
      cites: ['E2'],
    },
    { text: 'A cold-chamber test on 2025-09-02 measured drift of 0.4% at -35 C [E3].', cites: [] },
    { text: 'Ana Ruiz spent 320 hours on the tests.', cites: ['T1'] },
    { text: 'A field trial in Yellowknife confirmed the result.', cites: ['E9'] },
  ],
  advancements: [{ text: 'Drift fell by 42% against the first prototype.', cites: ['E3'] }],
};

async function claimWithProject(t: TestApp, token: string, evidence = EVIDENCE) {
  const claim = await t.api('POST', '/api/sred/claims', { token, body: CLAIM_SETTINGS });
  const withProject = await t.api('POST', `/api/sred/claims/${claim.body.id}/projects`, {
    token,
    body: { title: 'Cold-proof sensor housing', uncertainty: USER_TEXT, evidence },
  });
  const projectId = withProject.body.projects[0].id as string;
  await t.api('PUT', `/api/sred/claims/${claim.body.id}/time`, {
    token,
    body: {
      entries: [
        { person: 'Ana Ruiz', projectId, hours: 320 },
        { person: 'Ana Ruiz', projectId: null, hours: 1400 },
      ],
    },
  });
  return { claimId: claim.body.id as string, projectId };
}

describe.each(DATABASES)('Model-drafted T661 narratives on %s', (kind) => {
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
  const ask = (token: string, claimId: string, projectId: string, key: string = randomUUID()) =>
    t.api('POST', `/api/sred/claims/${claimId}/projects/${projectId}/narrative-drafts`, {
      token,
      headers: { 'idempotency-key': key },
    });
  const settled = (token: string, claimId: string, draftId: string) =>
    until(async () => {
      const list = await t.api('GET', `/api/sred/claims/${claimId}/narrative-drafts`, { token });
      const d = list.body.data.find((x: { id: string }) => x.id === draftId);
      return d && d.status !== 'processing' ? d : undefined;
    });

  it('drafts from the evidence and time records only, keeps cited statements, leaves out and flags the rest', async () => {
    fake.mode = 'ok';
    fake.content = JSON.stringify(ANSWER);
    const u = await registerUser(t);
    await fundUser(t.database.db, u.user.id, 10);
    const before = await credits(u.token);
    const { claimId, projectId } = await claimWithProject(t, u.token);
    const sent = fake.requests.length;
    const first = await ask(u.token, claimId, projectId, 'draft-1');
    expect(first.status).toBe(201);
    expect(first.body.sources).toEqual([
      { id: 'E1', kind: 'evidence', text: EVIDENCE.split('\n')[0] },
      { id: 'E2', kind: 'evidence', text: EVIDENCE.split('\n')[1] },
      { id: 'E3', kind: 'evidence', text: EVIDENCE.split('\n')[3] },
      { id: 'T1', kind: 'time', text: 'Ana Ruiz: 320 hours on this project in the tax year' },
    ]);
    // The same key again: the same draft, charged once.
    expect((await ask(u.token, claimId, projectId, 'draft-1')).body.id).toBe(first.body.id);

    const done = await settled(u.token, claimId, first.body.id);
    expect(done.status).toBe('complete');
    const { uncertainty, work, advancements } = done.parts;
    expect(uncertainty.text).toBe(ANSWER.uncertainty[0]!.text);
    expect(uncertainty.leftOut).toEqual([
      {
        text: 'Standard practice offered no heated housing design.',
        cites: [],
        problems: ['No citation: it names no evidence entry or time record.'],
      },
    ]);
    // An inline citation counts; a made-up entry (E9) leaves the statement out.
    expect(work.statements.map((s: { cites: string[] }) => s.cites)).toEqual([['E2'], ['E3'], ['T1']]);
    expect(work.statements.every((s: { problems: string[] }) => s.problems.length === 0)).toBe(true);
    expect(work.text).toBe(
      'The team built 3 prototypes of a heated housing to test the condensation hypothesis. A cold-chamber test on 2025-09-02 measured drift of 0.4% at -35 C. Ana Ruiz spent 320 hours on the tests.',
    );
    expect(work.leftOut[0].problems).toEqual(['Cites E9, which is not in the evidence log or time records.']);
    expect(work.text).not.toContain('Yellowknife');
    // 42% is in no cited entry: kept, flagged.
    expect(advancements.statements[0].problems).toEqual(['Not in the cited entries: 42%.']);
    // The offline checks ran on the drafted text: its work names a hypothesis and tests but no result.
    expect(done.checks).toEqual([
      {
        field: 'work',
        kind: 'systematic',
        message: 'The work does not read as a systematic investigation: no results.',
      },
    ]);

    // The prompt carried the dated entries and the time record, and nothing else of the claim.
    const prompt = JSON.stringify(fake.requests.slice(sent));
    expect(prompt).toContain('E3: 2025-09-02 Cold-chamber test');
    expect(prompt).toContain('T1: Ana Ruiz: 320 hours');
    expect(prompt).not.toContain('Undated whiteboard');
    expect(prompt).not.toContain(USER_TEXT);
    expect(prompt).not.toContain('Cold-proof sensor housing');
    expect(prompt).not.toContain('1400');

    // Charged once, 0.5 credits; the user's own text is untouched; sources and draft sealed at rest.
    expect(await credits(u.token)).toBe(before - 0.5);
    expect(
      await rows(
        sql`select reason, amount from credit_ledger where reference = ${`sred_narrative:${first.body.id}`}`,
      ),
    ).toEqual([{ reason: 'spend', amount: -5 }]);
    const claim = await t.api('GET', `/api/sred/claims/${claimId}`, { token: u.token });
    expect(claim.body.projects[0].uncertainty).toBe(USER_TEXT);
    const [raw] = await rows(
      sql`select sources, draft from sred_narrative_drafts where id = ${first.body.id}`,
    );
    expect(isSealed(raw.sources) && isSealed(raw.draft)).toBe(true);

    // Dismissed once used: no longer listed, and not twice.
    const path = `/api/sred/claims/${claimId}/narrative-drafts/${first.body.id}/dismiss`;
    expect((await t.api('POST', path, { token: u.token })).status).toBe(204);
    const list = await t.api('GET', `/api/sred/claims/${claimId}/narrative-drafts`, { token: u.token });
    expect(list.body).toEqual({ available: true, data: [] });

    // Another user: 404 on the list, on asking and on dismissing; nothing charged to anyone.
    const b = await registerUser(t);
    await fundUser(t.database.db, b.user.id, 10);
    const bBefore = await credits(b.token);
    expect(
      (await t.api('GET', `/api/sred/claims/${claimId}/narrative-drafts`, { token: b.token })).status,
    ).toBe(404);
    expect((await ask(b.token, claimId, projectId)).status).toBe(404);
    expect((await t.api('POST', path, { token: b.token })).status).toBe(404);
    expect(await credits(b.token)).toBe(bBefore);
  }, 60_000);

  it('refunds once when the model fails, and when nothing it wrote could be traced', async () => {
    const u = await registerUser(t);
    await fundUser(t.database.db, u.user.id, 10);
    const before = await credits(u.token);
    const { claimId, projectId } = await claimWithProject(t, u.token);

    fake.mode = 'error500';
    const failing = await ask(u.token, claimId, projectId);
    expect(failing.status).toBe(201);
    const failed = await settled(u.token, claimId, failing.body.id);
    expect(failed).toMatchObject({ status: 'failed', parts: null });
    expect(failed.error).toBe(
      'The AI model did not give a usable draft, so nothing was written. Your 0.5 credits were refunded.',
    );
    expect(
      await rows(
        sql`select reason, amount from credit_ledger where reference = ${`sred_narrative:${failing.body.id}`} order by id`,
      ),
    ).toEqual([
      { reason: 'spend', amount: -5 },
      { reason: 'refund', amount: 5 },
    ]);

    fake.mode = 'ok';
    fake.content = JSON.stringify({
      uncertainty: [{ text: 'Nobody knew.', cites: [] }],
      work: [],
      advancements: [],
    });
    const uncited = await ask(u.token, claimId, projectId);
    expect((await settled(u.token, claimId, uncited.body.id)).status).toBe('failed');
    expect(await credits(u.token)).toBe(before);
  }, 60_000);

  it('refuses before charging when the evidence log has no dated entry', async () => {
    const u = await registerUser(t);
    await fundUser(t.database.db, u.user.id, 10);
    const before = await credits(u.token);
    const { claimId, projectId } = await claimWithProject(t, u.token, 'Undated notes only');
    const refused = await ask(u.token, claimId, projectId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/no dated entry/);
    expect(await credits(u.token)).toBe(before);
    expect((await ask(u.token, claimId, randomUUID())).status).toBe(404);
  });
});

describe.each(DATABASES)('Narrative drafts without a model on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('says a model is needed and charges nothing', async () => {
    const u = await registerUser(t);
    const { claimId, projectId } = await claimWithProject(t, u.token);
    const before = (await t.api('GET', '/api/auth/user', { token: u.token })).body.credits;
    const list = await t.api('GET', `/api/sred/claims/${claimId}/narrative-drafts`, { token: u.token });
    expect(list.body).toEqual({ available: false, data: [] });
    const refused = await t.api(
      'POST',
      `/api/sred/claims/${claimId}/projects/${projectId}/narrative-drafts`,
      {
        token: u.token,
        headers: { 'idempotency-key': randomUUID() },
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Drafting a narrative needs a configured AI model; none is configured, so nothing was charged.',
    );
    expect((await t.api('GET', '/api/auth/user', { token: u.token })).body.credits).toBe(before);
  });
});
