import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, verifyEmail, type TestApp } from '../../../test/harness.ts';
import { commissionFor } from '../payments/commissions.ts';

describe('commission arithmetic', () => {
  it('is 30% rounded to the cent', () => {
    expect(commissionFor(10_000)).toBe(3_000);
    expect(commissionFor(4_999)).toBe(1_500);
    expect(commissionFor(1)).toBe(0);
  });
});

describe.each(DATABASES)('affiliate programme on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    adminToken = (await registerUser(t, { email: 'admin@grantleaf.ca' })).token;
  });
  afterAll(() => t.close());

  it('validates: both fields required, and the email is the account’s own', async () => {
    const { token, email } = await registerUser(t);
    const empty = await t.api('POST', '/api/affiliate-requests', { token, body: { email, phone: '' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please fill in all required fields');
    const noEmail = await t.api('POST', '/api/affiliate-requests', {
      token,
      body: { email: '', phone: '555' },
    });
    expect(noEmail.body.message).toBe('Please fill in all required fields');
    const other = await t.api('POST', '/api/affiliate-requests', {
      token,
      body: { email: 'someone@utoronto.ca', phone: '555' },
    });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('Email must match your account email');
    expect((await t.api('GET', '/api/affiliate', { token })).body.joined).toBe(false);
  });

  it('referral link → registration → payment → 30% commission in the ledger, once', async () => {
    const affiliate = await registerUser(t, { name: 'Ada Affiliate' });
    const joined = await t.api('POST', '/api/affiliate-requests', {
      token: affiliate.token,
      body: { email: affiliate.email.toUpperCase(), phone: '+1 416 555 0111' },
    });
    expect(joined.status).toBe(200);
    expect(joined.body.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(joined.body.link).toBe(`http://localhost:3000/register?ref=${joined.body.code}`);
    expect(joined.body.commissionPercent).toBe(30);
    const welcome = await t.smtp.waitFor(
      affiliate.email,
      (m) => m.subject === 'Welcome to the Grantleaf affiliate program',
    );
    expect(welcome.text).toContain(joined.body.link);
    await t.smtp.waitFor('admin@grantleaf.ca', (m) => m.subject === 'New affiliate: Ada Affiliate');
    // Joining again keeps the code.
    const again = await t.api('POST', '/api/affiliate-requests', {
      token: affiliate.token,
      body: { email: affiliate.email, phone: '555' },
    });
    expect(again.body.code).toBe(joined.body.code);

    // Registration through the link (the code is case-insensitive).
    const reg = await t.api('POST', '/api/auth/register', {
      body: {
        name: 'Referred Rita',
        phone: '555',
        email: `rita-${Date.now()}@mcgill.ca`,
        password: 'Tr1cky-Passphrase',
        ref: joined.body.code.toLowerCase(),
      },
    });
    expect(reg.status).toBe(201);
    const rita = reg.body.user;
    // Verified, so her free credit is on the balance too (ADR 0150).
    await verifyEmail(t, rita.email, reg.body.sessionId);
    // A bad code never blocks a sign-up.
    const noRef = await t.api('POST', '/api/auth/register', {
      body: {
        name: 'Plain Paul',
        phone: '555',
        email: `paul-${Date.now()}@mcgill.ca`,
        password: 'Tr1cky-Passphrase',
        ref: 'NOPE!!',
      },
    });
    expect(noRef.status).toBe(201);

    const pay = (body: Record<string, unknown>, token = adminToken) =>
      t.api('POST', '/api/admin/payments', { token, body });
    expect((await pay({ userId: rita.id, amountCents: 4900, reference: 'x' }, affiliate.token)).status).toBe(
      403,
    );
    const first = await pay({ userId: rita.id, amountCents: 4900, reference: 'stripe_pi_1', credits: 5 });
    expect(first.status).toBe(201);
    expect(first.body.commission).toEqual({ affiliateUserId: affiliate.user.id, amountCents: 1470 });
    // The same payment recorded again (a retried webhook) adds nothing.
    const repeat = await pay({ userId: rita.id, amountCents: 4900, reference: 'stripe_pi_1', credits: 5 });
    expect(repeat.status).toBe(200);
    expect(repeat.body.id).toBe(first.body.id);
    expect((await pay({ userId: rita.id, amountCents: 100, reference: 'stripe_pi_1' })).status).toBe(409);
    const second = await pay({ email: reg.body.user.email, amountCents: 10_000, reference: 'stripe_pi_2' });
    expect(second.body.commission.amountCents).toBe(3000);
    // An unreferred buyer earns nobody anything.
    const unreferred = await pay({
      userId: noRef.body.user.id,
      amountCents: 10_000,
      reference: 'stripe_pi_3',
    });
    expect(unreferred.body.commission).toBeNull();
    expect((await pay({ email: 'ghost@utoronto.ca', amountCents: 100, reference: 'r4' })).status).toBe(404);
    expect((await pay({ amountCents: 100, reference: 'r5' })).status).toBe(400);

    // The purchase credited the buyer once.
    expect((await t.api('GET', '/api/auth/user', { token: reg.body.sessionId })).body.credits).toBe(6);

    const status = await t.api('GET', '/api/affiliate', { token: affiliate.token });
    expect(status.body.earningsCents).toBe(4470);
    expect(status.body.referredUsers).toHaveLength(1);
    expect(status.body.referredUsers[0]).toMatchObject({
      name: 'R. R.',
      purchasesCents: 14_900,
      commissionCents: 4470,
    });
    expect(JSON.stringify(status.body)).not.toContain('Rita');
    expect(status.body.referredUsers[0].email).toMatch(/^r\*+@mcgill\.ca$/);

    const affiliates = await t.api('GET', '/api/admin/affiliates', { token: adminToken });
    expect(
      affiliates.body.affiliates.find((a: { userId: string }) => a.userId === affiliate.user.id),
    ).toMatchObject({
      code: joined.body.code,
      referredCount: 1,
      earningsCents: 4470,
    });
    const commissions = await t.api('GET', '/api/admin/commissions', { token: adminToken });
    const mine = commissions.body.commissions.filter(
      (c: { affiliateUserId: string }) => c.affiliateUserId === affiliate.user.id,
    );
    expect(mine.map((c: { amountCents: number }) => c.amountCents).sort()).toEqual([1470, 3000]);
    expect((await t.api('GET', '/api/admin/commissions', { token: affiliate.token })).status).toBe(403);
  });
});
