import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom, linkTokenFrom } from '../../../test/smtp.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';

describe.each(DATABASES)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('reports health with the database kind', async () => {
    const res = await t.api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', db: kind, checkedAt: expect.any(String) });
  });

  it('registers with no credit until the address is verified, and ignores privileged fields', async () => {
    const res = await t.api('POST', '/api/auth/register', {
      body: {
        name: 'Grace',
        phone: '555',
        email: 'grace@mcgill.ca',
        password: 'Orbital-Mech4nics',
        credits: 9999,
        isAdmin: true,
        emailVerified: true,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.sessionId).toMatch(/^[\w-]{43}$/);
    expect(res.body.user).toMatchObject({
      email: 'grace@mcgill.ca',
      credits: 0,
      isAdmin: false,
      emailVerified: false,
    });
    // The free credit comes with the verified address (ADR 0150); registration says it will.
    expect(res.body.freeCreditOnVerification).toBe(true);
    expect(Object.keys(res.body.user).sort()).toEqual([
      'credits',
      'email',
      'emailVerified',
      'id',
      'isAdmin',
      'language',
      'name',
      'phone',
    ]);
  });

  it('refuses personal email domains, duplicates, weak and common passwords', async () => {
    const base = { name: 'X', phone: '1', password: 'Orbital-Mech4nics' };
    const gmail = await t.api('POST', '/api/auth/register', { body: { ...base, email: 'x@gmail.com' } });
    expect(gmail).toMatchObject({ status: 400, body: { message: 'Invalid email domain' } });
    await registerUser(t, { email: 'dup@ubc.ca' });
    const dup = await t.api('POST', '/api/auth/register', { body: { ...base, email: 'DUP@UBC.CA' } });
    expect(dup).toMatchObject({ status: 409, body: { message: 'User already exists' } });
    const short = await t.api('POST', '/api/auth/register', {
      body: { ...base, email: 's@ubc.ca', password: '12345' },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors[0]).toMatchObject({ path: 'password' });
    const common = await t.api('POST', '/api/auth/register', {
      body: { ...base, email: 'c@ubc.ca', password: 'password1' },
    });
    expect(common.status).toBe(400);
    const long = await t.api('POST', '/api/auth/register', {
      body: { ...base, email: 'l@ubc.ca', password: 'x'.repeat(257) },
    });
    expect(long.status).toBe(400);
  });

  it('treats SQL and script fragments as data', async () => {
    const name = `<script>alert(1)</script>'); DROP TABLE users;--`;
    const { token } = await registerUser(t, { name });
    const me = await t.api('GET', '/api/auth/user', { token });
    expect(me.body.name).toBe(name);
    const login = await t.api('POST', '/api/auth/login', {
      body: { email: `' OR 1=1 --@x.ca`, password: `' OR '1'='1` },
    });
    expect(login).toMatchObject({ status: 401, body: { message: 'Invalid credentials' } });
  });

  it('logs in, answers the same for unknown email and wrong password, and logs out at once', async () => {
    const { email } = await registerUser(t, { password: 'Correct-Horse-9' });
    const wrong = await t.api('POST', '/api/auth/login', { body: { email, password: 'nope-nope' } });
    const unknown = await t.api('POST', '/api/auth/login', {
      body: { email: 'ghost@ubc.ca', password: 'nope-nope' },
    });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid credentials' } });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'Invalid credentials' } });
    const ok = await t.api('POST', '/api/auth/login', {
      body: { email: email.toUpperCase(), password: 'Correct-Horse-9' },
    });
    expect(ok.status).toBe(200);
    const token = ok.body.sessionId;
    expect((await t.api('GET', '/api/me', { token })).status).toBe(200);
    expect((await t.api('POST', '/api/auth/logout', { token })).status).toBe(200);
    expect((await t.api('GET', '/api/auth/user', { token })).status).toBe(401);
    expect((await t.api('GET', '/api/me', { token })).status).toBe(401);
    expect((await t.api('GET', '/api/auth/user')).status).toBe(401);
    expect((await t.api('GET', '/api/auth/user', { token: 'forged-token' })).status).toBe(401);
  });

  it('verifies by the 4-digit code from a real email, single use', async () => {
    const { token, email } = await registerUser(t, { verified: false });
    const mail = await t.smtp.waitFor(email);
    const code = codeFrom(mail);
    expect(code).toMatch(/^\d{4}$/);
    const wrongCode = code === '0000' ? '1111' : '0000';
    const bad = await t.api('POST', '/api/verify-email-code', { token, body: { code: wrongCode } });
    expect(bad).toMatchObject({
      status: 400,
      body: { success: false, message: 'Invalid verification code. Please try again.' },
    });
    const good = await t.api('POST', '/api/verify-email-code', { token, body: { code } });
    expect(good).toMatchObject({ status: 200, body: { success: true } });
    expect((await t.api('GET', '/api/auth/user', { token })).body.emailVerified).toBe(true);
  });

  it('voids a code after 5 wrong tries', async () => {
    const { token, email } = await registerUser(t, { verified: false });
    const code = codeFrom(await t.smtp.waitFor(email));
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 5; i += 1) {
      expect((await t.api('POST', '/api/verify-email-code', { token, body: { code: wrong } })).status).toBe(
        400,
      );
    }
    const late = await t.api('POST', '/api/verify-email-code', { token, body: { code } });
    expect(late.status).toBe(400);
    expect((await t.api('GET', '/api/me', { token })).body.emailVerified).toBe(false);
  });

  it('verifies by the emailed link once, and explains a missing or bad token', async () => {
    const { token, email } = await registerUser(t, { verified: false });
    const linkToken = linkTokenFrom(await t.smtp.waitFor(email));
    expect(linkToken.length).toBeGreaterThanOrEqual(22);
    const first = await t.api('GET', `/api/verify-email?token=${linkToken}`);
    expect(first).toMatchObject({ status: 200, body: { success: true } });
    expect((await t.api('GET', '/api/me', { token })).body.emailVerified).toBe(true);
    // A second click on the same link says the address is verified (issue 28 item 6).
    const again = await t.api('GET', `/api/verify-email?token=${linkToken}`);
    expect(again.body).toEqual({
      success: true,
      alreadyVerified: true,
      message: 'Your email address is already verified. You can sign in.',
    });
    expect((await t.api('GET', '/api/verify-email?token=never-issued-token-xyz')).body.success).toBe(false);
    expect((await t.api('GET', '/api/verify-email')).body).toEqual({
      success: false,
      message: 'No verification token provided.',
    });
  });

  it('resends at most once a minute, with Retry-After', async () => {
    const { token } = await registerUser(t, { verified: false });
    const res = await t.api('POST', '/api/auth/resend-verification', { token });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.api('POST', '/api/auth/resend-verification')).status).toBe(401);
  });

  it('makes admins only from ADMIN_EMAILS', async () => {
    const admin = await registerUser(t, { email: 'Admin@grantleaf.ca' });
    expect(admin.user.isAdmin).toBe(true);
  });

  it('answers bad input with 400/413/404 JSON, never 500', async () => {
    const malformed = await t.api('POST', '/api/auth/login', { body: '{bad json' });
    expect(malformed.status).toBe(400);
    expect(typeof malformed.body.message).toBe('string');
    const wrongTypes = await t.api('POST', '/api/auth/login', { body: { email: 42, password: [] } });
    expect(wrongTypes.status).toBe(400);
    expect(Array.isArray(wrongTypes.body.errors)).toBe(true);
    const huge = await t.api('POST', '/api/auth/login', {
      body: { email: 'a@b.ca', password: 'x'.repeat(1_100_000) },
    });
    expect(huge.status).toBe(413);
    const unknown = await t.api('GET', '/api/does-not-exist');
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Not found' } });
  });
});

describe('OpenAPI', () => {
  it('serves a document generated from the route schemas', async () => {
    const t = await startTestApp('pglite');
    try {
      const res = await t.api('GET', '/api/docs/json');
      expect(res.status).toBe(200);
      expect(res.body.openapi).toMatch(/^3\./);
      expect(Object.keys(res.body.paths)).toEqual(
        expect.arrayContaining(['/api/auth/register', '/api/auth/login']),
      );
      expect(res.body.paths['/api/auth/register'].post.requestBody).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
