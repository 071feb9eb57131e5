import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The session id lives in localStorage (spec §4), so script injection is the threat that matters:
 * no inline or foreign script may run on the app's origin.
 */
export const APP_CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React and Radix set element styles at run time; styles cannot run code.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  frameSrc: ["'self'", 'https://www.youtube-nocookie.com', 'https://player.vimeo.com'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Today's policy: nosniff, strict-origin-when-cross-origin referrers, no framing, a same-origin
 * opener and the CSP above. Helmet sends HSTS whatever the scheme, so HSTS is sent below instead,
 * only when the trusted proxy says the client used TLS.
 */
export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  frameguard: { action: 'deny' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  // Cross-origin reads of the API are CORS's decision (cors.ts), not this header's.
  crossOriginResourcePolicy: false,
  hsts: false,
};

/**
 * The headers helmet's middleware sets for `options`, computed once by running it against a
 * recording response. Our policy has no per-request parts (no nonces, no directive functions), so
 * every answer gets the same headers; @fastify/helmet instead rebuilt the middleware (parsing the
 * CSP again) on every request, the largest cost of our hooks on /api/health (ADR 1135).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Helmet's headers on every answer, set when the request arrives so that a route serving
 * something else (an upload, the API docs) can replace them with its own; HSTS behind TLS and
 * `no-store` on API answers when the answer is sent, so no route can loosen them.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders(HELMET_OPTIONS);
  // Callback style, not async: these run on every answer, and an async hook costs a promise each.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
