import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

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
 * Cross-origin reads of the API only from the configured allow-list (CORS_ORIGINS), through
 * @fastify/cors (issue 29 §5); everyone else gets no CORS headers at all, so the browser keeps the
 * answer from the page, and their preflight is refused. Sessions are bearer tokens (never cookies),
 * so credentials are never allowed.
 */
export async function registerCors(app: FastifyInstance, origins: readonly string[]) {
  const allowed = new Set(origins.map(normalizeOrigin).filter((o): o is string => Boolean(o)));
  // No allowed origin (the default): the plugin would only refuse, at a cost on every request
  // (ADR 1135). Without it no answer carries CORS headers and a preflight gets the same 404.
  if (allowed.size === 0) return;
  await app.register(cors, {
    origin: (origin, callback) => {
      const normalized = origin === undefined ? undefined : normalizeOrigin(origin);
      callback(null, normalized !== undefined && allowed.has(normalized));
    },
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    credentials: false,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
}
