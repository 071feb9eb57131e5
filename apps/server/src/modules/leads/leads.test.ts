import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  DATABASES,
  registerUser,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { createDatabase } from '../../db/client.ts';
import { clientAddressKey, createRateLimiter } from '../../http/rate-limit.ts';

let ipCounter = 0;
/** Each test posts from its own address, so the per-IP limit of one test never leaks into another. */
const freshIp = () => {
  ipCounter += 1;
  return { 'x-forwarded-for': `203.0.113.${ipCounter}` };
};

const lead = (overrides: Record<string, unknown> = {}) => ({
  email: `pi-${Math.random().toString(36).slice(2, 8)}@utoronto.ca`,
  role: 'principal-investigator',
  organization: 'University of Toronto',
  grantSize: '250k-1m',
  message: 'NSERC Alliance application due in March.',
  ...overrides,
});

const zenoLead = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Lovelace',
  email: `ada-${Math.random().toString(36).slice(2, 8)}@example.org`,
  phoneNumber: '+1 416 555 0199',
  message: 'I would like to automate legacy software without APIs.',
  interestType: 'early_access',
  ...overrides,
});

describe('clientAddressKey', () => {
  it('keeps IPv4 addresses and folds IPv6 addresses to their /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:85a3:1:aaaa:bbbb:cccc:1')).toBe('2001:db8:85a3:1::/64');
    expect(clientAddressKey('2001:db8:85a3:1::2')).toBe('2001:db8:85a3:1::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).toBe('0:0:0:0::/64');
  });
});

describe.each(DATABASES)('leads on %s', (kind) => {
  let t: TestApp;
  let adminToken: string;
  let userToken: string;

  async function count(table: 'leads' | 'zeno_lead_submissions', email: string) {
    const result = (await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE lower(email) = ${email.toLowerCase()}`,
    )) as unknown as { rows: Array<{ n: number }> };
    return Number(result.rows[0]!.n);
  }

  beforeAll(async () => {
    t = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    adminToken = (await registerUser(t, { email: 'admin@grantleaf.ca' })).token;
    userToken = (await registerUser(t)).token;
  });
  afterAll(() => t.close());

  it('stores a grant-analysis lead, answers {success, message} and mails the 24-hour promise', async () => {
    const body = lead();
    const res = await t.api('POST', '/api/leads', { body, headers: freshIp() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: "Thank you! We'll send your grant analysis within 24 hours.",
    });
    expect(await count('leads', body.email)).toBe(1);
    const mail = await t.smtp.waitFor(body.email);
    expect(mail.subject).toBe('Your free grant analysis request');
    expect(mail.text).toContain("We'll send your grant analysis within 24 hours.");
    expect(mail.text).toContain('Principal Investigator');
    // Free text from an anonymous form is never echoed to the address it names.
    expect(mail.text).not.toContain(body.organization);
    // The team hears about it at once, with everything the visitor wrote.
    const staff = await t.smtp.waitFor('hello@grantleaf.ca', (m) => m.subject.includes(body.email));
    expect(staff.subject).toBe(`New grant analysis request from ${body.email}`);
    expect(staff.text).toContain('University of Toronto');
    expect(staff.text).toContain(body.message);
  });

  it('acknowledges in French when the browser asks for French; the team’s notice stays English (issue 31 §1)', async () => {
    const body = lead({ role: 'graduate-student', grantSize: 'under-50k' });
    const headers = { ...freshIp(), 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' };
    expect((await t.api('POST', '/api/leads', { body, headers })).status).toBe(200);
    const mail = await t.smtp.waitFor(body.email);
    expect(mail.subject).toBe('Votre demande d’analyse de subvention gratuite');
    expect(mail.text).toContain('Nous vous enverrons votre analyse dans les 24\u00a0heures.');
    expect(mail.text).toContain('Rôle\u00a0: Étudiante ou étudiant aux cycles supérieurs');
    expect(mail.text).toContain('Taille de la subvention\u00a0: Moins de 50\u00a0k$');
    const staff = await t.smtp.waitFor('hello@grantleaf.ca', (m) => m.subject.includes(body.email));
    expect(staff.text).toContain('Role: Graduate Student');

    const zeno = zenoLead({ interestType: 'investor' });
    await t.api('POST', '/api/zeno-lead-submissions', {
      body: zeno,
      headers: { ...freshIp(), 'accept-language': 'fr' },
    });
    const ack = await t.smtp.waitFor(zeno.email);
    expect(ack.subject).toBe('Votre demande d’accès anticipé à l’assistant vocal');
    expect(ack.text).toContain('Intérêt\u00a0: Investissement');
    // An English browser still gets the English text.
    const english = lead();
    await t.api('POST', '/api/leads', {
      body: english,
      headers: { ...freshIp(), 'accept-language': 'en-CA' },
    });
    expect((await t.smtp.waitFor(english.email)).subject).toBe('Your free grant analysis request');
  });

  it('accepts every role and grant size of the spec, with or without a message', async () => {
    const roles = [
      'principal-investigator',
      'postdoc',
      'graduate-student',
      'research-scientist',
      'faculty',
      'research-administrator',
      'other',
    ];
    const sizes = ['under-50k', '50k-250k', '250k-1m', '1m-5m', 'over-5m'];
    for (const [i, role] of roles.entries()) {
      const grantSize = sizes[i % sizes.length];
      const body = lead({ role, grantSize, ...(i % 2 ? { message: undefined } : {}) });
      const res = await t.api('POST', '/api/leads', { body, headers: freshIp() });
      expect(res.status, role).toBe(200);
      expect(await count('leads', body.email)).toBe(1);
    }
  });

  it('refuses missing fields and values outside the enumerations with 400', async () => {
    const headers = freshIp();
    const cases = [
      lead({ email: '' }),
      lead({ email: 'not-an-email' }),
      lead({ organization: '   ' }),
      lead({ role: 'professor' }),
      lead({ grantSize: '5m-10m' }),
      lead({ role: undefined }),
      lead({ grantSize: undefined }),
    ];
    for (const body of cases) {
      const res = await t.api('POST', '/api/leads', { body, headers });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.errors.length).toBeGreaterThan(0);
    }
    const empty = await t.api('POST', '/api/leads', { headers: freshIp() });
    expect(empty.status).toBe(400);
  });

  it('answers a filled honeypot like a person but stores and mails nothing', async () => {
    const body = lead({ website: 'http://spam.example' });
    const res = await t.api('POST', '/api/leads', { body, headers: freshIp() });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(await count('leads', body.email)).toBe(0);
    const zeno = zenoLead({ website: 'x' });
    const zres = await t.api('POST', '/api/zeno-lead-submissions', { body: zeno, headers: freshIp() });
    expect(zres.body.success).toBe(true);
    expect(await count('zeno_lead_submissions', zeno.email)).toBe(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.inbox.filter((m) => m.to.includes(body.email) || m.to.includes(zeno.email))).toHaveLength(
      0,
    );
  });

  it('drops a second lead from the same email within a day, even sent at once', async () => {
    const body = lead();
    const [a, b] = await Promise.all([
      t.api('POST', '/api/leads', { body, headers: freshIp() }),
      t.api('POST', '/api/leads', { body: { ...body, email: body.email.toUpperCase() }, headers: freshIp() }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.success && b.body.success).toBe(true);
    const again = await t.api('POST', '/api/leads', { body, headers: freshIp() });
    expect(again.body.success).toBe(true);
    expect(await count('leads', body.email)).toBe(1);
    await t.smtp.waitFor(body.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.smtp.inbox.filter((m) => m.to.toLowerCase().includes(body.email))).toHaveLength(1);
  });

  it('rate-limits each form to 5 posts per IP per 10 minutes with 429 and Retry-After', async () => {
    const headers = freshIp();
    for (let i = 0; i < 5; i += 1) {
      const res = await t.api('POST', '/api/leads', { body: lead(), headers });
      expect(res.status).toBe(200);
    }
    const refused = await t.api('POST', '/api/leads', { body: lead(), headers });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toEqual(expect.any(String));
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another address is not affected; another address in the same IPv6 /64 is.
    expect((await t.api('POST', '/api/leads', { body: lead(), headers: freshIp() })).status).toBe(200);
    const v6 = (n: number) => ({ 'x-forwarded-for': `2001:db8:${kind === 'pglite' ? 1 : 2}:7::${n}` });
    for (let i = 1; i <= 5; i += 1)
      expect((await t.api('POST', '/api/leads', { body: lead(), headers: v6(i) })).status).toBe(200);
    expect((await t.api('POST', '/api/leads', { body: lead(), headers: v6(99) })).status).toBe(429);

    const zHeaders = freshIp();
    for (let i = 0; i < 5; i += 1) {
      expect(
        (await t.api('POST', '/api/zeno-lead-submissions', { body: zenoLead(), headers: zHeaders })).status,
      ).toBe(200);
    }
    const zRefused = await t.api('POST', '/api/zeno-lead-submissions', {
      body: zenoLead(),
      headers: zHeaders,
    });
    expect(zRefused.status).toBe(429);
    expect(Number(zRefused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('stores an early-access request with each of the five interest types and confirms it', async () => {
    for (const interestType of ['early_access', 'affiliate_marketing', 'distributor', 'media', 'investor']) {
      const body = zenoLead({ interestType });
      const res = await t.api('POST', '/api/zeno-lead-submissions', { body, headers: freshIp() });
      expect(res.status, interestType).toBe(200);
      expect(res.body).toEqual({
        success: true,
        message: "We've received your early access request and will be in touch soon.",
      });
      expect(await count('zeno_lead_submissions', body.email)).toBe(1);
    }
    const body = zenoLead();
    await t.api('POST', '/api/zeno-lead-submissions', { body, headers: freshIp() });
    const mail = await t.smtp.waitFor(body.email);
    expect(mail.text).toContain("We've received your early access request and will be in touch soon.");
    expect(mail.text).toContain('Early Access for Use');
    const staff = await t.smtp.waitFor('hello@grantleaf.ca', (m) => m.subject.includes(body.email));
    expect(staff.text).toContain(body.message);
  });

  it('refuses an early-access request with a missing field or unknown interest type', async () => {
    const headers = freshIp();
    for (const field of ['name', 'email', 'phoneNumber', 'message', 'interestType']) {
      const res = await t.api('POST', '/api/zeno-lead-submissions', {
        body: zenoLead({ [field]: '' }),
        headers,
      });
      expect(res.status, field).toBe(400);
    }
    const bad = await t.api('POST', '/api/zeno-lead-submissions', {
      body: zenoLead({ interestType: 'early-access' }),
      headers,
    });
    expect(bad.status).toBe(400);
    const dupe = zenoLead();
    await t.api('POST', '/api/zeno-lead-submissions', { body: dupe, headers: freshIp() });
    await t.api('POST', '/api/zeno-lead-submissions', { body: dupe, headers: freshIp() });
    expect(await count('zeno_lead_submissions', dupe.email)).toBe(1);
  });

  it('lists leads to admins only and lets them set a status', async () => {
    const body = lead({ organization: 'McGill <b>Lab</b>' });
    await t.api('POST', '/api/leads', { body, headers: freshIp() });
    const zeno = zenoLead();
    await t.api('POST', '/api/zeno-lead-submissions', { body: zeno, headers: freshIp() });

    for (const path of ['/api/admin/leads', '/api/admin/zeno-leads']) {
      expect((await t.api('GET', path)).status).toBe(401);
      expect((await t.api('GET', path, { token: userToken })).status).toBe(403);
    }
    const list = await t.api('GET', '/api/admin/leads', { token: adminToken });
    expect(list.status).toBe(200);
    const row = list.body.leads.find((l: { email: string }) => l.email === body.email);
    expect(row).toMatchObject({
      organization: 'McGill <b>Lab</b>',
      role: 'principal-investigator',
      grantSize: '250k-1m',
      status: 'new',
    });
    const zlist = await t.api('GET', '/api/admin/zeno-leads', { token: adminToken });
    expect(zlist.status).toBe(200);
    expect(zlist.body.submissions.find((s: { email: string }) => s.email === zeno.email)).toMatchObject({
      name: 'Ada Lovelace',
      interestType: 'early_access',
    });

    const path = `/api/admin/leads/${row.id}`;
    expect((await t.api('PATCH', path, { token: userToken, body: { status: 'contacted' } })).status).toBe(
      403,
    );
    expect((await t.api('PATCH', path, { token: adminToken, body: { status: 'won' } })).status).toBe(400);
    const patched = await t.api('PATCH', path, { token: adminToken, body: { status: 'analysis_sent' } });
    expect(patched.status).toBe(200);
    expect(patched.body.status).toBe('analysis_sent');
    const missing = await t.api('PATCH', '/api/admin/leads/00000000-0000-4000-8000-000000000000', {
      token: adminToken,
      body: { status: 'contacted' },
    });
    expect(missing.status).toBe(404);
    const after = await t.api('GET', '/api/admin/leads', { token: adminToken });
    expect(after.body.leads.find((l: { id: string }) => l.id === row.id).status).toBe('analysis_sent');
  });

  it('serves the public site configuration without secrets', async () => {
    const res = await t.api('GET', '/api/public-config');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      promoVideoUrl: null,
      demoBookingUrl: null,
      privacyEmail: 'privacy@grantleaf.ca',
      contactEmail: 'hello@grantleaf.ca',
      siteUrl: 'http://localhost:3000',
      aiModel: false,
    });
  });

  it('rate limiter: counts atomically under concurrency and restarts the window when it expires', async () => {
    const limiter = createRateLimiter(t.database.db);
    const key = `test:${kind}:${Math.random()}`;
    // The concurrent burst gets a minute's window: with a one-second window, a loaded CI machine
    // spread the 20 calls over two windows and let more than 7 through (stop 38's run).
    const results = await Promise.all(
      Array.from({ length: 20 }, () => limiter.consume(key, { points: 7, windowSeconds: 60 })),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(7);
    for (const refused of results.filter((r) => !r.allowed)) {
      expect(refused.retryAfterSeconds).toBeGreaterThan(0);
      expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    }
    // The window's restart, on its own key with a one-second window.
    const short = `${key}:short`;
    expect((await limiter.consume(short, { points: 1, windowSeconds: 1 })).allowed).toBe(true);
    await new Promise((r) => setTimeout(r, 1100));
    const next = await limiter.consume(short, { points: 7, windowSeconds: 1 });
    expect(next).toEqual({ allowed: true, remaining: 6, retryAfterSeconds: 0 });
    await expect(limiter.enforce('other', { points: 0, windowSeconds: 60 })).rejects.toMatchObject({
      statusCode: 429,
      extra: { retryAfterSeconds: 60 },
    });
    await limiter.reset(key);
    expect((await limiter.consume(key, { points: 1, windowSeconds: 60 })).allowed).toBe(true);
  });
});

// Two pools on one PostgreSQL stand in for two API processes; PGlite is one process by nature.
if (DATABASES.includes('postgres')) {
  describe('rate limiter shared by two connection pools on postgres', () => {
    it('counts hits from both pools against one limit', async () => {
      const { database, drop } = await createTestDatabase('postgres');
      const { rows } = await database.raw.executeSql('SELECT current_database() AS name');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${rows[0].name}`;
      const second = await createDatabase({ databaseUrl: url.toString(), pgliteDir: 'memory://' });
      try {
        const a = createRateLimiter(database.db);
        const b = createRateLimiter(second.db);
        const rule = { points: 3, windowSeconds: 60 };
        const seen = [];
        for (const limiter of [a, b, a, b]) seen.push((await limiter.consume('shared', rule)).allowed);
        expect(seen).toEqual([true, true, true, false]);
      } finally {
        await second.close();
        await drop();
      }
    });
  });
}
