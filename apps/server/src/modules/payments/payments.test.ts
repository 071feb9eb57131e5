import { PAYMENTS_NOT_CONFIGURED } from '@grantleaf/shared/payments.schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  registerUser,
  STRIPE_TEST_WEBHOOK_SECRET,
  startTestApp,
  startTestAppWithStripe,
  verifyEmail,
  type TestApp,
} from '../../../test/harness.ts';
import { type FakeStripe } from '../../../test/fake-stripe-server.ts';
import { assertLedgerMatchesBalances } from '../credits/ledger-invariant.ts';

async function rows<T>(t: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

describe.each(DATABASES)('buying credits without Stripe (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('shows the packs and refuses checkout with a clear reason, charging nothing', async () => {
    const pricing = await t.api('GET', '/api/credit-packs');
    expect(pricing.status).toBe(200);
    expect(pricing.body.paymentsConfigured).toBe(false);
    expect(pricing.body.packs.map((p: { credits: number }) => p.credits)).toEqual([5, 20, 50]);
    expect(pricing.body.packs[0].prices).toEqual({ CAD: 2900, USD: 2200 });

    const { token } = await registerUser(t);
    const res = await t.api('POST', '/api/payments/checkout', {
      token,
      body: { packId: 'starter', currency: 'CAD' },
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(PAYMENTS_NOT_CONFIGURED);
    expect((await t.api('GET', '/api/auth/user', { token })).body.credits).toBe(1);
    const webhook = await t.api('POST', '/api/payments/stripe-webhook', {
      body: { id: 'evt_x', type: 'checkout.session.completed' },
    });
    expect(webhook.status).toBe(503);
    await assertLedgerMatchesBalances(t.database);
  });
});

describe.each(DATABASES)('buying credits through Stripe Checkout (%s)', (kind) => {
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

  async function checkout(token: string, packId = 'starter', currency = 'CAD') {
    const res = await t.api('POST', '/api/payments/checkout', { token, body: { packId, currency } });
    expect(res.status).toBe(201);
    const sessionId = new URL(res.body.url).pathname.split('/').pop()!;
    return { checkoutId: res.body.checkoutId as string, sessionId };
  }
  const balance = async (token: string) =>
    (await t.api('GET', '/api/auth/user', { token })).body.credits as number;

  it('credits a pack once for its events delivered three times each, with a receipt', async () => {
    const { token, email } = await registerUser(t);
    const { checkoutId, sessionId } = await checkout(token);
    const session = stripe.sessions.get(sessionId)!;
    expect(session.amount_subtotal).toBe(2900);
    expect(session.client_reference_id).toBe(checkoutId);
    expect((await t.api('GET', `/api/payments/checkout/${checkoutId}`, { token })).body.status).toBe('open');

    const { results } = await stripe.pay(sessionId, { repeat: 3, taxCents: 377 });
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await balance(token)).toBe(6);
    const status = await t.api('GET', `/api/payments/checkout/${checkoutId}`, { token });
    expect(status.body).toMatchObject({ status: 'paid', credits: 5, balance: 6 });

    const ledger = await t.api('GET', '/api/credits/ledger', { token });
    expect(ledger.body.entries.filter((e: { reason: string }) => e.reason === 'purchase')).toHaveLength(1);
    const purchases = await t.api('GET', '/api/payments', { token });
    expect(purchases.body.purchases).toHaveLength(1);
    expect(purchases.body.purchases[0]).toMatchObject({
      credits: 5,
      amountCents: 2900,
      taxCents: 377,
      currency: 'CAD',
      refundRequest: null,
    });
    expect(purchases.body.purchases[0].receiptUrl).toMatch(/^https:\/\/pay\.stripe\.com\/receipts\//);
    expect(purchases.body.purchases[0].refundableUntil).not.toBeNull();
    const mail = await t.smtp.waitFor(email, (m) => m.subject === 'Your Grantleaf receipt');
    expect(mail.text).toContain('5 credits were added');
    expect(mail.text).toContain('CAD');
    expect(mail.html).toContain('<html lang="en-CA">');
    await assertLedgerMatchesBalances(t.database);
  });

  it('mails the receipt, the refund acknowledgement and the refund in French to a French account (issue 31 §1)', async () => {
    const { token, email } = await registerUser(t);
    expect((await t.api('PUT', '/api/account/language', { token, body: { language: 'fr' } })).status).toBe(
      200,
    );
    const { sessionId } = await checkout(token);
    await stripe.pay(sessionId, { taxCents: 377 });
    const receipt = await t.smtp.waitFor(email, (m) => m.subject === 'Votre reçu Grantleaf');
    expect(receipt.text).toContain('5\u00a0crédits ont été ajoutés à votre compte Grantleaf.');
    // "29,00 $ + taxes 3,77 $": amounts as Canadian French writes them.
    expect(receipt.text).toMatch(/Montant\u00a0: 29,00\s\$ \+ taxes 3,77\s\$/);
    expect(receipt.text).toMatch(/Date\u00a0: \d{1,2} [a-zéû]+ \d{4}/);
    expect(receipt.text).not.toMatch(/Hello|Thank you|credits were added/);
    expect(receipt.html).toContain('<html lang="fr-CA">');
    expect(receipt.html).toContain('Merci de votre achat.');

    const [purchase] = (await t.api('GET', '/api/payments', { token })).body.purchases;
    const asked = await t.api('POST', `/api/payments/${purchase.id}/refund-request`, {
      token,
      body: { hoursSpent: 4 },
    });
    expect(asked.status).toBe(201);
    const ack = await t.smtp.waitFor(
      email,
      (m) => m.subject === 'Nous avons reçu votre demande de remboursement',
    );
    expect(ack.text).toMatch(/pour l’achat de 29,00\s\$ du \d{1,2} [a-zéû]+ \d{4}\./);
    expect(ack.text).toContain('vous recevrez un courriel avec la décision');

    const list = await t.api('GET', '/api/admin/refund-requests', { token: adminToken });
    const request = list.body.requests.find(
      (r: { purchase: { id: string } }) => r.purchase.id === purchase.id,
    );
    const decided = await t.api('POST', `/api/admin/refund-requests/${request.id}/decision`, {
      token: adminToken,
      body: { decision: 'approve', note: 'Désolés <vraiment>.' },
    });
    expect(decided.status).toBe(200);
    const refund = await t.smtp.waitFor(email, (m) => m.subject === 'Votre remboursement a été approuvé');
    expect(refund.text).toMatch(/Nous avons remboursé 32,77\s\$ sur votre carte/);
    expect(refund.text).toContain('5\u00a0crédits inutilisés de cet achat ont été retirés de votre solde.');
    expect(refund.text).toContain('Note de notre équipe\u00a0: Désolés <vraiment>.');
    // The team's note is escaped in the HTML part.
    expect(refund.html).toContain('Désolés &lt;vraiment&gt;.');
    await assertLedgerMatchesBalances(t.database);
  });

  it('credits once when the intent event comes before the session event', async () => {
    const { token } = await registerUser(t);
    const { sessionId } = await checkout(token, 'standard', 'USD');
    await stripe.pay(sessionId, { events: ['payment_intent.succeeded', 'checkout.session.completed'] });
    expect(await balance(token)).toBe(21);
    const [payment] = await rows<{ amount_cents: number; currency: string }>(
      t,
      sql`select amount_cents, currency from payments where reference like 'stripe:%' and amount_cents = 7500`,
    );
    expect(payment).toMatchObject({ amount_cents: 7500, currency: 'USD' });
    await assertLedgerMatchesBalances(t.database);
  });

  it('changes nothing for unsigned, tampered or foreign events', async () => {
    const { token } = await registerUser(t);
    const { sessionId } = await checkout(token);
    const [completed] = stripe.complete(sessionId);
    const unsigned = await t.api('POST', '/api/payments/stripe-webhook', { body: completed });
    expect(unsigned.status).toBe(400);
    const tamperedBody = {
      ...completed,
      data: { object: { ...completed!.data.object, amount_subtotal: 1 } },
    };
    const validHeaderForOriginal = (await import('stripe')).default.webhooks.generateTestHeaderString({
      payload: JSON.stringify(completed),
      secret: STRIPE_TEST_WEBHOOK_SECRET,
    });
    expect((await stripe.deliver(tamperedBody, validHeaderForOriginal)).status).toBe(400);
    const wrongSecret = (await import('stripe')).default.webhooks.generateTestHeaderString({
      payload: JSON.stringify(completed),
      secret: 'whsec_attacker',
    });
    expect((await stripe.deliver(completed!, wrongSecret)).status).toBe(400);
    expect(await balance(token)).toBe(1);
    // Signed, but for a checkout that is not ours: acknowledged and ignored.
    const foreign = {
      ...completed,
      id: 'evt_foreign',
      data: {
        object: { ...completed!.data.object, client_reference_id: '00000000-0000-4000-8000-000000000000' },
      },
    };
    expect((await stripe.deliver(foreign)).status).toBe(200);
    expect(await balance(token)).toBe(1);
    // The genuine event still works afterwards.
    expect((await stripe.deliver(completed!)).status).toBe(200);
    expect(await balance(token)).toBe(6);
    await assertLedgerMatchesBalances(t.database);
  });

  it('marks an abandoned checkout expired, and a paid one is never un-paid by a late expiry', async () => {
    const { token } = await registerUser(t);
    const abandoned = await checkout(token);
    const expired = (session: string) => ({
      id: `evt_expired_${session}`,
      object: 'event',
      type: 'checkout.session.expired',
      data: { object: { ...stripe.sessions.get(session), status: 'expired' } },
    });
    expect((await stripe.deliver(expired(abandoned.sessionId))).status).toBe(200);
    expect(
      (await t.api('GET', `/api/payments/checkout/${abandoned.checkoutId}`, { token })).body.status,
    ).toBe('expired');
    const paid = await checkout(token);
    await stripe.pay(paid.sessionId);
    await stripe.deliver(expired(paid.sessionId));
    expect((await t.api('GET', `/api/payments/checkout/${paid.checkoutId}`, { token })).body.status).toBe(
      'paid',
    );
    expect(await balance(token)).toBe(6);
  });

  it('adds exactly the sum of 50 concurrent deliveries for different purchases of one user', async () => {
    const { token } = await registerUser(t);
    const sessions = [];
    for (let i = 0; i < 50; i++)
      sessions.push((await checkout(token, i % 2 ? 'starter' : 'standard')).sessionId);
    const events = sessions.flatMap((s) => stripe.complete(s));
    const results = await Promise.all(events.map((e) => stripe.deliver(e)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(await balance(token)).toBe(1 + 25 * 5 + 25 * 20);
    await assertLedgerMatchesBalances(t.database);
  });

  it('refunds within 30 days: Stripe refund once, unspent credits removed, commission reversed, audited', async () => {
    const affiliate = await registerUser(t, { name: 'Ada Affiliate' });
    const joined = await t.api('POST', '/api/affiliate-requests', {
      token: affiliate.token,
      body: { email: affiliate.email, phone: '+1 613 555 0199' },
    });
    const reg = await t.api('POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': '127.9.9.9' },
      body: {
        name: 'Rita Buyer',
        phone: '555',
        email: `rita-${Date.now()}@mcgill.ca`,
        password: 'Tr1cky-Passphrase',
        ref: joined.body.code,
      },
    });
    expect(reg.status).toBe(201);
    const buyer = { token: reg.body.sessionId as string, email: reg.body.user.email as string };
    // Verified, so the free credit is on the balance too (ADR 0150).
    await verifyEmail(t, buyer.email, buyer.token);
    const { sessionId } = await checkout(buyer.token, 'standard');
    await stripe.pay(sessionId);
    expect(await balance(buyer.token)).toBe(21);

    const status = await t.api('GET', '/api/affiliate', { token: affiliate.token });
    expect(status.body.pendingCents).toBe(2970);
    expect(status.body.payableCents).toBe(0);
    const payouts = await t.api('GET', '/api/admin/affiliate-payouts', { token: adminToken });
    expect(payouts.body.payouts.find((p: { email: string }) => p.email === affiliate.email)).toMatchObject({
      payableCents: 0,
      heldCents: 2970,
    });

    // The buyer spends 15.5 of the 21 credits they hold before asking for the refund.
    const [purchase] = (await t.api('GET', '/api/payments', { token: buyer.token })).body.purchases;
    await t.database.db.execute(sql`update users set credits = credits - 155 where email = ${buyer.email}`);
    await t.database.db.execute(
      sql`insert into credit_ledger (user_id, amount, reason, reference) select id, -155, 'admin', 'test-spend' from users where email = ${buyer.email}`,
    );

    const tooLate = await t.api('POST', `/api/payments/${purchase.id}/refund-request`, {
      token: adminToken,
      body: { hoursSpent: 3 },
    });
    expect(tooLate.status).toBe(404);
    const asked = await t.api('POST', `/api/payments/${purchase.id}/refund-request`, {
      token: buyer.token,
      body: { hoursSpent: 12, comment: 'Did not save time' },
    });
    expect(asked.status).toBe(201);
    expect(asked.body.refundRequest.status).toBe('pending');
    const twice = await t.api('POST', `/api/payments/${purchase.id}/refund-request`, {
      token: buyer.token,
      body: { hoursSpent: 12 },
    });
    expect(twice.status).toBe(409);

    const list = await t.api('GET', '/api/admin/refund-requests', { token: adminToken });
    const request = list.body.requests.find(
      (r: { purchase: { id: string } }) => r.purchase.id === purchase.id,
    );
    expect(request).toMatchObject({ hoursSpent: 12, comment: 'Did not save time', user: { balance: 5.5 } });
    expect(request.usage.creditsSpent).toBe(15.5);

    const forbidden = await t.api('POST', `/api/admin/refund-requests/${request.id}/decision`, {
      token: buyer.token,
      body: { decision: 'approve', note: 'x' },
    });
    expect(forbidden.status).toBe(403);
    const [first, second] = await Promise.all([
      t.api('POST', `/api/admin/refund-requests/${request.id}/decision`, {
        token: adminToken,
        body: { decision: 'approve', note: 'Sorry it did not help.' },
      }),
      t.api('POST', `/api/admin/refund-requests/${request.id}/decision`, {
        token: adminToken,
        body: { decision: 'approve', note: 'Sorry it did not help.' },
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const approved = first.status === 200 ? first : second;
    expect(approved.body).toEqual({ status: 'approved', creditsRemoved: 5.5 });
    expect(
      [...stripe.refunds.values()].filter((r) => r.metadata.refundRequestId === request.id),
    ).toHaveLength(1);
    expect(await balance(buyer.token)).toBe(0);

    const after = await t.api('GET', '/api/affiliate', { token: affiliate.token });
    expect(after.body.pendingCents).toBe(0);
    expect(after.body.earningsCents).toBe(0);
    const purchasesAfter = (await t.api('GET', '/api/payments', { token: buyer.token })).body.purchases;
    expect(purchasesAfter[0].refundedAt).not.toBeNull();
    expect(purchasesAfter[0].refundRequest.status).toBe('approved');
    const audit = await rows<{ action: string }>(
      t,
      sql`select action from audit_log where object_id = ${purchase.id}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['refund.approve']);
    const mail = await t.smtp.waitFor(buyer.email, (m) => m.subject === 'Your refund was approved');
    expect(mail.text).toContain('5.5 unspent credits');
    await assertLedgerMatchesBalances(t.database);
  });

  it('holds a commission when the buyer pays with the affiliate’s own card', async () => {
    const affiliate = await registerUser(t);
    const joined = await t.api('POST', '/api/affiliate-requests', {
      token: affiliate.token,
      body: { email: affiliate.email, phone: '+1 613 555 0111' },
    });
    const own = await checkout(affiliate.token);
    await stripe.pay(own.sessionId, { fingerprint: 'card-shared-by-both' });
    const reg = await t.api('POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': '127.9.9.10' },
      body: {
        name: 'Second Self',
        phone: '555',
        email: `self-${Date.now()}@mcgill.ca`,
        password: 'Tr1cky-Passphrase',
        ref: joined.body.code,
      },
    });
    const { sessionId } = await checkout(reg.body.sessionId);
    await stripe.pay(sessionId, { fingerprint: 'card-shared-by-both' });
    const [commission] = await rows<{ status: string; hold_reason: string }>(
      t,
      sql`select status, hold_reason from affiliate_commissions where affiliate_user_id = ${affiliate.user.id}`,
    );
    expect(commission).toEqual({ status: 'held', hold_reason: 'Same payment card as the affiliate' });
    await assertLedgerMatchesBalances(t.database);
  });

  it('holds a commission when a buyer who is not an affiliate gave the affiliate’s phone (issue 23 L2)', async () => {
    const affiliate = await registerUser(t);
    const joined = await t.api('POST', '/api/affiliate-requests', {
      token: affiliate.token,
      body: { email: affiliate.email, phone: '+1 613 555 0133' },
    });
    const reg = await t.api('POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': '127.9.9.12' },
      body: {
        name: 'Sock Puppet',
        phone: '(613) 555-0133',
        email: `puppet-${Date.now()}@mcgill.ca`,
        password: 'Tr1cky-Passphrase',
        ref: joined.body.code,
      },
    });
    await stripe.pay((await checkout(reg.body.sessionId)).sessionId, { fingerprint: 'card-of-the-puppet' });
    const [commission] = await rows<{ status: string; hold_reason: string }>(
      t,
      sql`select status, hold_reason from affiliate_commissions where affiliate_user_id = ${affiliate.user.id}`,
    );
    expect(commission).toEqual({ status: 'held', hold_reason: 'Same phone number as the affiliate' });
  });

  it('lets an admin list payments and mark payable commissions paid, audited', async () => {
    const affiliate = await registerUser(t);
    const joined = await t.api('POST', '/api/affiliate-requests', {
      token: affiliate.token,
      body: { email: affiliate.email, phone: '+1 613 555 0122' },
    });
    const reg = await t.api('POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': '127.9.9.11' },
      body: {
        name: 'Paying Pat',
        phone: '555',
        email: `pat-${Date.now()}@mcgill.ca`,
        password: 'Tr1cky-Passphrase',
        ref: joined.body.code,
      },
    });
    await stripe.pay((await checkout(reg.body.sessionId, 'lab')).sessionId);
    const patEmail = reg.body.user.email as string;
    const paid = await t.api('GET', `/api/admin/payments?status=paid&query=${encodeURIComponent(patEmail)}`, {
      token: adminToken,
    });
    expect(paid.body.payments).toHaveLength(1);
    expect(paid.body.payments[0]).toMatchObject({
      credits: 50,
      amountCents: 21900,
      source: 'stripe',
      refundedAt: null,
    });
    const refunded = await t.api(
      'GET',
      `/api/admin/payments?status=refunded&query=${encodeURIComponent(patEmail)}`,
      { token: adminToken },
    );
    expect(refunded.body.payments).toHaveLength(0);
    expect((await t.api('GET', '/api/admin/payments', { token: (await registerUser(t)).token })).status).toBe(
      403,
    );

    // Age every pending commission past the guarantee window.
    await t.database.db.execute(
      sql`update affiliate_commissions set payable_at = now() - interval '1 day' where status = 'pending'`,
    );
    const payouts = (await t.api('GET', '/api/admin/affiliate-payouts', { token: adminToken })).body
      .payouts as Array<{
      affiliateUserId: string;
      currency: string;
      payableCents: number;
    }>;
    const line = payouts.find((p) => p.affiliateUserId === affiliate.user.id)!;
    expect(line).toMatchObject({ currency: 'CAD', payableCents: 6570, heldCents: 0 });
    const marked = await t.api('POST', '/api/admin/affiliate-payouts', {
      token: adminToken,
      body: { affiliateUserId: line.affiliateUserId, currency: line.currency },
    });
    expect(marked.body).toEqual({ count: 1, cents: 6570 });
    const again = await t.api('POST', '/api/admin/affiliate-payouts', {
      token: adminToken,
      body: { affiliateUserId: line.affiliateUserId, currency: line.currency },
    });
    expect(again.status).toBe(409);
    const audit = await rows<{ action: string }>(
      t,
      sql`select action from audit_log where subject_user_id = ${line.affiliateUserId} and action = 'payout.mark_paid'`,
    );
    expect(audit).toHaveLength(1);
  });
});
