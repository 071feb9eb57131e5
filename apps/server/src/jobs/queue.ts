import PgBoss from 'pg-boss';
import { executorFor, type Tx } from '../db/client.ts';
import type { JobDefinition, JobDeps } from './job.ts';
import { JOBS } from './registry.ts';

const failedQueue = (name: string) => `${name}__failed`;
// pg-boss's floor is 0.5 s; pickup latency is what users wait for after a click.
const POLL_SECONDS = 0.5;


export interface JobQueue {
  /** Enqueues inside the caller's transaction, so the job exists exactly when its row does. */
  send<P extends object>(tx: Tx, job: JobDefinition, payload: P): Promise<void>;
  /** Starts handlers for every registered job in this process. */
  work(): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
}

/** pg-boss over our own connection (PGlite or PostgreSQL), so both run the same engine. */
export async function createJobQueue(deps: JobDeps, jobs: readonly JobDefinition[] = JOBS): Promise<JobQueue> {
  const boss = new PgBoss({
    db: deps.database.raw as PgBoss.Db,
    schema: 'pgboss',
    // Maintenance is what turns an expired run (a killed worker) into a retry.
    maintenanceIntervalSeconds: 30,
  });
  boss.on('error', (err) => deps.log.error({ err }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(failedQueue(job.name));
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit,
      retryDelay: job.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds,
      deadLetter: failedQueue(job.name),
    });
  }

  return {
    boss,
    async send(tx, job, payload) {
      job.payload.parse(payload);
      await boss.send(job.name, payload, { db: executorFor(tx) as PgBoss.Db });
    },
    async work() {
      for (const job of jobs) {
        for (let poller = 0; poller < (job.concurrency ?? 1); poller += 1) {
          await boss.work(job.name, { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS }, async ([item]) => {
            if (!item) return;
            const payload = job.payload.parse(item.data);
            try {
              await job.handle(deps, payload);
            } catch (err) {
              deps.log.warn({ err, job: job.name, id: item.id }, 'job attempt failed');
              throw err;
            }
          });
        }
        const onFinalFailure = job.onFinalFailure;
        if (onFinalFailure) {
          await boss.work(failedQueue(job.name), { batchSize: 1, pollingIntervalSeconds: POLL_SECONDS }, async ([item]) => {
            if (item) await onFinalFailure(deps, job.payload.parse(item.data));
          });
        }
      }
    },
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}
