import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestAppWithStripe, type TestApp } from '../harness.ts';
import { type FakeStripe } from '../fake-stripe-server.ts';

const PARALLEL = 10;

/**
 * Issue 23 L-A: routes that accept an Idempotency-Key but record it only after the handler ran it
 * 10 times for 10 parallel requests with one key (+10 credits, 10 Stripe sessions). The key is now
 * taken before the handler: one request runs, the others get 409, a later retry the first answer.
 */
describe.each(DATABASES)('an Idempotency-Key runs its request once, even in parallel (%s)', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let started: Awaited<ReturnType<typeof startTestAppWithStripe>>;
  let adminToken: string;

  beforeAll(async () => {
    started = await startTestAppWithStripe(kind);
    ({ t, stripe } = started);
    adminToken = (await registerUser(t, { email: 'admin@grantleaf.ca' })).token;
  });
  afterAll(() => started.close());

  const balance = async (token: string) =>
    (await t.api('GET', '/api/auth/user', { token })).body.credits as number;

  it('an admin top-up: 10 parallel requests with one key credit once', async () => {
    const { token, user } = await registerUser(t);
    const before = await balance(token);
    const send = () =>
      t.api('POST', `/api/admin/users/${user.id}/credits`, {
        token: adminToken,
        headers: { 'idempotency-key': 'topup-1' },
        body: { amount: 5, reason: 'Support goodwill' },
      });
    const results = await Promise.all(Array.from({ length: PARALLEL }, send));
    // One request runs; the others get 409 while it runs, or its answer replayed once it is done
    // (a request that reached the server after the first finished is a retry, not a second run).
    const ran = results.filter((r) => r.status === 200 && r.headers.get('idempotent-replayed') !== 'true');
    expect(ran).toHaveLength(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    for (const r of results.filter((r) => r.status === 200)) expect(r.body).toEqual(ran[0]!.body);
    expect(await balance(token)).toBe(before + 5);

    const retry = await send();
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await balance(token)).toBe(before + 5);
  });

  it('a checkout: 10 parallel requests with one key open one Stripe session', async () => {
    const { token } = await registerUser(t);
    const sessionsBefore = stripe.calls.filter((c) => c.path === '/v1/checkout/sessions').length;
    const send = () =>
      t.api('POST', '/api/payments/checkout', {
        token,
        headers: { 'idempotency-key': 'buy-1' },
        body: { packId: 'starter', currency: 'CAD' },
      });
    const results = await Promise.all(Array.from({ length: PARALLEL }, send));
    const created = results.filter(
      (r) => r.status === 201 && r.headers.get('idempotent-replayed') !== 'true',
    );
    expect(created).toHaveLength(1);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    for (const r of results.filter((r) => r.status === 201))
      expect(r.body.checkoutId).toBe(created[0]!.body.checkoutId);
    expect(stripe.calls.filter((c) => c.path === '/v1/checkout/sessions').length - sessionsBefore).toBe(1);

    const retry = await send();
    expect(retry).toMatchObject({ status: 201, body: { checkoutId: created[0]!.body.checkoutId } });
  });
});
