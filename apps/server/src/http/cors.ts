import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/** Origins are compared exactly as browsers send them: scheme://host[:port], no path, lower case. */
export function normalizeOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Cross-origin reads of the API only from the configured allow-list (CORS_ORIGINS); everyone
 * else gets no CORS headers at all, so the browser keeps the answer from the page. Sessions are
 * bearer tokens (never cookies), so credentials are never allowed.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]) {
  const allowed = new Set(origins.map(normalizeOrigin).filter((o): o is string => Boolean(o)));
  // Callback style, not async: this runs on every request and most have no Origin at all.
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (!origin || !request.url.startsWith('/api')) return done();
    reply.header('Vary', 'Origin');
    const normalized = normalizeOrigin(origin);
    const ok = normalized !== undefined && allowed.has(normalized);
    if (ok) reply.header('Access-Control-Allow-Origin', normalized);
    // A preflight is answered here, allowed or not: the browser reads the verdict from the headers.
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      if (ok) {
        reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
        reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
        reply.header('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      }
      reply.code(204).send();
      return;
    }
    done();
  });
}
