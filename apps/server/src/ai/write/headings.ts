import type { GrantProgram } from '../profile/program.ts';
import { frenchNameOf } from '../profile/french-names.ts';
import type { DraftLanguage } from './phrases/index.ts';

/**
 * A section's heading in the draft's language (issue 31 §2, ADR 1140): in French, the funder's
 * own French name where one was read on its pages (ADR 1085, its `verified` flag kept in the
 * draft's `sectionNames`); otherwise the funder's English header, never a translation of ours.
 */
export function sectionHeading(
  m: { program: Pick<GrantProgram, 'id'>; language: DraftLanguage },
  header: string,
): string {
  if (m.language !== 'fr') return header;
  return frenchNameOf(m.program.id, header)?.name ?? header;
}
