import { z } from 'zod';
import { createAiProvider, type AiProvider } from '../../ai/provider.ts';
import type { Env } from '../../env.ts';
import { AI_JOB_CONCURRENCY, defineJob } from '../../jobs/job.ts';
import { failFundingSearch, runFundingSearch } from './funding.service.ts';

function providerFor(env: Env): AiProvider | null {
  return env.AI_PROVIDER === 'offline' ? null : createAiProvider(env);
}

export const fundingFinderJob = defineJob({
  concurrency: AI_JOB_CONCURRENCY,
  name: 'funding-finder',
  payload: z.object({ requestId: z.string().uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 5 * 60,
  async handle(deps, { requestId }) {
    await runFundingSearch({ db: deps.database.db, log: deps.log, provider: providerFor(deps.env) }, requestId);
  },
  async onFinalFailure(deps, { requestId }) {
    await failFundingSearch(deps.database.db, requestId, 'The funding search could not be completed. Your credit has been refunded.');
  },
});
