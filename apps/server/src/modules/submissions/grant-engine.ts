import type { AnalysisResults, GeneratedApplication } from '@grantleaf/shared/grant-results.schema';
import type { GenerationForm, GrantProgram } from '../../ai/grant-input.ts';
import { analyseApplication } from '../../ai/offline/analysis.engine.ts';
import { draftApplication } from '../../ai/offline/generation.engine.ts';
import type { JobDeps } from '../../jobs/job.ts';

/**
 * The one seam between submissions and the AI layer (apps/server/src/ai). Swapped to the
 * provider-aware entry points when they exist; the offline engine is the default either way.
 */
export interface GrantEngine {
  draft(program: GrantProgram, form: GenerationForm): Promise<GeneratedApplication>;
  analyse(program: GrantProgram, text: string): Promise<AnalysisResults>;
}

export function createGrantEngine(_deps: Pick<JobDeps, 'env' | 'log'>): GrantEngine {
  return {
    draft: async (program, form) => draftApplication(program, form),
    analyse: async (program, text) => analyseApplication(program, text),
  };
}
