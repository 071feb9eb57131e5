import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp } from '../../test/harness.ts';
import { logSerializers } from './log-serializers.ts';
import { JSON_TOO_DEEP_MESSAGE, jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth.ts';

/** `{"a":[[[ … ]]]}` nested `depth` levels in all. */
const nested = (depth: number, inner = '1') =>
  `{"a":${'['.repeat(depth - 1)}${inner}${']'.repeat(depth - 1)}}`;

describe('the nesting depth of a JSON body (issue 23 L-C)', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(1000)}\\"${'{'.repeat(1000)}"}`, MAX_JSON_DEPTH)).toBe(false);
  });

  describe('on real routes', () => {
    let t: TestApp;
    const lines: Array<Record<string, any>> = [];
    beforeAll(async () => {
      const stream = new Writable({
        write(chunk, _enc, cb) {
          lines.push(JSON.parse(String(chunk)));
          cb();
        },
      });
      t = await startTestApp(
        'pglite',
        {},
        { log: pino({ level: 'info', serializers: logSerializers }, stream) },
      );
    });
    afterAll(() => t.close());

    it('answers 400 with a clear message, on login and on a signed-in route, and logs no error', async () => {
      const { token } = await registerUser(t);
      const deep = nested(100_000);
      const login = await t.api('POST', '/api/auth/login', { body: deep });
      expect(login).toMatchObject({ status: 400, body: { message: JSON_TOO_DEEP_MESSAGE } });
      const block = await t.api('POST', '/api/library/blocks', { token, body: deep });
      expect(block).toMatchObject({ status: 400, body: { message: JSON_TOO_DEEP_MESSAGE } });
      // Just within the limit: parsed, and refused by the route's schema as any wrong body is.
      const within = await t.api('POST', '/api/auth/login', { body: nested(MAX_JSON_DEPTH) });
      expect(within.status).toBe(400);
      expect(within.body.message).not.toBe(JSON_TOO_DEEP_MESSAGE);
      expect(lines.filter((l) => l.level >= 50)).toEqual([]);
      // Prototype poisoning is still refused by Fastify's own parser behind the depth check.
      const poisoned = await t.api('POST', '/api/auth/login', { body: '{"__proto__":{"x":1}}' });
      expect(poisoned.status).toBe(400);
    });
  });
});
