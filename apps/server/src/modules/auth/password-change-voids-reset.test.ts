import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { RESET_LINK_INVALID, RESET_MAIL_SUBJECT } from './account-controls.ts';

/** Issue 23 L-D: a reset link mailed before a password change still worked after it. */
describe.each(DATABASES)('a password change voids earlier reset links (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('the link mailed before the change is refused; the new password stands', async () => {
    const { token, email } = await registerUser(t, { password: 'Tr1cky-Passphrase' });
    expect((await t.api('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(200);
    const mail = await t.smtp.waitFor(email, (m) => m.subject === RESET_MAIL_SUBJECT);
    const resetToken = /reset-password\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
    expect(resetToken).not.toBe('');

    const changed = await t.api('POST', '/api/account/password', {
      token,
      body: { currentPassword: 'Tr1cky-Passphrase', newPassword: 'Another-Long-Phrase-7' },
    });
    expect(changed.status).toBe(200);

    const reset = await t.api('POST', '/api/auth/reset-password', {
      body: { token: resetToken, password: 'Attacker-Chosen-Phrase-9' },
    });
    expect(reset).toMatchObject({ status: 400, body: { message: RESET_LINK_INVALID } });
    const login = await t.api('POST', '/api/auth/login', {
      body: { email, password: 'Another-Long-Phrase-7' },
    });
    expect(login.status).toBe(200);
  });
});
