import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import type { Runtime } from '../contract.ts';
import { syncSimplerGrants } from './simpler-grants-sync.ts';

/**
 * The daily simpler.grants.gov sync (ADR 170). Scheduled by the programs module's start-up only
 * when SIMPLER_GRANTS_API_KEY is set; a run that finds no key (removed since) does nothing.
 * Requests are retried inside the run, so the job itself is not: a failed run is recorded and
 * the next day's run starts over.
 */
export const simplerGrantsSyncJob = defineJob({
  name: 'simpler-grants-sync',
  payload: z.object({}).passthrough(),
  retryLimit: 0,
  retryDelaySeconds: 60,
  // 100 pages, each with up to five tries and their waits, stay well inside this.
  expireInSeconds: 60 * 60,
  async handle(deps) {
    const apiKey = deps.env.SIMPLER_GRANTS_API_KEY;
    if (!apiKey) {
      deps.log.info('simpler.grants.gov sync skipped: SIMPLER_GRANTS_API_KEY is not set');
      return;
    }
    const summary = await syncSimplerGrants(deps.database.db, {
      apiKey,
      baseUrl: deps.env.SIMPLER_GRANTS_BASE_URL,
      log: deps.log,
    });
    if (summary.error) deps.log.error(summary, 'simpler.grants.gov sync stopped');
    else deps.log.info(summary, 'simpler.grants.gov sync done');
  },
});

// Daily at 06:30 UTC: after the overnight Grants.gov postings and the 00:05 catalogue refresh.
const SYNC_CRON = '30 6 * * *';

/**
 * pg-boss keeps schedules in the database, so the schedule follows the key at every start: set
 * when a key is configured, removed when it is not (the contract's static `schedules` cannot
 * depend on configuration).
 */
export async function scheduleSimplerGrantsSync(runtime: Runtime): Promise<void> {
  if (runtime.env.SIMPLER_GRANTS_API_KEY)
    await runtime.queue.boss.schedule(simplerGrantsSyncJob.name, SYNC_CRON, {}, { tz: 'UTC' });
  else await runtime.queue.boss.unschedule(simplerGrantsSyncJob.name);
}
