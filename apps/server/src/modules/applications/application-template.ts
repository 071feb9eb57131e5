import type { ProgramSectionsEntry } from '@grantleaf/shared/program-sections.schema';
import { emptyDoc } from '@grantleaf/shared/application-document.schema';
import { programSectionSpecs } from '../../ai/write/draft.ts';
import type { Tx } from '../../db/client.ts';
import { findProgramById } from '../programs/index.ts';
import type { ApplicationRow, StoredSection } from './applications.schema.ts';

/** An application's shape: its program's template of sections, limits and guidance (ADR 0110). */

type Program = NonNullable<Awaited<ReturnType<typeof findProgramById>>>;

/** A program and the shape of its application (program-sections.json, or its catalogue sections). */
export async function programTemplate(
  db: Tx,
  programId: string | null,
): Promise<{ program: Program; entry: ProgramSectionsEntry } | null> {
  if (!programId) return null;
  const program = await findProgramById(db, programId);
  return program ? { program, entry: programSectionSpecs(program) } : null;
}

export const emptySections = (entry: ProgramSectionsEntry): StoredSection[] =>
  entry.sections.map((s) => ({ id: s.id, header: s.header, doc: emptyDoc() }));

/** The stored sections in the template's order with the template's limits and guidance. */
export async function shapedSections(db: Tx, row: ApplicationRow) {
  const template = await programTemplate(db, row.programId);
  const specs = template?.entry.sections ?? [];
  const order = (id: string) => {
    const i = specs.findIndex((s) => s.id === id);
    return i < 0 ? specs.length : i;
  };
  const sections = [...row.sections]
    .sort((a, b) => order(a.id) - order(b.id))
    .map((s) => {
      const spec = specs.find((p) => p.id === s.id);
      return { ...s, limit: spec?.limit ?? null, guidance: spec?.guidance ?? '' };
    });
  return { template, sections, wordsPerPage: template?.entry.wordsPerPage ?? 500 };
}
