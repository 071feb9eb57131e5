import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../../../test/harness.ts';
import { codeFrom } from '../../../test/smtp.ts';

// The account's language (issue 31, ADR 0360): chosen at registration, changed on the account,
// and followed by the account's e-mails; the English mails keep their exact text.
describe.each(DATABASES)('account language on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  let ip = 0;
  const freshIp = () => ({ 'x-forwarded-for': `127.77.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}` });
  const register = (body: Record<string, unknown>) =>
    t.api('POST', '/api/auth/register', {
      headers: freshIp(),
      body: {
        name: 'Jeanne Tremblay',
        phone: '+1 514 555 0100',
        email: `fr-${randomBytes(4).toString('hex')}@umontreal.ca`,
        password: 'Tr1cky-Passphrase',
        ...body,
      },
    });

  it('registers in French: the account says fr and its verification mail is in French, with a working code', async () => {
    const res = await register({ language: 'fr' });
    expect(res.status).toBe(201);
    expect(res.body.user.language).toBe('fr');
    const email = res.body.user.email as string;
    const mail = await t.smtp.waitFor(email, (m) => /code de vérification/.test(m.subject));
    expect(mail.subject).toMatch(/^Votre code de vérification Grantleaf\u00a0: \d{4}$/);
    expect(mail.text).toContain('Bonjour,');
    expect(mail.text).toContain('Il expire dans 10\u00a0minutes.');
    expect(mail.text).toContain('/verify-email?token=');
    expect(mail.text).not.toMatch(/\b(Hello|expires|ignore)\b/);
    const verified = await t.api('POST', '/api/verify-email-code', {
      token: res.body.sessionId,
      body: { code: codeFrom(mail) },
    });
    expect(verified.body.success).toBe(true);
  });

  it('registers in English when no language is given, with the English mail unchanged', async () => {
    const res = await register({});
    expect(res.body.user.language).toBe('en');
    const mail = await t.smtp.waitFor(res.body.user.email, (m) => /verification code/.test(m.subject));
    expect(mail.subject).toMatch(/^Your Grantleaf verification code: \d{4}$/);
    expect(mail.text).toContain('If you did not create a Grantleaf account, ignore this e-mail.');
  });

  it('refuses a language it does not have, at registration and on the account', async () => {
    expect((await register({ language: 'de' })).status).toBe(400);
    const { token } = await registerUser(t);
    const res = await t.api('PUT', '/api/account/language', { token, body: { language: 'es' } });
    expect(res.status).toBe(400);
    expect((await t.api('PUT', '/api/account/language', { token, body: {} })).status).toBe(400);
  });

  it('needs a session to change the language', async () => {
    const res = await t.api('PUT', '/api/account/language', { body: { language: 'fr' } });
    expect(res.status).toBe(401);
  });

  it('changes the account language, keeps everything else, and the reset mail follows it', async () => {
    const { token, user, email } = await registerUser(t);
    const res = await t.api('PUT', '/api/account/language', { token, body: { language: 'fr' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...user, language: 'fr' });
    expect((await t.api('GET', '/api/auth/user', { token })).body.language).toBe('fr');

    const before = t.smtp.inbox.length;
    await t.api('POST', '/api/auth/forgot-password', { headers: freshIp(), body: { email } });
    const mail = await t.smtp.waitFor(email, (m) => t.smtp.inbox.indexOf(m) >= before);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe Grantleaf');
    expect(mail.text).toContain('/reset-password?token=');
    expect(mail.text).toContain('pendant 30\u00a0minutes');

    const back = await t.api('PUT', '/api/account/language', { token, body: { language: 'en' } });
    expect(back.body.language).toBe('en');
    const again = t.smtp.inbox.length;
    await t.api('POST', '/api/auth/forgot-password', { headers: freshIp(), body: { email } });
    const english = await t.smtp.waitFor(email, (m) => t.smtp.inbox.indexOf(m) >= again);
    expect(english.subject).toBe('Reset your Grantleaf password');
  });

  it('is in the OpenAPI document with its body and answer', async () => {
    const doc = (await t.api('GET', '/api/docs/json')).body;
    const op = doc.paths['/api/account/language'].put;
    expect(op.requestBody).toBeTruthy();
    expect(op.responses['200']).toBeTruthy();
  });

  it("changes only the caller's own account", async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    await t.api('PUT', '/api/account/language', { token: a.token, body: { language: 'fr' } });
    expect((await t.api('GET', '/api/auth/user', { token: b.token })).body.language).toBe('en');
  });
});
