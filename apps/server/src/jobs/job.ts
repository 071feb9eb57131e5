import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Mailer } from '../modules/mail/mail.service.ts';

/** What every job handler may use. Handlers create their services from these. */
export interface JobDeps {
  database: Database;
  env: Env;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

/**
 * A named side effect with a validated payload. Jobs run at least once (a killed worker's job
 * runs again), so `handle` and `onFinalFailure` must key every effect by the request they serve.
 */
export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  payload: S;
  /** Attempts after the first. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** Jobs of this kind that run at once in each worker process; AI jobs (I/O-bound) want several. */
  concurrency?: number;
  /**
   * Longer than the slowest legitimate run (an AI call); an expired run is retried. A function
   * derives it from the configuration the queue starts with (a provider's timeout and retries).
   */
  expireInSeconds: number | ((env: Env) => number);
  handle(deps: JobDeps, payload: z.infer<S>): Promise<void>;
  /** Runs once the job has failed for good (retries spent or expired): refunds, failure e-mails. */
  onFinalFailure?(deps: JobDeps, payload: z.infer<S>): Promise<void>;
}

/** Pollers for jobs that wait on a model: enough to overlap calls, few enough for one PGlite connection. */
export const AI_JOB_CONCURRENCY = 4;

export const defineJob = <S extends z.ZodType>(job: JobDefinition<S>) => job;
