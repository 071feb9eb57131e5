import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 * The standard headers come from @fastify/helmet (issue 29 §5), configured to today's policy:
 * nosniff, strict-origin-when-cross-origin referrers, no framing, a same-origin opener, and the CSP
 * above on every answer (a route that serves something else, such as an upload, sets its own).
 * Helmet sends HSTS whatever the scheme, so HSTS stays here, sent only when the trusted proxy says
 * the client used TLS, with `no-store` on API answers.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: APP_CSP_DIRECTIVES },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Cross-origin reads of the API are CORS's decision (cors.ts), not this header's.
    crossOriginResourcePolicy: false,
    hsts: false,
  });
  // Callback style, not async: it runs on every answer.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
