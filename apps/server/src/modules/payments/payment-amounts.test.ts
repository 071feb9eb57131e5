import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestAppWithStripe, type TestApp } from '../../../test/harness.ts';
import { type FakeStripe } from '../../../test/fake-stripe-server.ts';

/**
 * Issue 23 L-B: a signed payment_intent.succeeded of 1 cent credited a 5-credit pack, since only
 * the session's event was compared with the checkout. Every crediting event is now compared, in
 * amount and currency, through the real stripe SDK and the fake Stripe server.
 */
describe.each(DATABASES)('a crediting Stripe event must pay the checkout (%s)', (kind) => {
  let t: TestApp;
  let stripe: FakeStripe;
  let started: Awaited<ReturnType<typeof startTestAppWithStripe>>;

  beforeAll(async () => {
    started = await startTestAppWithStripe(kind);
    ({ t, stripe } = started);
  });
  afterAll(() => started.close());

  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;
  const balance = async (token: string) =>
    (await t.api('GET', '/api/auth/user', { token })).body.credits as number;

  async function checkout(token: string) {
    const res = await t.api('POST', '/api/payments/checkout', {
      token,
      body: { packId: 'starter', currency: 'CAD' },
    });
    expect(res.status).toBe(201);
    return {
      checkoutId: res.body.checkoutId as string,
      sessionId: new URL(res.body.url).pathname.split('/').pop()!,
    };
  }

  /** The customer pays, and one event is changed before it is signed and delivered. */
  async function deliverAltered(
    sessionId: string,
    type: 'checkout.session.completed' | 'payment_intent.succeeded',
    change: (object: Record<string, any>) => void,
    taxCents = 0,
  ) {
    const [event] = stripe.complete(sessionId, { events: [type], taxCents });
    change(event!.data.object);
    return stripe.deliver(event!);
  }

  it('a 1-cent payment_intent.succeeded credits nothing and is audited', async () => {
    const { token, user } = await registerUser(t);
    const before = await balance(token);
    const { checkoutId, sessionId } = await checkout(token);
    const res = await deliverAltered(sessionId, 'payment_intent.succeeded', (intent) => {
      intent.amount = 1;
      intent.amount_received = 1;
    });
    expect(res.status).toBe(200);
    expect(await balance(token)).toBe(before);
    expect((await t.api('GET', `/api/payments/checkout/${checkoutId}`, { token })).body.status).toBe('open');
    expect(await rows(sql`select count(*)::int as n from payments where user_id = ${user.id}`)).toEqual([
      { n: 0 },
    ]);
    const audit = await rows(
      sql`select action, object_type, object_id from audit_log where subject_user_id = ${user.id}`,
    );
    expect(audit).toEqual([
      { action: 'payment.amount-mismatch', object_type: 'checkout', object_id: checkoutId },
    ]);
  });

  it('a payment in another currency credits nothing, from either event', async () => {
    const { token } = await registerUser(t);
    const before = await balance(token);
    const first = await checkout(token);
    await deliverAltered(first.sessionId, 'checkout.session.completed', (session) => {
      session.currency = 'usd';
    });
    const second = await checkout(token);
    await deliverAltered(second.sessionId, 'payment_intent.succeeded', (intent) => {
      intent.currency = 'usd';
    });
    const third = await checkout(token);
    await deliverAltered(third.sessionId, 'payment_intent.succeeded', (intent) => {
      delete intent.currency;
    });
    expect(await balance(token)).toBe(before);
  });

  it('the right amount credits the pack from the intent alone, tax included', async () => {
    const { token } = await registerUser(t);
    const before = await balance(token);
    const { checkoutId, sessionId } = await checkout(token);
    const res = await deliverAltered(sessionId, 'payment_intent.succeeded', () => undefined, 377);
    expect(res.status).toBe(200);
    expect(await balance(token)).toBe(before + 5);
    expect((await t.api('GET', `/api/payments/checkout/${checkoutId}`, { token })).body.status).toBe('paid');
  });
});
