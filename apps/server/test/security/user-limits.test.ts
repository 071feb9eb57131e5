import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_LIMITS } from '../../src/http/rate-limit.ts';
import { DATABASES, registerUser, startTestApp, type TestApp } from '../harness.ts';

async function upload(t: TestApp, token: string, n: number) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([`Notes ${n}: soil moisture sensors.`], { type: 'text/plain' }),
    `notes-${n}.txt`,
  );
  const res = await fetch(`${t.baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await res.arrayBuffer();
  return res;
}

describe.each(DATABASES)('per-user limits on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it(`allows ${USER_LIMITS.upload.points} uploads per user per window, then 429 with Retry-After; other users are unaffected`, async () => {
    const a = await registerUser(t);
    for (let i = 0; i < USER_LIMITS.upload.points; i += 1)
      expect((await upload(t, a.token, i)).status).toBe(200);
    const over = await upload(t, a.token, 99);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    const b = await registerUser(t);
    expect((await upload(t, b.token, 1)).status).toBe(200);
  });
});
