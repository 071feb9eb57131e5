import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFrom } from '../../../test/smtp.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';

const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe.each(DATABASES)('abuse limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('locks an account after 10 failed logins, whatever the path spelling, even for the right password', async () => {
    const { email } = await registerUser(t, { password: 'Right-Password-42' });
    const variants = ['/api/auth/login', '/api/auth/login/', '/api/auth/login?x=1'];
    for (let i = 0; i < 10; i += 1) {
      const res = await t.api('POST', variants[i % variants.length]!, {
        headers: from(`127.9.0.${i + 1}`),
        body: { email, password: `wrong-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const locked = await t.api('POST', '/api/auth/login', {
      headers: from('127.9.1.1'),
      body: { email, password: 'Right-Password-42' },
    });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(800);
    const upper = await t.api('POST', '/API/AUTH/LOGIN', {
      headers: from('127.9.1.2'),
      body: { email, password: 'Right-Password-42' },
    });
    expect(upper.status).not.toBe(200);
  });

  it('a successful sign-in clears the failures before it', async () => {
    const { email } = await registerUser(t, { password: 'Right-Password-42' });
    const login = (password: string, i: number) =>
      t.api('POST', '/api/auth/login', { headers: from(`127.7.0.${i + 1}`), body: { email, password } });
    for (let i = 0; i < 9; i += 1) expect((await login(`wrong-${i}`, i)).status).toBe(401);
    expect((await login('Right-Password-42', 20)).status).toBe(200);
    for (let i = 0; i < 9; i += 1) expect((await login(`wrong-again-${i}`, 30 + i)).status).toBe(401);
    // 18 failures in the window, but only 9 since the last success.
    expect((await login('Right-Password-42', 50)).status).toBe(200);
  });

  it('gives one address 25 login attempts per 5 minutes; another address is unaffected', async () => {
    const ip = '127.8.0.1';
    for (let i = 0; i < 25; i += 1) {
      const res = await t.api('POST', '/api/auth/login', {
        headers: from(ip),
        body: { email: `nobody${i}@ubc.ca`, password: 'x-x-x-x' },
      });
      expect(res.status).toBe(401);
    }
    const over = await t.api('POST', '/api/auth/login', {
      headers: from(ip),
      body: { email: 'someone@ubc.ca', password: 'x-x-x-x' },
    });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    const other = await t.api('POST', '/api/auth/login', {
      headers: from('127.8.0.2'),
      body: { email: 'someone@ubc.ca', password: 'x-x-x-x' },
    });
    expect(other.status).toBe(401);
  });

  it('allows 10 registrations per address per hour', async () => {
    const ip = '127.7.0.1';
    for (let i = 0; i < 10; i += 1) {
      const res = await t.api('POST', '/api/auth/register', {
        headers: from(ip),
        body: { name: 'R', phone: '1', email: `reg${i}-${kind}@ubc.ca`, password: 'Some-Long-Pass-1' },
      });
      expect(res.status).toBe(201);
    }
    const over = await t.api('POST', '/api/auth/register', {
      headers: from(ip),
      body: { name: 'R', phone: '1', email: `reg-over-${kind}@ubc.ca`, password: 'Some-Long-Pass-1' },
    });
    expect(over.status).toBe(429);
  });

  it('survives a sweep of all 10,000 codes: nothing gets through, not even the right code after the lock', async () => {
    const { token, email } = await registerUser(t, { verified: false });
    const right = codeFrom(await t.smtp.waitFor(email));
    let accepted = 0;
    let refused429 = 0;
    const codes = Array.from({ length: 10_000 }, (_, n) => n.toString().padStart(4, '0')).filter(
      (c) => c !== right,
    );
    // The sweep goes through app.inject: the same routes, hooks, limits and database as a socket,
    // without a socket per request, which was most of this file's CPU time (ADR 0980). The last
    // try below still comes over HTTP.
    const verify = async (code: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/verify-email-code',
          headers: { authorization: `Bearer ${token}` },
          payload: { code },
        })
      ).statusCode;
    // A few requests in flight at once, as an attacker would; bounded by the list.
    const IN_FLIGHT = 8;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async (_, lane) => {
        for (let i = lane; i < codes.length; i += IN_FLIGHT) {
          const status = await verify(codes[i]!);
          if (status === 200) accepted += 1;
          if (status === 429) refused429 += 1;
        }
      }),
    );
    expect(accepted).toBe(0);
    expect(refused429).toBeGreaterThan(9_900);
    const late = await t.api('POST', '/api/verify-email-code', { token, body: { code: right } });
    expect(late.status).toBe(429);
    expect((await t.api('GET', '/api/me', { token })).body.emailVerified).toBe(false);
  }, 600_000);
});
