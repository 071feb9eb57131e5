import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp } from '../harness.ts';

/** Security headers on every HTML answer, HSTS behind TLS, and CORS limited to the allow-list. */

const ALLOWED = 'https://partner.example.org';

function directives(csp: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '')
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [name, ...values] = part.split(/\s+/);
    map.set(name!.toLowerCase(), values);
  }
  return map;
}

describe('security headers and CORS', () => {
  let t: TestApp;
  let token: string;
  let webDist: string;
  const get = (url: string, headers: Record<string, string> = {}) => fetch(t.baseUrl + url, { headers });

  beforeAll(async () => {
    // A built web app stand-in, so the HTML answers exist whether or not `npm run build` ran.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'grantleaf-dist-'));
    fs.writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>',
    );
    fs.mkdirSync(path.join(webDist, 'assets'));
    fs.writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await startTestApp('pglite', {
      WEB_DIST: webDist,
      CORS_ORIGINS: `${ALLOWED}, http://localhost:5173`,
    });
    token = (await registerUser(t)).token;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const HTML_PATHS = [
    '/',
    '/index.html',
    '/dashboard',
    '/admin/audit',
    '/submissions/123',
    '/no/such/page',
    '/login?next=%3Cscript%3E',
  ];

  it('sends a strict CSP with no inline script, nosniff and a Referrer-Policy on every HTML answer', async () => {
    for (const url of [...HTML_PATHS, '/api/docs', '/api/docs/static/index.html']) {
      const res = await get(url);
      const type = res.headers.get('content-type') ?? '';
      if (!type.startsWith('text/html')) {
        expect(url.startsWith('/api/docs'), `${url} is not HTML (${type})`).toBe(true);
        continue;
      }
      const csp = directives(res.headers.get('content-security-policy'));
      const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
      expect(scripts, `${url} script-src`).toContain("'self'");
      for (const loose of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'])
        expect(scripts, `${url} script-src`).not.toContain(loose);
      if (!url.startsWith('/api/docs')) {
        expect(csp.get('script-src'), url).toEqual(["'self'"]);
        expect(csp.get('object-src'), url).toEqual(["'none'"]);
        expect(csp.get('base-uri'), url).toEqual(["'none'"]);
        expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      }
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), url).toMatch(
        /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
      );
      expect(res.headers.get('strict-transport-security'), `${url} over plain http`).toBeNull();
    }
  });

  it('sends HSTS when the trusted proxy says the client used TLS, and never trusts others', async () => {
    const tls = await get('/', { 'x-forwarded-proto': 'https' });
    expect(tls.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    const api = await get('/api/health', { 'x-forwarded-proto': 'https' });
    expect(api.headers.get('strict-transport-security')).toMatch(/max-age=/);
  });

  it('sends nosniff and no-store on API answers, including errors', async () => {
    for (const [url, opts] of [
      ['/api/me', { authorization: `Bearer ${token}` }],
      ['/api/me', {}],
      ['/api/nope', {}],
    ] as const) {
      const res = await get(url, opts);
      expect(res.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(res.headers.get('cache-control'), url).toContain('no-store');
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
    }
  });

  it('answers cross-origin calls only for allow-listed origins, never with credentials or a wildcard', async () => {
    const allowed = await get('/api/me', { origin: ALLOWED, authorization: `Bearer ${token}` });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(allowed.headers.get('vary')).toMatch(/origin/i);
    expect(allowed.headers.get('access-control-allow-credentials')).toBeNull();

    for (const origin of [
      'https://evil.example.com',
      'https://partner.example.org.evil.com',
      'http://partner.example.org',
      'null',
      'https://sub.partner.example.org',
    ]) {
      const res = await get('/api/me', { origin, authorization: `Bearer ${token}` });
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      const pre = await fetch(t.baseUrl + '/api/submissions', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(pre.headers.get('access-control-allow-methods'), origin).toBeNull();
    }

    const pre = await fetch(t.baseUrl + '/api/submissions', {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, idempotency-key',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
