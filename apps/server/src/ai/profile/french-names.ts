import { z } from 'zod';
import data from '../../../data/section-names-fr.json' with { type: 'json' };

/**
 * The funders' own French names of application sections (data/section-names-fr.json, ADR 1085),
 * each with the funder's page it was read on. Only names read on a funder's page are here: a
 * section without one keeps its English name, never a name of ours.
 */

const nameSchema = z
  .object({
    programs: z.array(z.string().min(2)).min(1),
    /** The section's English header(s) as program-sections.json or the catalogue writes them. */
    en: z.array(z.string().min(1)).min(1),
    fr: z.string().min(1),
    source: z.string().url(),
    read: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    verified: z.boolean(),
    note: z.string().optional(),
  })
  .refine((n) => n.verified || n.note, {
    message: 'an unverified name says where it was read and what to check',
  });

const FILE = z.object({ about: z.string(), names: z.array(nameSchema) }).parse(data);

export interface FrenchName {
  name: string;
  source: string;
  read: string;
  /** True only when read on the program's own French instructions. */
  verified: boolean;
  note?: string;
}

/** The funder's French name of one of a program's sections, or null when none was read. */
export function frenchNameOf(programId: string, header: string): FrenchName | null {
  const found = FILE.names.find((n) => n.programs.includes(programId) && n.en.includes(header));
  if (!found) return null;
  return {
    name: found.fr,
    source: found.source,
    read: found.read,
    verified: found.verified,
    ...(found.note ? { note: found.note } : {}),
  };
}
