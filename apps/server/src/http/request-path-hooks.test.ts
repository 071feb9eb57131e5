import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerCors } from './cors.ts';
import { createFreeSpaceCheck, registerDiskGuard } from './disk-guard.ts';
import { HELMET_OPTIONS, helmetHeaders, registerSecurityHeaders } from './security-headers.ts';

// ADR 1135: the per-request hooks were made cheaper; what each guards must still hold.
describe('request-path hooks', () => {
  it('sends helmet’s headers, computed once, on every answer, and lets a route replace its CSP', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/api/health', async () => ({ ok: true }));
    app.get('/file', async (_request, reply) =>
      reply.header('content-security-policy', "default-src 'none'; sandbox").send('x'),
    );
    const expected = helmetHeaders(HELMET_OPTIONS);
    expect(expected['content-security-policy']).toContain("script-src 'self'");
    expect(expected['x-frame-options']).toBe('DENY');
    expect(expected).not.toHaveProperty('strict-transport-security');
    for (const url of ['/api/health', '/api/nope']) {
      const res = await app.inject({ url });
      for (const [name, value] of Object.entries(expected))
        expect(res.headers[name], `${url} ${name}`).toBe(value);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const file = await app.inject({ url: '/file' });
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('with no allowed origin, answers carry no CORS headers and a preflight is refused', async () => {
    const app = Fastify();
    await registerCors(app, []);
    app.post('/api/submissions', async () => ({ ok: true }));
    const pre = await app.inject({
      method: 'OPTIONS',
      url: '/api/submissions',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    expect(pre.statusCode).toBe(404);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
    const post = await app.inject({
      method: 'POST',
      url: '/api/submissions',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
    await app.close();
  });

  it('refuses writes while space is low, on write routes only, and never sign-in', async () => {
    const app = Fastify();
    let low = true;
    registerDiskGuard(app, { isLow: () => low } as ReturnType<typeof createFreeSpaceCheck>);
    app.get('/api/things', async () => ({ ok: true }));
    app.post('/api/things', async () => ({ ok: true }));
    app.route({ method: ['GET', 'PUT'], url: '/api/both', handler: async () => ({ ok: true }) });
    app.post('/api/auth/login', async () => ({ ok: true }));
    expect((await app.inject({ method: 'POST', url: '/api/things' })).statusCode).toBe(507);
    expect((await app.inject({ method: 'PUT', url: '/api/both' })).statusCode).toBe(507);
    expect((await app.inject({ method: 'GET', url: '/api/both' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/things' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/login' })).statusCode).toBe(200);
    low = false;
    expect((await app.inject({ method: 'POST', url: '/api/things' })).statusCode).toBe(200);
    await app.close();
  });
});
