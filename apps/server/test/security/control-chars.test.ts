import { CONTROL_CHAR_MESSAGE, controlCharPath, plainText } from '@grantleaf/shared/plain-text';
import { sql } from 'drizzle-orm';
import { stdSerializers } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSerializers } from '../../src/http/log-serializers.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../harness.ts';

/**
 * Issue 15 §10: a NUL byte in a name made nine endpoints answer 500 (PostgreSQL refuses it), and
 * a failed query's log line carried its parameters. Control characters are now refused with 400
 * at validation on every route; logged database errors keep no parameter.
 */

describe('plain text rule', () => {
  it('refuses C0 and C1 controls and DEL, keeps tabs and line breaks', () => {
    for (const bad of ['a\u0000b', 'a\u0007', '\u001b[31m', 'x\u007f', 'x\u0085'])
      expect(plainText().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    for (const good of ['Line one\nline two\r\n\tindented', 'Équipe — 研究', ''])
      expect(plainText().safeParse(good).success).toBe(true);
    expect(controlCharPath({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
    expect(controlCharPath({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(controlCharPath({ a: 'fine', n: 3, list: ['x'] })).toBeNull();
  });
});

describe.each(DATABASES)('control characters over HTTP on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp(kind);
    token = (await registerUser(t)).token;
  });
  afterAll(() => t.close());

  it('answers 400 naming the field, on public and signed-in routes, bodies and query strings', async () => {
    const nul = 'Ada\u0000Lovelace';
    const cases: Array<[string, string, unknown, string | undefined]> = [
      [
        'POST',
        '/api/auth/register',
        { name: nul, phone: '+1 416 555 0100', email: 'nul@utoronto.ca', password: 'Tr1cky-Passphrase' },
        undefined,
      ],
      ['POST', '/api/auth/login', { email: 'a\u0000@utoronto.ca', password: 'x' }, undefined],
      [
        'POST',
        '/api/funding-finder-requests',
        { researchTopic: nul, researchDetails: 'd', teamProfile: 't' },
        token,
      ],
      ['GET', `/api/grant-programs?q=${encodeURIComponent(nul)}`, undefined, token],
    ];
    for (const [method, path, body, auth] of cases) {
      const res = await t.api(method, path, { body, token: auth });
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toBe(CONTROL_CHAR_MESSAGE);
    }
    expect((await t.api('GET', '/api/health')).status).toBe(200);
  });
});

describe.each(DATABASES)('database error logs on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('keep the query and the database message, never the parameters', async () => {
    const secret = `$argon2id$v=19$secret-${Date.now()}`;
    const error = await t.database.db.execute(sql`select ${secret}::int`).then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    expect(error).toBeInstanceOf(Error);
    // Before: the message and the params field both held the hash.
    expect(JSON.stringify(stdSerializers.err(error!))).toContain(secret);
    const logged = JSON.stringify(logSerializers.err(error!));
    expect(logged).not.toContain(secret);
    expect(logged).toContain('select $1::int');
  });
});
