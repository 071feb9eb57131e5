import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { assertLedgerMatchesBalances } from './ledger-invariant.ts';

describe.each(DATABASES)('credits ledger and admin credits on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof registerUser>>;
  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await registerUser(t, { email: 'admin@grantleaf.ca' });
  });
  afterEach(() => assertLedgerMatchesBalances(t.database));
  afterAll(() => t.close());

  it('lists the signed-in user’s own entries, newest first, paged', async () => {
    const user = await registerUser(t);
    await t.api('POST', `/api/admin/users/${user.user.id}/credits`, {
      token: admin.token,
      body: { amount: 2.5, reason: 'Conference promo' },
    });
    await t.api('POST', `/api/admin/users/${user.user.id}/credits`, {
      token: admin.token,
      body: { amount: -0.5, reason: 'Correction' },
    });
    const all = await t.api('GET', '/api/credits/ledger', { token: user.token });
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(3);
    expect(all.body.entries.map((e: any) => [e.reason, e.amount])).toEqual([
      ['admin', -0.5],
      ['admin', 2.5],
      ['signup', 1],
    ]);
    expect(all.body.entries[0].note).toBe('Correction');
    const page2 = await t.api('GET', '/api/credits/ledger?page=2&pageSize=2', { token: user.token });
    expect(page2.body).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(page2.body.entries).toHaveLength(1);
    expect(page2.body.entries[0].reason).toBe('signup');
    // Another user's entries never show.
    const other = await registerUser(t);
    const theirs = await t.api('GET', '/api/credits/ledger', { token: other.token });
    expect(theirs.body.total).toBe(1);
    expect((await t.api('GET', '/api/credits/ledger')).status).toBe(401);
    expect((await t.api('GET', '/api/credits/ledger?pageSize=1000', { token: user.token })).status).toBe(400);
  });

  it('lets admins add and remove credits (one decimal; stored in tenths), with a reason, and refuses a negative balance', async () => {
    const user = await registerUser(t);
    const add = await t.api('POST', `/api/admin/users/${user.user.id}/credits`, {
      token: admin.token,
      body: { amount: 1.5, reason: 'Pilot institution' },
    });
    expect(add.status).toBe(200);
    expect(add.body.user.credits).toBe(2.5);
    expect(add.body.entry).toMatchObject({ amount: 1.5, reason: 'admin', note: 'Pilot institution' });
    expect((await t.api('GET', '/api/me', { token: user.token })).body.credits).toBe(2.5);

    const tooMuch = await t.api('POST', `/api/admin/users/${user.user.id}/credits`, {
      token: admin.token,
      body: { amount: -3, reason: 'x' },
    });
    expect(tooMuch.status).toBe(409);
    expect((await t.api('GET', '/api/me', { token: user.token })).body.credits).toBe(2.5);

    for (const body of [
      { amount: 0.25, reason: 'x' },
      { amount: 0, reason: 'x' },
      { amount: 1 },
      { amount: '1', reason: 'x' },
      { amount: 1e9, reason: 'x' },
    ]) {
      const res = await t.api('POST', `/api/admin/users/${user.user.id}/credits`, {
        token: admin.token,
        body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const ghost = await t.api('POST', '/api/admin/users/00000000-0000-0000-0000-000000000000/credits', {
      token: admin.token,
      body: { amount: 1, reason: 'x' },
    });
    expect(ghost.status).toBe(404);
    expect(
      (
        await t.api('POST', '/api/admin/users/not-a-uuid/credits', {
          token: admin.token,
          body: { amount: 1, reason: 'x' },
        })
      ).status,
    ).toBe(404);
  });

  it('answers 403 to non-admins and finds users for admins', async () => {
    const user = await registerUser(t, { email: 'findme-rosalind@ubc.ca', name: 'Rosalind Franklin' });
    expect((await t.api('GET', '/api/admin/users?query=rosalind', { token: user.token })).status).toBe(403);
    const self = await t.api('POST', `/api/admin/users/${user.user.id}/credits`, {
      token: user.token,
      body: { amount: 100, reason: 'me' },
    });
    expect(self.status).toBe(403);
    expect((await t.api('GET', '/api/admin/users')).status).toBe(401);
    const found = await t.api('GET', '/api/admin/users?query=ROSALIND', { token: admin.token });
    expect(found.status).toBe(200);
    expect(found.body.users.map((u: any) => u.email)).toEqual(['findme-rosalind@ubc.ca']);
    const byEmail = await t.api('GET', '/api/admin/users?query=findme-', { token: admin.token });
    expect(byEmail.body.users).toHaveLength(1);
    const wildcard = await t.api('GET', `/api/admin/users?query=${encodeURIComponent('%')}`, {
      token: admin.token,
    });
    expect(wildcard.body.users).toHaveLength(0);
  });

  it('keeps the ledger append-only', async () => {
    const { sql } = await import('drizzle-orm');
    await expect(t.database.db.execute(sql`UPDATE credit_ledger SET amount = 1000`)).rejects.toThrow();
  });

  it('replays an admin change sent twice with the same Idempotency-Key', async () => {
    const user = await registerUser(t);
    const send = (amount: number) =>
      t.api('POST', `/api/admin/users/${user.user.id}/credits`, {
        token: admin.token,
        body: { amount, reason: 'Retry-safe' },
        headers: { 'idempotency-key': 'admin-change-1' },
      });
    const first = await send(3);
    const second = await send(3);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect((await send(4)).status).toBe(422);
    expect((await t.api('GET', '/api/me', { token: user.token })).body.credits).toBe(4);
  });
});
