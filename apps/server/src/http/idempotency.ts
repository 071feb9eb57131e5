/**
 * Idempotency-Key for paid (and other retry-prone) POST routes.
 *
 * Usage — mark the route, nothing else:
 *
 *   app.post('/api/things', { config: { auth: true, idempotent: true }, schema: { body } }, handler);
 *
 * The route must also require a user (`auth: true` or `admin: true`): keys are kept per user.
 * A client may then send `Idempotency-Key: <1-255 visible ASCII chars>`; without the header the
 * route behaves as usual. Within 24 hours, per user and key:
 *   - the same key with the same request (method, URL, body) replays the first answer (status,
 *     content type and body), with the header `Idempotent-Replayed: true`, and runs nothing;
 *   - the same key with another request gets 422;
 *   - the same key while the first request is still running gets 409.
 * 2xx and final 4xx answers (400, 402, 404, 413, ...) are kept; 5xx, 408, 409 and 429 are not, so
 * the client may retry those with the same key. A claim left 'running' by a crashed process is
 * taken over after RUNNING_LEASE_SECONDS.
 *
 * app.ts registers `idempotency` once, before the routes; it attaches its hooks to each route that
 * opts in as the route is declared (skip-override, so routes in every plugin are seen).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { badRequest, conflict, unprocessable } from '../errors.ts';
import { idempotencyKeys } from '../modules/credits/credits.schema.ts';
import { currentUser } from './auth-guard.ts';
import { hookList } from './hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header (see http/idempotency.ts). Needs auth or admin. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyClaim?: { userId: string; key: string };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_HOURS = 24;
const RUNNING_LEASE_SECONDS = 300;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
// Answers a retry may change: they are not kept, so the same key can try again.
const TRANSIENT = new Set([408, 409, 429]);
const SWEEP_EVERY = 200;

/** A stable text for a JSON body: object keys sorted, so key order never makes two bodies differ. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonical(request.body)}`)
    .digest('hex');
}

type KeyRow = typeof idempotencyKeys.$inferSelect;

/** Claims (userId, key) for this request, or returns the row that already holds it. */
async function claimKey(db: Db, userId: string, key: string, hash: string): Promise<{ claimed: true } | { claimed: false; row: KeyRow }> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          or(
            lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`),
            and(
              eq(idempotencyKeys.state, 'running'),
              lt(idempotencyKeys.createdAt, sql`now() - make_interval(secs => ${RUNNING_LEASE_SECONDS})`),
            ),
          ),
        ),
      );
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { claimed: true };
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    // Gone between the insert and the select (its owner failed and released it): try again.
    if (row) return { claimed: false, row };
  }
  throw conflict('A request with this Idempotency-Key is still being processed');
}

async function releaseKey(db: Db, claim: { userId: string; key: string }) {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key), eq(idempotencyKeys.state, 'running')));
}

async function completeKey(db: Db, claim: { userId: string; key: string }, status: number, type: string | null, body: string) {
  await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, responseType: type, responseBody: body })
    .where(and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key)));
}

const idempotencyPlugin: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  let claims = 0;

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const user = currentUser(request);
    const hash = requestHash(request);
    const result = await claimKey(db, user.id, key, hash);
    claims += 1;
    if (claims % SWEEP_EVERY === 0) {
      await db
        .delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`));
    }
    if (result.claimed) {
      request.idempotencyClaim = { userId: user.id, key };
      return;
    }
    const { row } = result;
    if (row.requestHash !== hash) {
      throw unprocessable('This Idempotency-Key was already used with a different request');
    }
    if (row.state !== 'done' || row.responseStatus == null) {
      throw conflict('A request with this Idempotency-Key is still being processed');
    }
    reply.header('idempotent-replayed', 'true').code(row.responseStatus);
    if (row.responseType) reply.type(row.responseType);
    return reply.send(row.responseBody ?? '');
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = undefined;
    const status = reply.statusCode;
    const keep = status < 500 && !TRANSIENT.has(status) && (typeof payload === 'string' || payload == null);
    try {
      if (keep) {
        const type = reply.getHeader('content-type');
        await completeKey(db, claim, status, typeof type === 'string' ? type : null, (payload as string | null) ?? '');
      } else {
        await releaseKey(db, claim);
      }
    } catch (err) {
      // The answer itself is fine; a key left 'running' frees itself after the lease.
      request.log.error({ err }, 'idempotency record failed');
    }
    return payload;
  };

  // Only the routes that opt in carry the hooks; every other request skips them entirely.
  app.addHook('onRoute', (route) => {
    if (!(route.config as FastifyContextConfig | undefined)?.idempotent) return;
    route.preHandler = [preHandler, ...hookList(route.preHandler)];
    route.onSend = [...hookList(route.onSend), onSend];
  });
};

// Hooks apply to every route of the app, not only inside this plugin (what fastify-plugin does).
(idempotencyPlugin as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export const idempotency = idempotencyPlugin;
