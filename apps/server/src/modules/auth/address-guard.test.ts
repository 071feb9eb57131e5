import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, startTestApp, type TestApp } from '../../../test/harness.ts';
import { codeFrom, linkTokenFrom } from '../../../test/smtp.ts';
import { deriveAdminRights } from './admin-rights.ts';
import { codeFailKey } from './limits.ts';

const PASSWORD = 'Tr1cky-Passphrase';
const LISTED = 'chief@grantleaf.ca';

/**
 * Issue 23 H-A: the 4-digit code could be brute-forced by deleting the unverified account and
 * registering the address again (each account started its own guards), and a listed address so
 * verified became an admin.
 */
describe.each(DATABASES)('verification guards per address (%s)', (kind) => {
  let t: TestApp;
  let network = 0;
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await t.database.db.execute(query)) as unknown as { rows: any[] }).rows;

  /** Each registration from a fresh IPv6 /64, as the attack rotated them. */
  const register = (email: string) => {
    network += 1;
    return t.api('POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': `2001:db8:${network.toString(16)}::1` },
      body: { name: 'Claimant', phone: '+1 416 555 0100', email, password: PASSWORD },
    });
  };
  const mailCount = (email: string) =>
    t.smtp.inbox.filter((m) => m.to.toLowerCase().includes(email.toLowerCase())).length;
  const latestMail = async (email: string, before: number) =>
    t.smtp.waitFor(email, (m) => /verification code/.test(m.subject) && t.smtp.inbox.indexOf(m) >= before);
  const guess = (token: string, code: string) =>
    t.api('POST', '/api/verify-email-code', { token, body: { code } });
  const deleteAccount = async (token: string) =>
    expect((await t.api('DELETE', '/api/account', { token, body: { password: PASSWORD } })).status).toBe(200);

  beforeAll(async () => {
    t = await startTestApp(kind, { ADMIN_EMAILS: `admin@grantleaf.ca,${LISTED}` });
  });
  afterAll(() => t.close());

  it('register → 5 wrong codes → delete → register is refused once the address has used its guesses', async () => {
    const email = 'target@utoronto.ca';
    const statuses: number[] = [];
    for (let cycle = 0; cycle < 2; cycle += 1) {
      const before = t.smtp.inbox.length;
      const res = await register(email);
      expect(res.status).toBe(201);
      const code = codeFrom(await latestMail(email, before));
      const wrong = ['0000', '1111', '2222', '3333', '4444', '5555'].filter((c) => c !== code);
      for (const c of wrong.slice(0, 5)) statuses.push((await guess(res.body.sessionId, c)).status);
      await deleteAccount(res.body.sessionId);
      if (cycle === 0) {
        // The deleted address keeps its count for the grace period (7 days), not just the day.
        const [guard] = await rows(
          sql`select points, expires_at > now() + interval '6 days' as held from rate_limits where key = ${codeFailKey(email)}`,
        );
        expect(guard).toMatchObject({ points: 5, held: true });
      }
    }
    expect(statuses).toEqual(Array(10).fill(400));

    // A third account for the address: its code is not even looked at, the right one included.
    const before = t.smtp.inbox.length;
    const third = await register(email);
    expect(third.status).toBe(201);
    const code = codeFrom(await latestMail(email, before));
    const refused = await guess(third.body.sessionId, code);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(6 * 24 * 3600);
    expect((await t.api('GET', '/api/auth/user', { token: third.body.sessionId })).body.emailVerified).toBe(
      false,
    );
    await deleteAccount(third.body.sessionId);

    // A fourth registration of the address the same day is refused before any mail goes out.
    const mailsBefore = mailCount(email);
    const fourth = await register(email);
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toBe(
      'Too many registrations for this address today. Please try again tomorrow.',
    );
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(mailCount(email)).toBe(mailsBefore);
  });

  it('counts the address however it is written (case, spaces)', async () => {
    const res = await register('Mixed.Case@utoronto.ca');
    expect(res.status).toBe(201);
    for (let i = 0; i < 10; i += 1) await guess(res.body.sessionId, i % 2 ? '0000' : '9999');
    const [guard] = await rows(
      sql`select points from rate_limits where key = ${codeFailKey('  mixed.case@UTORONTO.ca ')}`,
    );
    expect(Number(guard.points)).toBeGreaterThanOrEqual(10);
  });

  it('an ADMIN_EMAILS address verified by the code is an ordinary account; the link of the same mail makes it admin', async () => {
    const before = t.smtp.inbox.length;
    const res = await register(LISTED);
    expect(res.status).toBe(201);
    const token = res.body.sessionId as string;
    const mail = await latestMail(LISTED, before);
    expect(await guess(token, codeFrom(mail))).toMatchObject({ status: 200, body: { success: true } });
    const me = (await t.api('GET', '/api/auth/user', { token })).body;
    expect(me).toMatchObject({ emailVerified: true, isAdmin: false });
    expect((await t.api('GET', '/api/admin/users', { token })).status).toBe(403);
    // A start re-derives rights from the list: still nothing for a code-verified address.
    await t.database.db.transaction((tx) => deriveAdminRights(tx, t.env.ADMIN_EMAILS));
    expect((await t.api('GET', '/api/admin/users', { token })).status).toBe(403);

    const link = await t.api('GET', `/api/verify-email?token=${linkTokenFrom(mail)}`);
    expect(link.body.success).toBe(true);
    expect((await t.api('GET', '/api/admin/users', { token })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/user', { token })).body.isAdmin).toBe(true);
    // The code, once used, does not work again.
    expect((await guess(token, codeFrom(mail))).body.message).toBe('Your email is already verified.');
  });
});
