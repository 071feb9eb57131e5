import { sql } from 'drizzle-orm';
import { CODE_SPENT_MESSAGE, CODE_SPENT_REASON } from '@grantleaf/shared/verification';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { codeFrom } from '../../../test/smtp.ts';

describe.each(DATABASES)('a burnt verification code says so (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('keeps the spec message for a wrong code, says the code is spent on the 5th try and after, and a new code works', async () => {
    const { token, email } = await registerUser(t, { verified: false });
    const first = await t.smtp.waitFor(email);
    const code = codeFrom(first);
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i += 1) {
      const res = await t.api('POST', '/api/verify-email-code', { token, body: { code: wrong } });
      expect(res).toMatchObject({
        status: 400,
        body: { success: false, message: 'Invalid verification code. Please try again.' },
      });
      expect(res.body.reason).toBeUndefined();
    }
    const fifth = await t.api('POST', '/api/verify-email-code', { token, body: { code: wrong } });
    expect(fifth).toMatchObject({
      status: 400,
      body: { success: false, message: CODE_SPENT_MESSAGE, reason: CODE_SPENT_REASON },
    });
    const right = await t.api('POST', '/api/verify-email-code', { token, body: { code } });
    expect(right).toMatchObject({
      status: 400,
      body: { message: CODE_SPENT_MESSAGE, reason: CODE_SPENT_REASON },
    });

    // A minute later (the first mail went out at registration, and resends wait a minute).
    await t.database.db.execute(
      sql`update email_verifications set created_at = created_at - interval '2 minutes'`,
    );
    const resent = await t.api('POST', '/api/auth/resend-verification', { token });
    expect(resent.status).toBe(200);
    const again = await t.api('POST', '/api/auth/resend-verification', { token });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    const fresh = codeFrom(await t.smtp.waitFor(email, (m) => codeFrom(m) !== '' && m !== first));
    const ok = await t.api('POST', '/api/verify-email-code', { token, body: { code: fresh } });
    expect(ok).toMatchObject({
      status: 200,
      body: { success: true, message: 'Email verified successfully.' },
    });
  });
});
