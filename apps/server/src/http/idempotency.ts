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
 *     the stored answer quotes user content (pasted text, form inputs, file text), so its column
 *     is sealed like every other content column (ADR 0084) and expired records are swept on a
 *     timer (sweepIdempotencyKeys); the request itself is kept only as a hash;
 *   - the same key with another request gets 422;
 *   - the same key while the first request is still running gets 409.
 *
 * Every key is bound, so one key runs the work once however many requests carry it at once:
 *   - `idempotent: true`: the key is taken (a 'running' row) before the handler runs, so a
 *     parallel request with it gets 409; the answer is recorded after the handler (issue 23 L-A:
 *     10 parallel admin top-ups with one key gave +10 credits, 10 checkouts 10 Stripe sessions).
 *   - `idempotent: 'in-transaction'`, for a route that spends: it passes `request.idempotencyKey`
 *     to the transaction that spends (modules/paid-work), where `claimIdempotencyKey` and
 *     `recordIdempotentResult` write the key, so a key is either unused or bound to its answer; a
 *     crash at any moment never leaves a spend whose key a retry could run again
 *     (docs/decisions/0050).
 * Final 4xx (such as 402) and 2xx answers are kept; 5xx, 408, 409 and 429 are not (a key taken
 * ahead is let go), so the client may retry those with the same key.
 *
 * app.ts registers `idempotency` once, before the routes; it attaches its hooks to each route that
 * opts in as the route is declared (skip-override, so routes in every plugin are seen).
 */
import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { badRequest, conflict, unprocessable } from '../errors.ts';
import { idempotencyKeys } from '../modules/credits/credits.schema.ts';
import { currentUser } from './auth-guard.ts';
import { hookList } from './hooks.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour the Idempotency-Key header (see http/idempotency.ts). Needs auth or admin. */
    idempotent?: boolean | 'in-transaction';
  }
  interface FastifyRequest {
    /** Set when the request carries a key not used before; see claimIdempotencyKey. */
    idempotencyKey?: IdempotencyClaim;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_HOURS = 24;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
// Answers a retry may change: they are not kept, so the same key can try again.
const TRANSIENT = new Set([408, 409, 429]);

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

/**
 * Deletes the records past their 24 hours. The credits module's `idempotency-sweep` job runs it on
 * a timer (every 10 minutes), so a stored answer does not outlive its use however few keys arrive
 * (it used to run once every 200 claims, which could leave answers for days; issue 23 M-B).
 */
export async function sweepIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, expiry))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

/** A request's key, not used before when the request arrived. */
export interface IdempotencyClaim {
  userId: string;
  key: string;
  requestHash: string;
  /** True once the handler's transaction recorded its answer. */
  bound?: boolean;
  /** True when the plugin took the key before the handler ('running' row): onSend settles it. */
  held?: boolean;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const STILL_RUNNING = 'A request with this Idempotency-Key is still being processed';
const expiry = sql`now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`;
const keyOf = (claim: { userId: string; key: string }) =>
  and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));

/**
 * Takes the key inside the transaction that spends: a parallel request with the same key waits
 * on the row and then gets 409 (its own spend rolls back with it); the winner's key commits only
 * together with its spend.
 */
export async function claimIdempotencyKey(tx: Tx, claim: IdempotencyClaim): Promise<void> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, key: claim.key, requestHash: claim.requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (inserted.length === 0) throw conflict(STILL_RUNNING);
}

/** Binds the claimed key to its answer, in the same transaction as the spend it answers for. */
export async function recordIdempotentResult(
  tx: Tx,
  claim: IdempotencyClaim,
  status: number,
  body: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({
      state: 'done',
      responseStatus: status,
      responseType: JSON_TYPE,
      responseBody: JSON.stringify(body),
    })
    .where(keyOf(claim));
  claim.bound = true;
}

/** An answer of a route that did not bind its key in a transaction (a final 4xx, or a route without a spend). */
async function recordAfterwards(
  db: Db,
  claim: IdempotencyClaim,
  status: number,
  type: string | null,
  body: string,
) {
  const answer = { state: 'done' as const, responseStatus: status, responseType: type, responseBody: body };
  if (claim.held) {
    await db.update(idempotencyKeys).set(answer).where(keyOf(claim));
    return;
  }
  const { held: _held, bound: _bound, ...row } = claim;
  await db
    .insert(idempotencyKeys)
    .values({ ...row, ...answer })
    .onConflictDoNothing();
}

/** Takes a key ahead of the handler; false when another request holds it (or just finished). */
async function holdKey(db: Db, claim: IdempotencyClaim): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ userId: claim.userId, key: claim.key, requestHash: claim.requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

const idempotencyPlugin: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const holdAhead = request.routeOptions.config.idempotent === true;
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_PATTERN.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const user = currentUser(request);
    const hash = requestHash(request);
    const [found] = await db
      .select({ row: idempotencyKeys, expired: sql<boolean>`${idempotencyKeys.createdAt} < ${expiry}` })
      .from(idempotencyKeys)
      .where(keyOf({ userId: user.id, key }));
    // An expired record frees its key for this new request.
    if (found?.expired)
      await db
        .delete(idempotencyKeys)
        .where(and(keyOf({ userId: user.id, key }), lt(idempotencyKeys.createdAt, expiry)));
    const row = found && !found.expired ? found.row : undefined;
    if (!row) {
      const claim: IdempotencyClaim = { userId: user.id, key, requestHash: hash };
      if (holdAhead) {
        // One insert decides between parallel requests: the others wait for the answer (409).
        if (!(await holdKey(db, claim))) throw conflict(STILL_RUNNING);
        claim.held = true;
      }
      request.idempotencyKey = claim;
      return;
    }
    if (row.requestHash !== hash) {
      throw unprocessable('This Idempotency-Key was already used with a different request');
    }
    // A 'running' row is a spend in flight, or one written before keys were bound to their
    // answer; either way only its own transaction may finish it: never run the work again.
    if (row.state !== 'done' || row.responseStatus == null) throw conflict(STILL_RUNNING);
    reply.header('idempotent-replayed', 'true').code(row.responseStatus);
    if (row.responseType) reply.type(row.responseType);
    return reply.send(row.responseBody ?? '');
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyKey;
    if (!claim || claim.bound) return payload;
    request.idempotencyKey = undefined;
    const status = reply.statusCode;
    const keep = status < 500 && !TRANSIENT.has(status) && (typeof payload === 'string' || payload == null);
    try {
      if (!keep) {
        // An answer a retry may change: the key taken ahead is let go for that retry.
        if (claim.held) await db.delete(idempotencyKeys).where(keyOf(claim));
        return payload;
      }
      const type = reply.getHeader('content-type');
      await recordAfterwards(
        db,
        claim,
        status,
        typeof type === 'string' ? type : null,
        (payload as string | null) ?? '',
      );
    } catch (err) {
      // The answer itself is fine; the key simply stays unused.
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
