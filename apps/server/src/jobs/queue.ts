import PgBoss from 'pg-boss';
import type { Tx } from '../db/client.ts';
import { executorFor } from '../db/pg-boss-executor.ts';
import type { JobDefinition, JobDeps } from './job.ts';

const failedQueue = (name: string) => `${name}__failed`;
// The fallback for what sends no wake-up (retries coming due, dead letters, cron, a listener that
// lost its connection). pg-boss 10's floor is 0.5 s.
const POLL_SECONDS = 0.5;
/** NOTIFY channel a send wakes workers on; the payload is the queue name. See docs/decisions/0022. */
export const WAKE_CHANNEL = 'grantleaf_jobs';

export interface JobQueue {
  /**
   * Enqueues inside the caller's transaction, so the job exists exactly when its row does, and
   * wakes a worker of that job, in any process, when the transaction commits.
   */
  send<P extends object>(tx: Tx, job: JobDefinition, payload: P): Promise<void>;
  /** Starts handlers for every registered job in this process. */
  work(): Promise<void>;
  stop(): Promise<void>;
  boss: PgBoss;
}

/** pg-boss over our own connection (PGlite or PostgreSQL), so both run the same engine. */
export async function createJobQueue(
  deps: JobDeps,
  jobs: readonly JobDefinition[],
  opts: { pollingIntervalSeconds?: number } = {},
): Promise<JobQueue> {
  const pollingIntervalSeconds = opts.pollingIntervalSeconds ?? POLL_SECONDS;
  const boss = new PgBoss({
    db: deps.database.raw as PgBoss.Db,
    schema: 'pgboss',
    // Maintenance is what turns an expired run (a killed worker) into a retry.
    maintenanceIntervalSeconds: deps.env.JOB_MAINTENANCE_SECONDS ?? 30,
  });
  boss.on('error', (err) => deps.log.error({ err }, 'job queue error'));
  await boss.start();
  for (const job of jobs) {
    await boss.createQueue(failedQueue(job.name));
    const settings = {
      name: job.name,
      retryLimit: job.retryLimit,
      retryDelay: deps.env.JOB_RETRY_DELAY_SECONDS ?? job.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds:
        typeof job.expireInSeconds === 'function' ? job.expireInSeconds(deps.env) : job.expireInSeconds,
      deadLetter: failedQueue(job.name),
    };
    await boss.createQueue(job.name, settings);
    // createQueue leaves a queue that exists as it was (pg-boss inserts ON CONFLICT DO NOTHING), so
    // a changed expiry or retry setting (a new JOB_EXPIRE_SECONDS, a job's new retry limit, a test
    // started on a copy of the migrated template) would never apply: every start writes them.
    await boss.updateQueue(job.name, settings);
  }

  const pollers = new Map<string, Poller[]>();
  let unlisten: (() => Promise<void>) | undefined;

  /** One poller per wake-up, an idle one first: waking all of them would only add empty fetches. */
  const wake = (queue: string) => {
    const list = pollers.get(queue);
    if (!list?.length) return;
    const poller = list.find((p) => !p.busy) ?? list[0]!;
    // Rotate, so a burst of sends wakes the pollers in turn.
    list.push(...list.splice(list.indexOf(poller), 1));
    if (poller.id) boss.notifyWorker(poller.id);
  };

  const startPoller = async (queue: string, handle: (item: PgBoss.Job<unknown>) => Promise<void>) => {
    const poller: Poller = { id: undefined, busy: false };
    poller.id = await boss.work(queue, { batchSize: 1, pollingIntervalSeconds }, async ([item]) => {
      if (!item) return;
      poller.busy = true;
      try {
        await handle(item);
      } finally {
        poller.busy = false;
        // A poller that found a job looks again at once: pg-boss 10 would otherwise wait out its
        // interval even with a backlog. One that found none sleeps until woken or polled.
        if (poller.id) boss.notifyWorker(poller.id);
      }
    });
    pollers.set(queue, [...(pollers.get(queue) ?? []), poller]);
  };

  return {
    boss,
    async send(tx, job, payload) {
      job.payload.parse(payload);
      const db = executorFor(tx);
      await boss.send(job.name, payload, { db: db as PgBoss.Db });
      // Delivered at commit (at once outside a transaction), never for a rolled-back send.
      await db.executeSql('SELECT pg_notify($1, $2)', [WAKE_CHANNEL, job.name]);
    },
    async work() {
      for (const job of jobs) {
        for (let poller = 0; poller < (job.concurrency ?? 1); poller += 1) {
          await startPoller(job.name, async (item) => {
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
          await startPoller(failedQueue(job.name), (item) =>
            onFinalFailure(deps, job.payload.parse(item.data)),
          );
        }
      }
      try {
        unlisten = await deps.database.listen(WAKE_CHANNEL, wake);
      } catch (err) {
        deps.log.warn({ err }, 'job wake-ups unavailable: workers fall back to polling');
      }
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

interface Poller {
  id: string | undefined;
  busy: boolean;
}
