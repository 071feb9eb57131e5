import { sql } from 'drizzle-orm';
import { WEAK_PASSWORD_MESSAGE } from '@grantleaf/shared/password-strength';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import type { ReceivedMail } from '../../../test/smtp.ts';
import {
  FORGOT_PASSWORD_ANSWER,
  PASSWORD_RESET_DONE,
  RESET_LINK_INVALID,
  RESET_MAIL_SUBJECT,
  WRONG_CURRENT_PASSWORD,
} from './account-controls.ts';

const PASSWORD = 'Tr1cky-Passphrase';
const NEW_PASSWORD = 'Quiet-Harbor-Lantern-42';
let ipCounter = 0;
// Each call comes from its own address, so the per-address limits only bite where a test means them to.
const freshIp = () => ({
  'x-forwarded-for': `127.66.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
});
const resetTokenFrom = (mail: ReceivedMail) => /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';

describe.each(DATABASES)('account controls on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, headers: Record<string, string> = freshIp()) =>
    t.api('POST', '/api/auth/login', { headers, body: { email, password } });
  const forgot = (email: string, headers = freshIp()) =>
    t.api('POST', '/api/auth/forgot-password', { headers, body: { email } });
  const reset = (token: string, password: string) =>
    t.api('POST', '/api/auth/reset-password', { headers: freshIp(), body: { token, password } });
  async function resetMail(email: string, after: number) {
    return t.smtp.waitFor(
      email,
      (m) => /Reset your Grantleaf password/.test(m.subject) && t.smtp.inbox.indexOf(m) >= after,
    );
  }

  it('answers a forgot-password request the same for a known and an unknown address, and mails only the known one', async () => {
    const { email } = await registerUser(t, { name: '<b>Mallory</b> visit evil.example', verified: false });
    const before = t.smtp.inbox.length;
    const known = await forgot(email.toUpperCase());
    const unknown = await forgot(`nobody-${kind}@utoronto.ca`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    const mail = await resetMail(email, before);
    expect(resetTokenFrom(mail)).toMatch(/^[\w-]{43}$/);
    expect(mail.text).toContain('http://localhost:3000/reset-password?token=');
    // The address is unverified: nothing the registrant typed is in the mail.
    expect(mail.text).not.toContain('Mallory');
    expect(mail.text).not.toContain('evil.example');
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.inbox.slice(before).filter((m) => m.to.includes('nobody-'))).toEqual([]);
    // Only the hash of the token is stored.
    const stored = (await t.database.db.execute(
      sql`select token_hash from password_resets pr join users u on u.id = pr.user_id where u.email = ${email}`,
    )) as unknown as { rows: Array<{ token_hash: string }> };
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.token_hash).not.toContain(resetTokenFrom(mail));
    expect(stored.rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a known address without waiting for its mail: the same answer while the mail server holds it', async () => {
    const { email } = await registerUser(t);
    const before = t.smtp.inbox.length;
    t.smtp.hold();
    try {
      const known = await forgot(email);
      const unknown = await forgot(`nobody-held-${kind}@utoronto.ca`);
      expect(known).toMatchObject({ status: 200, body: { message: FORGOT_PASSWORD_ANSWER } });
      expect(known.body).toEqual(unknown.body);
      // Answered, and the reset mail is still not accepted by the mail server.
      expect(t.smtp.inbox.slice(before).filter((m) => m.subject === RESET_MAIL_SUBJECT)).toEqual([]);
    } finally {
      t.smtp.release();
    }
    expect(resetTokenFrom(await resetMail(email, before))).toMatch(/^[\w-]{43}$/);
  });

  // PGlite is one connection: a transaction held by the test would stall the request's look-up too.
  it.runIf(kind === 'postgres')(
    'answers a known address before the reset link is written: the answer comes while its table is locked',
    async () => {
      const { email } = await registerUser(t);
      const before = t.smtp.inbox.length;
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table password_resets in access exclusive mode`);
        // Were the link written before answering, this request would wait for the lock (and the test time out).
        const known = await forgot(email);
        expect(known).toMatchObject({ status: 200, body: { message: FORGOT_PASSWORD_ANSWER } });
      });
      // The lock released, the link is written and mailed after the answer.
      expect(resetTokenFrom(await resetMail(email, before))).toMatch(/^[\w-]{43}$/);
    },
  );

  it('resets once with a strong password, signs out every session and clears the login lock', async () => {
    const { email, token: session } = await registerUser(t, { password: PASSWORD });
    const second = (await login(email, PASSWORD)).body.sessionId as string;
    // Someone locked the account with wrong guesses; the owner resets instead of waiting.
    for (let i = 0; i < 10; i += 1) expect((await login(email, `wrong-${i}`)).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(429);

    const before = t.smtp.inbox.length;
    await forgot(email);
    const linkToken = resetTokenFrom(await resetMail(email, before));

    // A weak password is refused with the rule's message, and the link still works after it.
    const weak = await reset(linkToken, 'password1');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(WEAK_PASSWORD_MESSAGE);
    expect(weak.body.errors).toEqual([{ path: 'password', message: WEAK_PASSWORD_MESSAGE }]);
    const short = await reset(linkToken, 'Ab1!');
    expect(short.status).toBe(400);

    const done = await reset(linkToken, NEW_PASSWORD);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: PASSWORD_RESET_DONE });
    for (const old of [session, second])
      expect((await t.api('GET', '/api/auth/user', { token: old })).status).toBe(401);

    const again = await reset(linkToken, 'Another-Fresh-Passphrase-7');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(RESET_LINK_INVALID);
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses an expired link and an older link once a newer one was sent', async () => {
    const { email } = await registerUser(t);
    let before = t.smtp.inbox.length;
    await forgot(email);
    const first = resetTokenFrom(await resetMail(email, before));
    before = t.smtp.inbox.length;
    await forgot(email);
    const second = resetTokenFrom(await resetMail(email, before));
    expect(second).not.toBe(first);
    expect((await reset(first, NEW_PASSWORD)).body.message).toBe(RESET_LINK_INVALID);

    await t.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 second'
          where user_id = (select id from users where email = ${email})`,
    );
    const expired = await reset(second, NEW_PASSWORD);
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(RESET_LINK_INVALID);
    expect((await login(email, PASSWORD)).status).toBe(200);
    expect((await reset('not-a-real-token', NEW_PASSWORD)).body.message).toBe(RESET_LINK_INVALID);
  });

  it('limits reset mails to 3 an hour per address, known or not, with the same answer', async () => {
    const { email } = await registerUser(t);
    const unknown = `ghost-${kind}@utoronto.ca`;
    for (let i = 0; i < 3; i += 1) {
      expect((await forgot(email)).status).toBe(200);
      expect((await forgot(unknown)).status).toBe(200);
    }
    const overKnown = await forgot(email);
    const overUnknown = await forgot(unknown);
    expect(overKnown.status).toBe(429);
    expect(overUnknown.status).toBe(429);
    expect(overKnown.body.message).toBe(overUnknown.body.message);
    expect(Number(overKnown.headers.get('retry-after'))).toBeGreaterThan(3000);
  });

  it('limits forgot-password requests to 10 an hour per network, like sign-ups', async () => {
    const ip = { 'x-forwarded-for': '127.65.0.1' };
    for (let i = 0; i < 10; i += 1)
      expect((await forgot(`someone${i}-${kind}@utoronto.ca`, ip)).status).toBe(200);
    expect((await forgot(`someone-else-${kind}@utoronto.ca`, ip)).status).toBe(429);
  });

  it('refuses weak passwords at registration with the same message', async () => {
    for (const [i, password] of ['password1', 'qwerty123', 'letmein!'].entries()) {
      const res = await t.api('POST', '/api/auth/register', {
        headers: freshIp(),
        body: { name: 'Weak Pass', phone: '1', email: `weak${i}-${kind}@utoronto.ca`, password },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(WEAK_PASSWORD_MESSAGE);
    }
    // The account's own words count as guessable too.
    const own = await t.api('POST', '/api/auth/register', {
      headers: freshIp(),
      body: {
        name: 'Quentin Zabrowski',
        phone: '1',
        email: `qzabrowski-${kind}@utoronto.ca`,
        password: 'qzabrowski',
      },
    });
    expect(own.status).toBe(400);
    // The spec's 6-character minimum keeps its own text.
    const short = await t.api('POST', '/api/auth/register', {
      headers: freshIp(),
      body: { name: 'Short', phone: '1', email: `short-${kind}@utoronto.ca`, password: 'Ab1!' },
    });
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain('Password must be at least 6 characters');
  });

  it('changes the password with the current one and signs out the other sessions only', async () => {
    const { email, token: here } = await registerUser(t, { password: PASSWORD });
    const elsewhere = (await login(email, PASSWORD)).body.sessionId as string;
    const change = (body: unknown) => t.api('POST', '/api/account/password', { token: here, body });

    const wrong = await change({ currentPassword: 'not-it-at-all', newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
    const weak = await change({ currentPassword: PASSWORD, newPassword: 'abc123456' });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual([{ path: 'newPassword', message: WEAK_PASSWORD_MESSAGE }]);
    expect((await t.api('GET', '/api/auth/user', { token: elsewhere })).status).toBe(200);

    const ok = await change({ currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ signedOut: 1 });
    expect((await t.api('GET', '/api/auth/user', { token: here })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/user', { token: elsewhere })).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, NEW_PASSWORD)).status).toBe(200);
  });

  it('counts every change attempt: the sixth in 15 minutes is refused', async () => {
    const { token } = await registerUser(t);
    for (let i = 0; i < 5; i += 1) {
      const res = await t.api('POST', '/api/account/password', {
        token,
        body: { currentPassword: `guess-${i}`, newPassword: NEW_PASSWORD },
      });
      expect(res.status).toBe(400);
    }
    const over = await t.api('POST', '/api/account/password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(over.status).toBe(429);
  });

  it('lists the sessions with the current one marked, and ends one or all the others', async () => {
    const { email, token: here } = await registerUser(t, { password: PASSWORD });
    const phone = (await login(email, PASSWORD, { ...freshIp(), 'user-agent': 'PhoneBrowser/1.0 (iPhone)' }))
      .body.sessionId as string;
    const laptop = (await login(email, PASSWORD)).body.sessionId as string;
    const list = await t.api('GET', '/api/account/sessions', { token: here });
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(3);
    expect(list.body.sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const phoneRow = list.body.sessions.find((s: { userAgent: string | null }) =>
      s.userAgent?.includes('iPhone'),
    );
    expect(phoneRow).toMatchObject({ current: false, ip: expect.stringMatching(/^127\.66\./) });
    expect(Date.parse(phoneRow.createdAt)).not.toBeNaN();
    expect(Date.parse(phoneRow.lastUsedAt)).not.toBeNaN();
    // The list never hands out a token or its hash.
    expect(JSON.stringify(list.body)).not.toContain(phone);

    // Another user cannot end it; its owner can.
    const other = await registerUser(t);
    expect(
      (await t.api('DELETE', `/api/account/sessions/${phoneRow.id}`, { token: other.token })).status,
    ).toBe(404);
    expect((await t.api('GET', '/api/auth/user', { token: phone })).status).toBe(200);
    expect((await t.api('DELETE', `/api/account/sessions/${phoneRow.id}`, { token: here })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/user', { token: phone })).status).toBe(401);
    expect((await t.api('DELETE', `/api/account/sessions/not-a-uuid`, { token: here })).status).toBe(404);

    const all = await t.api('POST', '/api/account/sessions/sign-out-others', { token: here });
    expect(all.body).toEqual({ signedOut: 1 });
    expect((await t.api('GET', '/api/auth/user', { token: laptop })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/user', { token: here })).status).toBe(200);
    expect((await t.api('GET', '/api/account/sessions', { token: here })).body.sessions).toHaveLength(1);
  });
});
