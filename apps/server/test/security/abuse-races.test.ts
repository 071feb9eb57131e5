import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../harness.ts';

/**
 * Issue 15 §7 and §8, as the attack ran them: 100 parallel verification resends, 60 parallel
 * wrong passwords, and one client rotating addresses inside one IPv6 /64 behind the trusted proxy.
 */

const PASSWORD = 'Tr1cky-Passphrase';

describe.each(DATABASES)('abuse races on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const mailsTo = (email: string) =>
    t.smtp.inbox.filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));

  it('sends one verification mail for 100 parallel resends, and none carries the name typed', async () => {
    const name = 'Win a prize at http://phish.example now';
    const { token, email, user } = await registerUser(t, { name, verified: false });
    await t.smtp.waitFor(email);
    // The registration mail is two minutes old: exactly one resend fits the 1-per-minute limit.
    await t.database.db.execute(
      sql`update email_verifications set created_at = now() - interval '2 minutes' where user_id = ${user.id}`,
    );
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.api('POST', '/api/auth/resend-verification', { token })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(99);
    await new Promise((r) => setTimeout(r, 1000));
    const mails = mailsTo(email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.text).not.toContain('phish');
      expect(mail.subject).not.toContain('phish');
    }
  }, 120_000);

  it('locks an account after 10 of 60 parallel wrong passwords; the right one is refused too', async () => {
    const { email } = await registerUser(t);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.api('POST', '/api/auth/login', {
          body: { email, password: `wrong-${i}` },
          headers: { 'x-forwarded-for': `10.9.${i}.1` },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(50);
    const right = await t.api('POST', '/api/auth/login', {
      body: { email, password: PASSWORD },
      headers: { 'x-forwarded-for': '10.9.200.1' },
    });
    expect(right.status).toBe(429);
  }, 120_000);

  it('counts an IPv6 /64 as one address for registration and sign-in limits', async () => {
    const in64 = (i: number) => `2001:db8:aa:bb:${i.toString(16)}::${(i * 7).toString(16)}`;
    const registrations = [];
    for (let i = 0; i < 11; i++) {
      registrations.push(
        await t.api('POST', '/api/auth/register', {
          headers: { 'x-forwarded-for': in64(i) },
          body: {
            name: `V6 ${i}`,
            phone: '+1 416 555 0100',
            email: `v6-${i}-${Date.now()}@utoronto.ca`,
            password: PASSWORD,
          },
        }),
      );
    }
    expect(registrations.slice(0, 10).every((r) => r.status === 201)).toBe(true);
    expect(registrations[10]!.status).toBe(429);
    // Another /64 is another client.
    const other = await t.api('POST', '/api/auth/register', {
      headers: { 'x-forwarded-for': '2001:db8:aa:cc::1' },
      body: {
        name: 'V6 other',
        phone: '+1 416 555 0100',
        email: `v6-other-${Date.now()}@utoronto.ca`,
        password: PASSWORD,
      },
    });
    expect(other.status).toBe(201);

    const logins = [];
    for (let i = 0; i < 26; i++) {
      logins.push(
        await t.api('POST', '/api/auth/login', {
          headers: { 'x-forwarded-for': in64(100 + i) },
          body: { email: `nobody-${i}@utoronto.ca`, password: 'x' },
        }),
      );
    }
    expect(logins.slice(0, 25).every((r) => r.status === 401)).toBe(true);
    expect(logins[25]!.status).toBe(429);
  }, 180_000);
});
