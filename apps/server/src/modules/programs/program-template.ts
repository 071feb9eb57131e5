import type { ApplicationTemplate } from '@grantleaf/shared/programs.schema';
import { loadProgramSections } from '../../ai/profile/data.ts';
import { PROGRAM_CRITERIA } from '../../ai/profile/data.ts';

/**
 * A program's application template as the funder publishes it (issue 14 §1): the sections in the
 * funder's order with their limits (program-sections.json) and what reviewers look for under each
 * merit criterion, with the funder's scale (program-criteria.json). The drafting engine reads the
 * same files; a program without an entry in either has no template (null), never a guessed one.
 */
export function applicationTemplate(programId: string): ApplicationTemplate | null {
  const sections = loadProgramSections().programs[programId];
  const requirements = PROGRAM_CRITERIA.programs[programId];
  if (!sections && !requirements) return null;
  return {
    formatting: sections?.formatting ?? null,
    sections: (sections?.sections ?? []).map((s) => ({
      header: s.header,
      limit: s.limit,
      guidance: s.guidance,
    })),
    criteria: (requirements?.criteria ?? []).map((criterion) => ({
      name: criterion.name,
      weight: criterion.weight,
      elements: criterion.elements.map((element) => {
        const own = typeof element === 'string' ? { id: element } : element;
        const base = PROGRAM_CRITERIA.elements[own.id]!;
        return { label: own.label ?? base.label, expects: own.expects ?? base.expects };
      }),
    })),
    scale: requirements?.scale ?? null,
    sources: [...new Set([...(sections?.sources ?? []), ...(requirements ? [requirements.source] : [])])],
  };
}
