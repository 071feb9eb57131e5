import { z } from 'zod';
import { createAiProvider, type AiProvider } from '../../ai/provider.ts';
import type { Env } from '../../env.ts';
import { AI_JOB_CONCURRENCY, defineJob } from '../../jobs/job.ts';
import { failIdeaGeneration, runIdeaGeneration } from './ideas.service.ts';

/** The configured model, or null for the offline engine (the default). */
export function ideaProviderFor(env: Env): AiProvider | null {
  return createAiProvider(env);
}

export const ideaGenerationJob = defineJob({
  concurrency: AI_JOB_CONCURRENCY,
  name: 'idea-generation',
  payload: z.object({ requestId: z.string().uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  expireInSeconds: 5 * 60,
  async handle(deps, { requestId }) {
    await runIdeaGeneration({ ...deps, provider: ideaProviderFor(deps.env) }, requestId);
  },
  async onFinalFailure(deps, { requestId }) {
    await failIdeaGeneration(deps, requestId, 'the generator failed after retries');
  },
});
