import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { RateLimiter } from '../http/rate-limit.ts';
import type { JobDefinition } from '../jobs/job.ts';
import type { Logger } from 'pino';
import type { Database } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { Mailer } from './mail/mail.service.ts';
import type { AuthService } from './auth/auth.service.ts';

/**
 * What one feature module contributes to the app (docs/decisions/0053-module-contract.md). Each
 * module folder exports one of these from its index.ts; app.ts, the start-up and the job queue
 * loop over the list in modules/index.ts, so adding a feature is one line there.
 */
export interface AppModule {
  name: string;
  /** Registers the module's routes (and builds its services from the context). */
  routes?: (app: FastifyInstance, context: RouteContext) => PromiseLike<unknown>;
  /** Job kinds this module's routes enqueue or its schedules start. */
  jobs?: readonly JobDefinition[];
  /** Cron schedules (UTC) of its jobs; pg-boss runs each once, whatever the process count. */
  schedules?: readonly Schedule[];
  /** Work done once before the server listens (after migrations), e.g. seeding the catalogue. */
  startup?: (runtime: Runtime) => Promise<void>;
  /** The tables this module holds for a user: one JSON file each in the privacy export. */
  exportSections?: readonly ExportSection[];
}

export interface Schedule {
  job: JobDefinition;
  cron: string;
}

export interface ExportSection {
  file: string;
  table: string;
  /** Which rows belong to the user. */
  where: (userId: string) => SQL;
}

/**
 * The long-lived parts one process holds, built by runtime.ts: shared by the API (main.ts), workers
 * (worker.ts) and tests, and handed to every module.
 */
export interface Runtime {
  env: Env;
  log: Logger;
  database: Database;
  mailer: Mailer;
  queue: JobQueue;
  close(): Promise<void>;
}

/** What app.ts hands every module's routes: the runtime and the request-path services it shares. */
export interface RouteContext {
  runtime: Runtime;
  auth: AuthService;
  limiter: RateLimiter;
  /** Every module's export sections, for the account module's privacy export. */
  exportSections: readonly ExportSection[];
}
