import { z } from 'zod';
import data from '../../../data/section-synonyms.json' with { type: 'json' };
import type { GrantProgram, ProgramSection } from '../profile/program.ts';

/**
 * Sections applicants write that the catalogue's lists do not name (apps/server/data/
 * section-synonyms.json): a resubmission's introduction or response to previous reviews, checked
 * against its own limit and never counted inside another section, and the other names applicants
 * give a funder's section ("Personal statement" for GRFP's "Personal, Relevant Background and
 * Future Goals Statement").
 */

const fileSchema = z.object({
  about: z.string(),
  optional: z.array(
    z.object({
      /** Program ids, or id prefixes ending in "-"; empty: every program without an entry of its own. */
      programs: z.array(z.string()),
      name: z.string().min(1),
      headers: z.array(z.string().min(1)).min(1),
      limit: z.string().nullable(),
      sources: z.array(z.string().url()),
      checked: z.string(),
      note: z.string(),
    }),
  ),
  synonyms: z.array(
    z.object({
      programs: z.array(z.string()).min(1),
      section: z.string().min(1),
      headers: z.array(z.string().min(1)).min(1),
    }),
  ),
});

const FILE = fileSchema.parse(data);

function applies(programs: readonly string[], id: string): boolean {
  return programs.some((p) => (p.endsWith('-') ? id.startsWith(p) : id === p));
}

/** Same words, same order, case and punctuation aside. */
export function sameHeading(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .replace(/\b(?:the|a|an)\b/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return norm(a) === norm(b);
}

export interface OptionalSection extends ProgramSection {
  /** Headings that start it in a pasted text. */
  headers: string[];
  optional: true;
  /** Where the limit was read (the response to reviews cites them); empty when no limit is claimed. */
  sources: string[];
  note: string;
}

/** The optional sections a program's applicants may add (a resubmission's introduction). */
export function optionalSections(program: Pick<GrantProgram, 'id'>): OptionalSection[] {
  const own = FILE.optional.filter((o) => o.programs.length > 0 && applies(o.programs, program.id));
  const chosen = own.length > 0 ? own : FILE.optional.filter((o) => o.programs.length === 0);
  return chosen.map((o) => ({
    name: o.name,
    limit: o.limit,
    headers: o.headers,
    optional: true,
    sources: o.sources,
    note: o.note,
  }));
}

/** Other names applicants give a section of this program. */
export function sectionSynonyms(program: Pick<GrantProgram, 'id'>, section: string): string[] {
  return FILE.synonyms
    .filter((s) => applies(s.programs, program.id) && sameHeading(s.section, section))
    .flatMap((s) => s.headers);
}
