import type { AnalysisResults, GeneratedApplication } from '@grantleaf/shared/grant-results.schema';
import { analyseApplication } from '../../ai/model/analyse.ts';
import { generateApplication } from '../../ai/model/generate.ts';
import { programToJudge, type GrantProgram } from '../../ai/profile/program.ts';
import { type GenerationForm } from '../../ai/read/form.ts';
import type { AiProvider } from '../../ai/provider.ts';

/** The one seam between submissions and the AI layer: the configured provider, offline by default. */
export interface GrantEngine {
  draft(program: GrantProgram, form: GenerationForm): Promise<GeneratedApplication>;
  analyse(program: GrantProgram, text: string): Promise<AnalysisResults>;
}

/** `provider` comes from the paid-work kernel's one factory (null: the offline engine). */
export function createGrantEngine(provider: AiProvider | null): GrantEngine {
  return {
    // A request is judged against the funder's cost rules only, never the catalogue's range (ADR 0530).
    draft: (program, form) => generateApplication({ program: programToJudge(program), form, provider }),
    analyse: (program, text) => analyseApplication({ program: programToJudge(program), text, provider }),
  };
}
