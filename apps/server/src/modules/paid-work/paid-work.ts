/**
 * The paid-work kernel (docs/decisions/0050-paid-work-kernel.md): the life of anything a user pays
 * credits for. A feature supplies its row (insert, find, complete, fail), its work (run) and its
 * messages (notify); the kernel does the rest the same way for every feature:
 *
 *   start     validate (the route's zod schema), then spend, insert, enqueue and bind the
 *             Idempotency-Key in one transaction;
 *   run       one AI provider from one factory, one expiry derived from AI_TIMEOUT_MS and retries;
 *   complete  results stored once (conditional on 'processing'), owner notified (keyed, so once);
 *   fail      a readable reason, one refund (the ledger's unique (reason, reference));
 *   poison    a job whose attempts keep ending with a dead worker fails for good.
 */
import type { PaidWorkKind, PaidWorkStatus } from '@grantleaf/shared/paid-work';
import { z } from 'zod';
import { createAiProvider, type AiProvider } from '../../ai/provider.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import {
  claimIdempotencyKey,
  recordIdempotentResult,
  type IdempotencyClaim,
} from '../../http/idempotency.ts';
import { AI_JOB_CONCURRENCY, defineJob, type JobDefinition, type JobDeps } from '../../jobs/job.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { refundPaidWork, spendOnPaidWork } from '../credits/index.ts';
import * as attempts from './paid-work.repository.ts';

/** A failure whose message is fit to show the user; retrying cannot fix it, so it fails at once. */
export class PaidWorkError extends Error {}

/** Attempts in a row that ended with a dead worker before the work is given up as poison. */
export const DEAD_WORKER_LIMIT = 2;
export const POISON_REASON =
  'This request stopped the service that was processing it, more than once, so it was not tried again. Your credits have been refunded.';

/** Model attempts per call: the first and two retries of a transient error (ai/provider.ts). */
const MODEL_ATTEMPTS = 3;
/** Start-up, database work and the offline checks around the model calls. */
const EXPIRY_MARGIN_SECONDS = 60;

/**
 * How long one attempt of a paid job may run before it counts as lost (a killed worker) and is
 * retried: every model attempt timing out, on the fallback too, plus a margin. JOB_EXPIRE_SECONDS
 * overrides it (the kill tests shorten it).
 */
export function paidWorkExpirySeconds(
  env: Pick<Env, 'AI_TIMEOUT_MS' | 'AI_FALLBACK_PROVIDER' | 'JOB_EXPIRE_SECONDS'>,
): number {
  if (env.JOB_EXPIRE_SECONDS) return env.JOB_EXPIRE_SECONDS;
  const providers = env.AI_FALLBACK_PROVIDER ? 2 : 1;
  return Math.ceil((env.AI_TIMEOUT_MS / 1000) * MODEL_ATTEMPTS * providers) + EXPIRY_MARGIN_SECONDS;
}

const providers = new WeakMap<Env, AiProvider | null>();
/** The configured model (with its fallback), or null for the offline engine; one per configuration. */
export function paidWorkProvider(env: Env): AiProvider | null {
  if (!providers.has(env)) providers.set(env, createAiProvider(env));
  return providers.get(env) ?? null;
}

export interface PaidWorkRow {
  id: string;
  userId: string;
  status: PaidWorkStatus;
}

export interface StartPaidWork<Row extends PaidWorkRow, Body> {
  userId: string;
  /** Tenths of a credit. */
  cost: number;
  /** The request's Idempotency-Key, when it sent one (request.idempotencyKey). */
  idempotency?: IdempotencyClaim;
  /** The organisation the member pays from (its balance, their limit; ADR 0720); else their own. */
  payFrom?: string;
  insert(tx: Tx): Promise<Row>;
  /** The API answer (201) for the new row. */
  present(row: Row): Body;
}

/** What a feature gives the kernel. */
export interface PaidWorkSpec<Row extends PaidWorkRow, Results> {
  kind: PaidWorkKind;
  /** The job's queue name. */
  name: string;
  /** The payload field that carries the row's id. */
  idField: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** Shown when an attempt failed for a reason not fit to show (a provider outage, a bug). */
  genericFailure: string;
  find(db: Tx, id: string): Promise<Row | undefined>;
  run(deps: JobDeps & { provider: AiProvider | null }, row: Row): Promise<Results>;
  /** processing → complete with the results; undefined when the row was no longer processing. */
  complete(tx: Tx, id: string, results: Results): Promise<Row | undefined>;
  /** processing → failed with the reason; undefined when the row was no longer processing. */
  fail(tx: Tx, id: string, reason: string): Promise<Row | undefined>;
  /** Mail and webhook for a complete or failed row; each keyed by the row, so sent once. */
  notify(deps: JobDeps, row: Row): Promise<void>;
}

export interface PaidWork<Row extends PaidWorkRow, Results> {
  job: JobDefinition;
  spec: PaidWorkSpec<Row, Results>;
  /** Spend, insert, enqueue and bind the Idempotency-Key, in one transaction: all or nothing. */
  start<Body>(deps: { db: Db; queue: Pick<JobQueue, 'send'> }, work: StartPaidWork<Row, Body>): Promise<Body>;
  /** One attempt at the work (what the job runs); throws to be retried. */
  run(deps: JobDeps, id: string, provider?: AiProvider | null): Promise<void>;
  /** Fails the work for good with the reason, refunds once, notifies once. */
  fail(
    deps: Pick<JobDeps, 'database'> & Partial<JobDeps>,
    id: string,
    reason: string,
  ): Promise<Row | undefined>;
}

export function definePaidWork<Row extends PaidWorkRow, Results>(
  spec: PaidWorkSpec<Row, Results>,
): PaidWork<Row, Results> {
  async function failAndRefund(db: Db, id: string, reason: string): Promise<Row | undefined> {
    return db.transaction(async (tx) => {
      const failed = await spec.fail(tx, id, reason);
      if (failed) {
        await refundPaidWork(tx, { userId: failed.userId, kind: spec.kind, workId: id });
        await attempts.forgetAttempts(tx, spec.kind, id);
      }
      return failed;
    });
  }

  async function notifyFinished(deps: Partial<JobDeps>, row: Row | undefined) {
    if (row && row.status !== 'processing' && deps.mailer && deps.env && deps.log && deps.database) {
      await spec.notify(deps as JobDeps, row);
    }
  }

  const work: PaidWork<Row, Results> = {
    spec,
    job: undefined as unknown as JobDefinition,

    async start(deps, input) {
      return deps.db.transaction(async (tx) => {
        // First, so a parallel request with the same key waits here and spends nothing.
        if (input.idempotency) await claimIdempotencyKey(tx, input.idempotency);
        const row = await input.insert(tx);
        await spendOnPaidWork(tx, {
          userId: input.userId,
          kind: spec.kind,
          workId: row.id,
          amount: input.cost,
          organisationId: input.payFrom,
        });
        await deps.queue.send(tx, work.job, { [spec.idField]: row.id });
        const body = input.present(row);
        if (input.idempotency) await recordIdempotentResult(tx, input.idempotency, 201, body);
        return body;
      });
    },

    async run(deps, id, provider = paidWorkProvider(deps.env)) {
      const db = deps.database.db;
      let row = await spec.find(db, id);
      if (!row) return;
      if (row.status === 'processing') {
        const deadInARow = await attempts.beginAttempt(db, spec.kind, id);
        if (deadInARow >= DEAD_WORKER_LIMIT) {
          deps.log.error(
            { job: spec.name, id, deadInARow },
            'paid work failed for good: its attempts ended with a dead worker',
          );
          await notifyFinished(
            deps,
            (await failAndRefund(db, id, POISON_REASON)) ?? (await spec.find(db, id)),
          );
          return;
        }
        let results: Results;
        try {
          results = await spec.run({ ...deps, provider }, row);
        } catch (err) {
          const readable = err instanceof PaidWorkError ? err.message : spec.genericFailure;
          await attempts.endAttempt(db, spec.kind, id, readable);
          if (!(err instanceof PaidWorkError)) throw err;
          await notifyFinished(deps, (await failAndRefund(db, id, readable)) ?? (await spec.find(db, id)));
          return;
        }
        row = await db.transaction(async (tx) => {
          const done = await spec.complete(tx, id, results);
          await attempts.forgetAttempts(tx, spec.kind, id);
          return done ?? spec.find(tx, id);
        });
      }
      // Notifications run on every attempt after the work finished: each is keyed by the row, so
      // a retry after a failed webhook delivery sends what is missing and nothing twice.
      await notifyFinished(deps, row);
    },

    async fail(deps, id, reason) {
      const db = deps.database.db;
      const failed = await failAndRefund(db, id, reason);
      await notifyFinished(deps, failed ?? (await spec.find(db, id)));
      return failed;
    },
  };

  const payload = z.object({ [spec.idField]: z.uuid() }) as z.ZodType<Record<string, string>>;
  work.job = defineJob({
    concurrency: AI_JOB_CONCURRENCY,
    name: spec.name,
    payload,
    retryLimit: spec.retryLimit,
    retryDelaySeconds: spec.retryDelaySeconds,
    expireInSeconds: paidWorkExpirySeconds,
    handle: (deps, data) => work.run(deps, data[spec.idField]!),
    async onFinalFailure(deps, data) {
      const id = data[spec.idField]!;
      const reason = (await attempts.findLastError(deps.database.db, spec.kind, id)) ?? spec.genericFailure;
      await work.fail(deps, id, reason);
    },
  });
  return work;
}
