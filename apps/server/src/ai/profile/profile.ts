import type { ProgramCostRules } from '@grantleaf/shared/cost-rules.schema';
import type { FunderScale } from '@grantleaf/shared/program-criteria.schema';
import type {
  ProgramRules,
  ProgramSectionSpec,
  ProgramSectionsEntry,
  SectionLimit,
} from '@grantleaf/shared/program-sections.schema';
import { costRulesFor } from '../../modules/programs/cost-rules.ts';
import { optionalSections, sectionSynonyms } from '../assess/section-synonyms.ts';
import type { GrantProgram } from './program.ts';
import { parseLimit } from '../text/limits.ts';
import { attachmentsAmong, GENERAL_SECTIONS, programSections, requiresPartner } from './catalogue.ts';
import { programRequirements, type ResolvedCriterion, type ResolvedElement } from './criteria.ts';
import { limitText } from './data.ts';
import { frenchNameOf, type FrenchName } from './french-names.ts';
import { languagesOf, type ProgramLanguages } from './languages.ts';
import { programShape } from './sections.ts';

/**
 * One program, as every engine reads it (issue 24 §2, ADR 0241): built once from the catalogue
 * record and the data files — the funder's application shape (program-sections.json), its
 * criteria, weights, scale and required elements (program-criteria.json), its optional sections
 * and other section names (section-synonyms.json), its cost rules (cost-rules.json) and the
 * languages it accepts (program-languages.json). The writer, the checks and the reviewer take
 * their sections, limits and criteria from here and nowhere else.
 */

/** Where a part of the profile comes from: the funder's own data file, the catalogue record, or the general template. */
export type ProfileBasis = 'program' | 'catalogue' | 'general';

export interface ProfileSection {
  /** The header as the funder asks for it. */
  name: string;
  /** The limit as its source states it ("12 pages", "10 pages (12 for French) incl. figures"). */
  limit: string | null;
  /** The same limit, counted: null when it is not a number of pages, words or characters. */
  counted: SectionLimit | null;
  /** Other headings applicants give it (GRFP's "Personal statement"); matched exactly. */
  aliases: string[];
  /** Written only by some applicants (a resubmission's introduction): checked when present, never missing. */
  optional: boolean;
  /** A form, CV or letter filed beside the narrative: listed, never written or expected in the text. */
  attachment: boolean;
  /** The funder's own French name, read on its French page (ADR 1085); null when none was read. */
  french: FrenchName | null;
}

export interface ProgramProfile {
  id: string;
  name: string;
  agency: string | null;
  currency: string;
  /** The catalogue record the profile was built from (funding range, eligibility, duration). */
  record: GrantProgram;
  basis: { sections: ProfileBasis; criteria: ProfileBasis };
  /** The funder pages the sections and criteria were read from. */
  sources: string[];
  /** The formatting rule a page limit assumes, and the words a page is counted at. */
  formatting: string;
  wordsPerPage: number;
  /** The application's sections in the funder's order: the one list the writer and the checks read. */
  sections: ProfileSection[];
  /** Limits the funder sets on several sections together (NIH's Research Strategy, 12 pages). */
  sharedLimits: { header: string; sections: string[]; limit: SectionLimit }[];
  /** A resubmission's own section (NIH introduction, 1 page; CIHR response to reviews, 2 pages), if the program has one. */
  resubmission: ProfileSection | null;
  /** What the writer composes each section from (topics, applicant fields, questions). */
  writing: ProgramSectionsEntry;
  rules: ProgramRules;
  criteria: ResolvedCriterion[];
  scale: FunderScale | null;
  criteriaSource: string;
  /** Every element some criterion requires, once. */
  requiredElements: ResolvedElement[];
  costRules: ProgramCostRules | null;
  requiresPartner: boolean;
  languages: ProgramLanguages;
}

const cache = new WeakMap<GrantProgram, ProgramProfile>();

/** The program's profile; built once per catalogue record object. */
export function profileOf(program: GrantProgram): ProgramProfile {
  const hit = cache.get(program);
  if (hit) return hit;
  const profile = build(program);
  cache.set(program, profile);
  return profile;
}

function build(program: GrantProgram): ProgramProfile {
  const shape = programShape(program);
  const requirements = programRequirements(program);
  const withAliases = (s: Omit<ProfileSection, 'aliases' | 'french'>): ProfileSection => ({
    ...s,
    aliases: sectionSynonyms(program, s.name),
    french: frenchNameOf(program.id, s.name),
  });
  let sections: ProfileSection[];
  if (shape.basis === 'program') {
    const attachments = attachmentsAmong(shape.entry.sections.map((s) => ({ name: s.header })));
    sections = shape.entry.sections.map((s: ProgramSectionSpec) =>
      withAliases({
        name: s.header,
        limit: s.limit ? limitText(s.limit) : null,
        counted: s.limit,
        optional: false,
        attachment: attachments.has(s.header),
      }),
    );
  } else {
    const listed = shape.basis === 'general' ? GENERAL_SECTIONS : programSections(program).sections;
    const attachments = attachmentsAmong(listed);
    sections = listed.map((s) =>
      withAliases({
        name: s.name,
        limit: s.limit ?? null,
        counted: countedLimit(s.limit),
        optional: false,
        attachment: attachments.has(s.name),
      }),
    );
  }
  const optional = optionalSections(program)
    .filter((o) => !sections.some((s) => s.name === o.name))
    .map((o) => ({
      name: o.name,
      limit: o.limit ?? null,
      counted: countedLimit(o.limit),
      aliases: o.headers,
      optional: true,
      attachment: false,
      french: frenchNameOf(program.id, o.name),
    }));
  const elements = new Map<string, ResolvedElement>();
  for (const c of requirements.criteria)
    for (const e of c.elements) if (!elements.has(e.id)) elements.set(e.id, e);
  const costRules = costRulesFor(program.id);
  return {
    id: program.id,
    name: program.name,
    agency: program.agency ?? null,
    currency: program.currency ?? costRules?.currency ?? 'USD',
    record: program,
    basis: { sections: shape.basis, criteria: requirements.basis },
    sources: [...new Set([...shape.entry.sources, requirements.source])],
    formatting: shape.entry.formatting,
    wordsPerPage: shape.entry.wordsPerPage,
    sections: [...sections, ...optional],
    sharedLimits: shape.entry.sharedLimits.map((l) => ({
      ...l,
      sections: l.sections.map((id) => shape.entry.sections.find((s) => s.id === id)?.header ?? id),
    })),
    resubmission: optional[0] ?? null,
    writing: shape.entry,
    rules: shape.entry.rules,
    criteria: requirements.criteria,
    scale: requirements.scale,
    criteriaSource: requirements.source,
    requiredElements: [...elements.values()],
    costRules,
    requiresPartner: requiresPartner(program),
    languages: languagesOf(program.id),
  };
}

/** "5 pages incl. figures" → 5 pages; "~2,000 characters" → 2,000 characters; otherwise null. */
function countedLimit(text: string | null | undefined): SectionLimit | null {
  const parsed = parseLimit(text, 1);
  if (!parsed || !text) return null;
  const unit = /pages?\b/i.test(text) && !/words?\b|characters?\b/i.test(text) ? 'pages' : parsed.unit;
  return { max: parsed.max, unit, kind: /recommended/i.test(text) ? 'recommended' : 'maximum' };
}
