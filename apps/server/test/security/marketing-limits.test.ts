import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIMITS } from '../../src/http/rate-limit.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../harness.ts';

/** Issue 15 §11: every marketing request mails the operators; they are now bounded like leads. */
describe.each(DATABASES)('marketing request limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const send = (token: string, ip: string) =>
    t.api('POST', '/api/marketing-requests', {
      token,
      headers: { 'x-forwarded-for': ip },
      body: {
        phone: '+1 613 555 0142',
        services: ['outreach'],
        description: 'Recruit participants',
        email: 'contact@utoronto.ca',
      },
    });
  const operatorMails = () =>
    t.smtp.inbox.filter((m) => m.subject.startsWith('New marketing request')).length;

  it('refuses a user past the limit, from any address', async () => {
    const { token } = await registerUser(t);
    const limit = USER_LIMITS.marketing.points;
    const before = operatorMails();
    const answers = [];
    for (let i = 0; i <= limit; i++) answers.push((await send(token, `10.77.${i}.1`)).status);
    expect(answers.slice(0, limit).every((s) => s === 201)).toBe(true);
    expect(answers[limit]).toBe(429);
    await new Promise((r) => setTimeout(r, 1000));
    expect(operatorMails() - before).toBe(limit);
  });

  it('refuses an address (an IPv6 /64) past the limit, whatever the account', async () => {
    const limit = USER_LIMITS.marketing.points;
    const answers = [];
    for (let i = 0; i <= limit; i++) {
      const { token } = await registerUser(t);
      answers.push((await send(token, `2001:db8:77:1:${i + 1}::1`)).status);
    }
    expect(answers.slice(0, limit).every((s) => s === 201)).toBe(true);
    expect(answers[limit]).toBe(429);
  });
});
