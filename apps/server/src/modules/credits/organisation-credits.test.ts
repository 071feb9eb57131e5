import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOffice } from '../../../test/fixtures/organisation.ts';
import { DATABASES, fundUser, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { generationRequest } from '../../../test/fixtures/generation-form.ts';
import { ideaWork } from '../ideas/idea.work.ts';
import { assertLedgerMatchesBalances } from './ledger-invariant.ts';
import { assertOrganisationLedgerMatches } from './organisation-credits.service.ts';

/** Issue 32 §1, ADR 0720: an organisation's credits, spent by members within their limits. */

const tag = () => randomBytes(3).toString('hex');
const key = () => ({ 'idempotency-key': randomBytes(8).toString('hex') });
type User = Awaited<ReturnType<typeof registerUser>>;
const IDEA = { researchInterests: 'River-ice sensors for flood warning' };
const PROGRAM = 'ca-nserc-alliance-advantage';
const ANALYSIS_TEXT =
  'Objectives: We will deploy 40 river-ice sensors by month 12 and cut flood warning lead time by 50%.\nMethods: Field trials on three rivers.\nBudget: $50,000 for hardware.';

describe.each(DATABASES)('organisation credits on %s', (kind) => {
  let t: TestApp;
  let owner: User;
  let officer: User;
  let ana: User;
  let ben: User;
  let outsider: User;
  let orgId: string;
  let base: string;
  const orgName = `Research Office ${tag()}`;

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: Array<Record<string, any>> }).rows;
  const personal = async (u: User) => (await t.api('GET', '/api/auth/user', { token: u.token })).body.credits;
  const view = async (u: User) => t.api('GET', base, { token: u.token });
  const balance = async () => (await view(owner)).body.balance;
  const idea = (u: User, payFrom?: string) =>
    t.api('POST', '/api/idea-generator-requests', {
      token: u.token,
      body: { ...IDEA, payFrom },
      headers: key(),
    });
  const transfer = (u: User, credits: unknown) =>
    t.api('POST', `${base}/transfers`, { token: u.token, body: { credits }, headers: key() });
  const setLimit = (u: User, member: User, limit: unknown) =>
    t.api('PUT', `${base}/limits/${member.user.id}`, { token: u.token, body: { limit } });
  const invariants = async () => {
    await assertLedgerMatchesBalances(t.database);
    await assertOrganisationLedgerMatches(t.database.db);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    owner = await registerUser(t, { name: 'Olive Owner', email: `olive-${tag()}@utoronto.ca` });
    officer = await registerUser(t, { name: 'Fran Officer', email: `fran-${tag()}@utoronto.ca` });
    ana = await registerUser(t, { name: 'Ana Applicant', email: `ana-${tag()}@utoronto.ca` });
    ben = await registerUser(t, { name: 'Ben Applicant', email: `ben-${tag()}@utoronto.ca` });
    outsider = await registerUser(t, { name: 'Xavier Outsider', email: `xavier-${tag()}@mcgill.ca` });
    orgId = await createOffice(t, { name: orgName, owner, officer, members: [officer, ana, ben] });
    base = `/api/organisations/${orgId}/credits`;
    await fundUser(t.database.db, owner.user.id, 200);
  }, 300_000);
  afterAll(() => t?.close());

  it('lets an owner move their own credits in, once per request, and nobody else', async () => {
    expect(await personal(owner)).toBe(21);
    expect((await view(ana)).body).toMatchObject({ balance: 0, canManage: false, canTransfer: false });
    for (const u of [officer, ana, outsider]) expect((await transfer(u, 5)).status, u.email).toBe(404);
    expect((await transfer(owner, 0)).body.errors[0].message).toBe('Move at least 1 credit');
    expect((await transfer(owner, 1.5)).body.errors[0].message).toBe(
      'Give the amount as a whole number of credits',
    );
    expect((await transfer(owner, 'ten')).status).toBe(400);
    const tooMuch = await transfer(owner, 22);
    expect(tooMuch).toMatchObject({
      status: 409,
      body: { message: 'You do not have that many credits to move.' },
    });
    expect(await personal(owner)).toBe(21);

    const headers = key();
    const moved = await t.api('POST', `${base}/transfers`, {
      token: owner.token,
      body: { credits: 10 },
      headers,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ balance: 10, canManage: true, canTransfer: true });
    expect(moved.body.entries[0]).toMatchObject({
      amount: 10,
      reason: 'transfer',
      member: { id: owner.user.id, name: 'Olive Owner' },
    });
    // A retry with the same key replays the answer and moves nothing twice.
    await t.api('POST', `${base}/transfers`, { token: owner.token, body: { credits: 10 }, headers });
    expect(await personal(owner)).toBe(11);
    expect(await balance()).toBe(10);
    const own = await t.api('GET', '/api/credits/ledger', { token: owner.token });
    expect(own.body.entries[0]).toMatchObject({ amount: -10, reason: 'organisation_transfer' });
    await invariants();
  });

  it('charges the organisation, not the member, for work paid from it, and shows who spent what', async () => {
    const before = await personal(ana);
    const res = await idea(ana, orgId);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(await personal(ana)).toBe(before);
    expect(await balance()).toBe(9.5);
    const officers = (await view(officer)).body;
    expect(officers.entries[0]).toMatchObject({
      amount: -0.5,
      reason: 'spend',
      reference: `idea:${res.body.id}`,
      member: { id: ana.user.id, name: 'Ana Applicant' },
    });
    expect(officers.members.find((m: any) => m.userId === ana.user.id)).toMatchObject({
      limit: null,
      spent: 0.5,
      available: 9.5,
    });
    // A member sees the balance, their own allowance and rows only.
    const bens = (await view(ben)).body;
    expect(bens).toMatchObject({ balance: 9.5, members: [], entries: [], own: { spent: 0, available: 9.5 } });
    // The personal ledger holds none of it: personal credits stay personal.
    const anas = await t.api('GET', '/api/credits/ledger', { token: ana.token });
    expect(anas.body.entries.map((e: any) => e.reference)).not.toContain(`idea:${res.body.id}`);
    await invariants();
  });

  it('pays drafts and analyses from the organisation too', async () => {
    // Three credits in for the three this test spends, so the later tests start where they did.
    expect((await transfer(owner, 3)).status).toBeLessThan(300);
    const before = { org: await balance(), own: await personal(officer) };
    const analysis = await t.api('POST', '/api/submissions', {
      token: officer.token,
      body: {
        type: 'analysis',
        programId: PROGRAM,
        payFrom: orgId,
        contentJson: { programId: PROGRAM, inputMethod: 'text', content: ANALYSIS_TEXT },
      },
      headers: key(),
    });
    expect(analysis.status, JSON.stringify(analysis.body)).toBe(201);
    const draft = await t.api('POST', '/api/submissions', {
      token: officer.token,
      body: { ...generationRequest(PROGRAM), payFrom: orgId },
      headers: key(),
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    // An analysis costs 1 credit and a draft 2, both from the organisation, none from the officer.
    expect(await balance()).toBe(before.org - 3);
    expect(await personal(officer)).toBe(before.own);
    const spent = (await view(owner)).body.entries.filter((e: any) => e.member?.id === officer.user.id);
    expect(spent.map((e: any) => e.amount).sort((a: number, b: number) => a - b)).toEqual([-2, -1]);
    // Someone outside the organisation cannot pay a draft from it.
    const refused = await t.api('POST', '/api/submissions', {
      token: outsider.token,
      body: { ...generationRequest(PROGRAM), payFrom: orgId },
      headers: key(),
    });
    expect(refused.status).toBe(400);
    expect(await balance()).toBe(before.org - 3);
    await invariants();
  });

  it('refuses an organisation the payer is not in, and creates nothing', async () => {
    const listed = async () =>
      (await t.api('GET', '/api/idea-generator-requests', { token: outsider.token })).body;
    const res = await idea(outsider, orgId);
    expect(res).toMatchObject({ status: 400, body: { message: 'Choose an organisation you belong to' } });
    expect(await listed()).toEqual([]);
    expect((await idea(outsider, 'not-an-id')).body.errors[0].message).toBe(
      'Choose an organisation you belong to',
    );
    for (const url of [base, `${base}?page=2`])
      expect((await t.api('GET', url, { token: outsider.token })).status).toBe(404);
  });

  it('holds each member to the limit an owner or officer set, with the message that says what is left', async () => {
    expect((await setLimit(ana, ben, { credits: 1, period: 'month' })).status).toBe(404);
    expect((await setLimit(officer, outsider, { credits: 1, period: 'month' })).status).toBe(404);
    expect((await setLimit(officer, ben, { credits: -1, period: 'month' })).status).toBe(400);
    expect((await setLimit(officer, ben, { credits: 1, period: 'week' })).body.errors[0].message).toBe(
      'Choose per month or in total',
    );
    const set = await setLimit(officer, ben, { credits: 1, period: 'month' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.members.find((m: any) => m.userId === ben.user.id)).toMatchObject({
      limit: { credits: 1, period: 'month' },
      available: 1,
    });
    expect((await idea(ben, orgId)).status).toBe(201);
    expect((await idea(ben, orgId)).status).toBe(201);
    const refused = await idea(ben, orgId);
    expect(refused).toMatchObject({
      status: 402,
      body: {
        message: `This would pass your limit at ${orgName}: 0 credits left this month.`,
        reason: 'organisation_limit',
        available: 0,
        period: 'month',
      },
    });
    expect((await t.api('GET', '/api/idea-generator-requests', { token: ben.token })).body).toHaveLength(2);
    expect((await view(ben)).body.own).toMatchObject({ spent: 1, available: 0 });
    // Removing the limit leaves the balance as the only one.
    expect((await setLimit(owner, ben, null)).status).toBe(200);
    expect((await view(ben)).body.own).toMatchObject({ limit: null, available: 8.5 });
    await invariants();
  });

  it('refunds failed work to the organisation, once', async () => {
    const res = await idea(ana, orgId);
    const id = res.body.id as string;
    expect(await balance()).toBe(8);
    const deps = {
      database: t.database,
      mailer: t.runtime.mailer,
      env: t.env,
      log: pino({ level: 'silent' }),
    };
    const before = await personal(ana);
    await ideaWork.fail(deps, id, 'The model was down.');
    await ideaWork.fail(deps, id, 'The model was down.');
    expect(await balance()).toBe(8.5);
    expect(await personal(ana)).toBe(before);
    const refunds = await rows(
      sql`select amount, user_id from organisation_credit_ledger where reason = 'refund' and reference = ${`idea:${id}`}`,
    );
    expect(refunds).toEqual([{ amount: 5, user_id: ana.user.id }]);
    await invariants();
  });

  it('never overdraws when two members spend the last credits at once', async () => {
    // Leave exactly one idea's price: 8.5 credits = 17 ideas, spent in parallel by two members.
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => idea(i % 2 ? ana : ben, orgId)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(17);
    expect(statuses.filter((s) => s === 402)).toHaveLength(3);
    expect(results.find((r) => r.status === 402)!.body.message).toBe(
      `${orgName} does not have enough credits for this. Ask an owner to add some.`,
    );
    expect(await balance()).toBe(0);
    expect(
      (await rows(sql`select credits from organisation_credit_balances where organisation_id = ${orgId}`))[0],
    ).toEqual({
      credits: 0,
    });
    await invariants();
  });

  it('keeps the rows with the organisation after a member leaves, in their export, append-only', async () => {
    const export_ = await fetch(`${t.baseUrl}/api/account/export`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    const zip = unzipSync(new Uint8Array(await export_.arrayBuffer()));
    const exported = JSON.parse(strFromU8(zip['organisation-credit-ledger.json']!)) as Array<{
      user_id: string;
    }>;
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.every((r) => r.user_id === ana.user.id)).toBe(true);

    await setLimit(owner, ana, { credits: 3, period: 'total' });
    const removed = await t.api('DELETE', `/api/organisations/${orgId}/members/${ana.user.id}`, {
      token: owner.token,
    });
    expect(removed.status).toBe(204);
    // From the removal on: 404 on the organisation's credits, no spending, and no limit left behind.
    expect((await view(ana)).status).toBe(404);
    expect((await idea(ana, orgId)).status).toBe(400);
    expect(await rows(sql`select 1 from organisation_credit_limits where user_id = ${ana.user.id}`)).toEqual(
      [],
    );
    const anas = (await view(owner)).body.entries.filter((e: any) => e.member?.id === ana.user.id);
    expect(anas.length).toBe(exported.length);

    await expect(
      t.database.db.execute(sql`update organisation_credit_ledger set amount = 0`),
    ).rejects.toThrow();
    // A purged account's rows stay the organisation's, without the id (the purge removes the
    // account's own work first, then the user row).
    await t.database.db.execute(sql`delete from idea_requests where user_id = ${ana.user.id}`);
    await t.database.db.execute(sql`delete from users where id = ${ana.user.id}`);
    const left = await rows(
      sql`select count(*)::int as n from organisation_credit_ledger where user_id is null`,
    );
    expect(left[0]!.n).toBe(exported.length);
    await invariants();
  });
});
