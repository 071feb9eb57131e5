import { sql } from 'drizzle-orm';
import { creditsFromTenths, FREE_CREDITS_ON_SIGNUP } from '@grantleaf/shared/constants';
import { EMAIL_UNVERIFIED_MESSAGE, EMAIL_UNVERIFIED_REASON } from '@grantleaf/shared/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DATABASES,
  fundUser,
  registerUser,
  startTestApp,
  verifyEmail,
  type TestApp,
} from '../../../test/harness.ts';
import { PAID_KINDS } from '../../../test/durability/processes.ts';
import { codeFrom, linkTokenFrom } from '../../../test/smtp.ts';

/** Ten credits: enough for every paid request below. */
const FUND_TENTHS = 100;

/** Issue 15 §12, ADR 0150: the free credit and paid work wait for a verified address. */
describe.each(DATABASES)('paid work and the free credit after verification on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const rows = async <T = any>(query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
  const credits = async (token: string) =>
    (await t.api('GET', '/api/auth/user', { token })).body.credits as number;
  const ledger = (userId: string) =>
    rows<{ reason: string; amount: number }>(
      sql`select reason, amount from credit_ledger where user_id = ${userId} order by id`,
    );
  const fund = (userId: string, amount: number) => fundUser(t.database.db, userId, amount);

  /** Every route that spends credits, with a valid body for a user holding `applicationId`. */
  const paidRequests = (applicationId: string) => [
    ...PAID_KINDS.map((p, i) => ({ url: p.url, body: p.body(i) as unknown })),
    {
      url: `/api/applications/${applicationId}/sections/lay-abstract/actions`,
      body: { action: 'shorten', baseVersion: 1 },
    },
  ];

  it('refuses every paid POST of an unverified user with 403 and the message, charging nothing', async () => {
    const u = await registerUser(t, { verified: false });
    expect(u.user).toMatchObject({ emailVerified: false, credits: 0 });
    // Funded, so without the rule the requests would be affordable and run.
    await fund(u.user.id, FUND_TENTHS);
    const app = await t.api('POST', '/api/applications', {
      token: u.token,
      body: { title: 'Ice sensing', program: 'x', programId: 'ca-cihr-project-grant' },
    });
    expect(app.status).toBe(201);
    const key = (i: number) => `unverified-${kind}-${i}`;
    const requests = paidRequests(app.body.id);
    for (const [i, r] of requests.entries()) {
      const res = await t.api('POST', r.url, {
        token: u.token,
        headers: { 'idempotency-key': key(i) },
        body: r.body,
      });
      expect({ url: r.url, status: res.status, body: res.body }).toEqual({
        url: r.url,
        status: 403,
        body: { message: EMAIL_UNVERIFIED_MESSAGE, reason: EMAIL_UNVERIFIED_REASON },
      });
    }
    expect(await credits(u.token)).toBe(creditsFromTenths(FUND_TENTHS));
    expect((await ledger(u.user.id)).map((e) => e.reason)).toEqual(['admin']);
    const kept = await rows(sql`select 1 from idempotency_keys where user_id = ${u.user.id}`);
    expect(kept).toEqual([]);

    // Once verified, the same keys run the work (the 403 was not kept as their answer).
    await verifyEmail(t, u.email, u.token);
    for (const [i, r] of requests.slice(0, PAID_KINDS.length).entries()) {
      const res = await t.api('POST', r.url, {
        token: u.token,
        headers: { 'idempotency-key': key(i) },
        body: r.body,
      });
      expect({ url: r.url, status: res.status }).toEqual({ url: r.url, status: 201 });
    }
    expect((await ledger(u.user.id)).filter((e) => e.reason === 'spend')).toHaveLength(PAID_KINDS.length);
  });

  it('grants the free credit at verification, once: verifying again or deleting and registering again gives none', async () => {
    const password = 'Tr1cky-Passphrase';
    const u = await registerUser(t, { password, verified: false });
    expect(u.user.credits).toBe(0);
    expect(await ledger(u.user.id)).toEqual([]);
    const mail = await t.smtp.waitFor(u.email, (m) => /verification code/.test(m.subject));
    const code = await t.api('POST', '/api/verify-email-code', {
      token: u.token,
      body: { code: codeFrom(mail) },
    });
    expect(code.status).toBe(200);
    expect(await credits(u.token)).toBe(1);
    // The code again, and the link of the same mail (kept working: it proves a listed address,
    // ADR 0230): already verified, nothing more.
    expect(
      (await t.api('POST', '/api/verify-email-code', { token: u.token, body: { code: codeFrom(mail) } }))
        .status,
    ).toBe(200);
    expect((await t.api('GET', `/api/verify-email?token=${linkTokenFrom(mail)}`)).body.success).toBe(true);
    expect((await t.api('GET', `/api/verify-email?token=${linkTokenFrom(mail)}`)).body).toMatchObject({
      success: true,
      alreadyVerified: true,
    });
    expect(await credits(u.token)).toBe(1);
    expect(await ledger(u.user.id)).toEqual([{ reason: 'signup', amount: FREE_CREDITS_ON_SIGNUP }]);

    expect((await t.api('DELETE', '/api/account', { token: u.token, body: { password } })).status).toBe(200);
    const again = await t.api('POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': '10.150.0.1' },
      body: { name: 'Again', phone: '+1 416 555 0100', email: u.email, password },
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ freeCreditOnVerification: false, user: { credits: 0 } });
    await verifyEmail(t, u.email, again.body.sessionId);
    const me = await t.api('GET', '/api/auth/user', { token: again.body.sessionId });
    expect(me.body).toMatchObject({ emailVerified: true, credits: 0 });
    expect(await ledger(again.body.user.id)).toEqual([]);
  });

  it('grants one credit when the code and the link are used many times at once', async () => {
    const u = await registerUser(t, { verified: false });
    const mail = await t.smtp.waitFor(u.email, (m) => /verification code/.test(m.subject));
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () =>
        t.api('POST', '/api/verify-email-code', { token: u.token, body: { code: codeFrom(mail) } }),
      ),
      ...Array.from({ length: 4 }, () => t.api('GET', `/api/verify-email?token=${linkTokenFrom(mail)}`)),
    ]);
    // At least one of them verified; none failed for another reason than the mail being used.
    expect(results.some((r) => r.status === 200 && r.body.success === true)).toBe(true);
    expect(results.every((r) => r.status === 200 || r.status === 400)).toBe(true);
    expect(await credits(u.token)).toBe(1);
    expect(await ledger(u.user.id)).toEqual([{ reason: 'signup', amount: FREE_CREDITS_ON_SIGNUP }]);
  });
});
