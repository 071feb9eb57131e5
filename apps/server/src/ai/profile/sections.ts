import type {
  ProgramFamily,
  ProgramSectionSpec,
  ProgramSectionsEntry,
  SectionLimit,
  SectionTopic,
} from '@grantleaf/shared/program-sections.schema';
import type { GrantProgram } from './program.ts';
import { topicsForSection } from './rubric.ts';
import { parseLimit } from '../text/limits.ts';
import { attachmentSections, programSections } from './catalogue.ts';
import { loadProgramSections } from './data.ts';

/**
 * The application's shape per program (apps/server/data/program-sections.json): the funder's
 * sections, headers, order and limits. A program without an entry is shaped from its catalogue
 * sections when it has them, from the file's general template otherwise.
 */

export interface ProgramShape {
  entry: ProgramSectionsEntry;
  /** "program": the funder's own instructions; "catalogue": the catalogue's section list; "general": the template. */
  basis: 'program' | 'catalogue' | 'general';
  /** Catalogue sections filed beside the narrative (forms, CVs): listed, not written. */
  attachments: string[];
}

export function programShape(program: GrantProgram): ProgramShape {
  const file = loadProgramSections();
  const own = file.programs[program.id];
  if (own) return { entry: own, basis: 'program', attachments: [] };
  const { sections, general } = programSections(program);
  const family = file.families.find((f) => f.programs.some((prefix) => program.id.startsWith(prefix)));
  if (general) return { entry: withFamily(file.general, family), basis: 'general', attachments: [] };
  const shaped = fromCatalogue(sections, attachmentSections(program), file.general);
  return { ...shaped, entry: withFamily(shaped.entry, family), basis: 'catalogue' };
}

const familyEntries = new WeakMap<ProgramSectionsEntry, Map<string, ProgramSectionsEntry>>();

/** The template's questions in the family's words, where the family words a need otherwise. */
function withFamily(entry: ProgramSectionsEntry, family: ProgramFamily | undefined): ProgramSectionsEntry {
  if (!family) return entry;
  let byFamily = familyEntries.get(entry);
  if (!byFamily) familyEntries.set(entry, (byFamily = new Map()));
  const cached = byFamily.get(family.id);
  if (cached) return cached;
  const worded = new Map(family.asks.map((a) => [a.need, a.question]));
  const result = {
    ...entry,
    sections: entry.sections.map((s) => ({
      ...s,
      asks: s.asks.map((a) => ({ ...a, question: worded.get(a.need) ?? a.question })),
    })),
  };
  byFamily.set(family.id, result);
  return result;
}

/**
 * Words a page holds under the program's formatting rules, stated once per program in
 * program-sections.json beside the rule it comes from; drafts and the reviewer both read it here.
 */
export function programWordsPerPage(program: GrantProgram): number {
  return programShape(program).entry.wordsPerPage;
}

/**
 * A catalogue list turned into the same shape: each topic is written by the first section that
 * asks for it, and topics no section asks for go into the main narrative, so nothing is said twice.
 */
function fromCatalogue(
  sections: { name: string; limit?: string | null }[],
  attachments: Set<string>,
  general: ProgramSectionsEntry,
): { entry: ProgramSectionsEntry; attachments: string[] } {
  const narrative = sections.filter((s) => !attachments.has(s.name));
  const taken = new Set<SectionTopic>();
  const specs: ProgramSectionSpec[] = narrative.map((s, i) => {
    const asked = topicsForSection(s.name).filter((t) => !taken.has(t));
    asked.forEach((t) => taken.add(t));
    const parsed = parseLimit(s.limit);
    const limit: SectionLimit | null = parsed
      ? { max: parsed.max, unit: parsed.unit, kind: 'maximum', note: `The catalogue states "${s.limit}".` }
      : null;
    return {
      id: `section-${i + 1}`,
      header: s.name,
      limit,
      guidance: s.limit ? `${s.name} (${s.limit}).` : s.name,
      topics: asked,
      feeds: ['projectOverview'],
      asks: [],
    };
  });
  const main = specs.find((s) => s.topics.includes('methods')) ?? specs[0];
  for (const spec of general.sections) {
    for (const topic of spec.topics) {
      if (taken.has(topic) || !main) continue;
      main.topics.push(topic);
      taken.add(topic);
    }
  }
  // The general template's questions follow the topics they belong to.
  for (const spec of specs) {
    spec.asks = general.sections
      .filter((g) => g.topics.some((t) => spec.topics.includes(t)))
      .flatMap((g) => g.asks);
  }
  return {
    entry: {
      sources: general.sources,
      formatting: general.formatting,
      wordsPerPage: general.wordsPerPage,
      sharedLimits: [],
      sections: specs,
      rules: {},
    },
    attachments: sections.filter((s) => attachments.has(s.name)).map((s) => s.name),
  };
}
