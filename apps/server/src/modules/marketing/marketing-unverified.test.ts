import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';

const SUBJECT = 'We received your marketing services request';
const PHISH = 'Your account is locked, call +1 900 555 0199 now';

/**
 * Issue 23 M4: a marketing request needs no verified address, and its confirmation to the
 * unverified address greeted whatever "name" the registrant chose (30 an hour per account).
 */
describe.each(DATABASES)('the marketing confirmation to an unverified address (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  const request = (token: string, email: string) =>
    t.api('POST', '/api/marketing-requests', {
      token,
      body: { phone: '+1 900 555 0199', services: ['outreach'], description: PHISH, email },
    });

  it('holds only our own text: no chosen name, phone or contact e-mail', async () => {
    const { token, email } = await registerUser(t, { name: PHISH.slice(0, 40), verified: false });
    expect((await request(token, 'lure@example.com')).status).toBe(201);
    const ack = await t.smtp.waitFor(email, (m) => m.subject === SUBJECT);
    expect(ack.text.startsWith('Hello,\n')).toBe(true);
    expect(ack.text).toContain('Outreach (up to 125,000 emails/month)');
    for (const typed of ['locked', '900 555 0199', 'lure@example.com']) expect(ack.text).not.toContain(typed);
  });

  it('a verified account is still greeted by name, with its details', async () => {
    const { token, email } = await registerUser(t, { name: 'Grace Hopper' });
    expect((await request(token, email)).status).toBe(201);
    const ack = await t.smtp.waitFor(email, (m) => m.subject === SUBJECT);
    expect(ack.text).toContain('Hello Grace Hopper,');
    expect(ack.text).toContain('Phone: +1 900 555 0199');
  });
});
