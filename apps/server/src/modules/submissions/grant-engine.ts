import type { AnalysisResults, GeneratedApplication } from '@grantleaf/shared/grant-results.schema';
import { analyseApplication, generateApplication } from '../../ai/grant-ai.ts';
import type { GenerationForm, GrantProgram } from '../../ai/grant-input.ts';
import { createAiProvider, type AiProvider } from '../../ai/provider.ts';
import type { Env } from '../../env.ts';

/** The one seam between submissions and the AI layer: the configured provider, offline by default. */
export interface GrantEngine {
  draft(program: GrantProgram, form: GenerationForm): Promise<GeneratedApplication>;
  analyse(program: GrantProgram, text: string): Promise<AnalysisResults>;
}

const providers = new WeakMap<Env, AiProvider | null>();

export function createGrantEngine(deps: { env: Env }): GrantEngine {
  if (!providers.has(deps.env)) providers.set(deps.env, createAiProvider(deps.env));
  const provider = providers.get(deps.env) ?? null;
  return {
    draft: (program, form) => generateApplication({ program, form, provider }),
    analyse: (program, text) => analyseApplication({ program, text, provider }),
  };
}
