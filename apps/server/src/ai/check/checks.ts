import type {
  Coverage,
  Gap,
  GeneratedSection,
  LimitCheck,
  OfflineChecks,
} from '@grantleaf/shared/grant-results.schema';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { sameHeading } from '../assess/section-synonyms.ts';
import { programWordsPerPage } from '../profile/sections.ts';
import { parseLimit } from '../text/limits.ts';
import { findMoney } from '../text/money.ts';
import { countMaterialWords, countWords } from '../text/review-text.ts';
import { BUDGET_TOLERANCE, checkBudget, checkTextBudget } from './budget.ts';
import {
  findSection,
  isMainNarrative,
  MATCH_THRESHOLD,
  type NamedSection,
  namedSections,
  REFERENCES,
  sectionBody,
  sectionMatch,
  type SharedLimit,
  sharedLimits,
} from './sections.ts';
import { type DraftLanguage, type WriterText, writerText } from '../write/phrases/index.ts';

/**
 * The checks that need no model: requirement coverage, budget arithmetic and length limits.
 * They run on the offline draft, on a model's draft, and on text submitted for analysis.
 */

/** A section with fewer words of real material than this counts as empty. */
export const MIN_SECTION_WORDS = 15;

/**
 * Share of the program's required narrative sections that are present with material. Forms, CVs
 * and letters are filed beside the narrative: they are listed as `attachments`, not counted.
 */
export function checkCoverage(sections: GeneratedSection[], program: GrantProgram): Coverage {
  const listed = namedSections(program);
  const required = listed.filter((s) => !s.attachment && !s.optional);
  const missing: string[] = [];
  for (const section of required) {
    const body = sectionBody(section, sections, listed) ?? '';
    if (countMaterialWords(body) < MIN_SECTION_WORDS) missing.push(section.name);
  }
  const present = required.length - missing.length;
  const ratio = required.length === 0 ? 1 : present / required.length;
  return {
    required: required.length,
    present,
    ratio: round3(ratio),
    percent: Math.round(ratio * 100),
    missing,
    attachments: listed.filter((s) => s.attachment).map((s) => s.name),
  };
}

/**
 * Each section's length against its limit, then each shared limit against the sections it spans
 * together (NIH's 12-page Research Strategy over Significance, Innovation and Approach).
 */
export function checkLimits(
  sections: GeneratedSection[],
  program: GrantProgram,
  t: WriterText = writerText('en'),
): LimitCheck[] {
  const listed = namedSections(program);
  const wordsPerPage = programWordsPerPage(program);
  // An optional section (a resubmission's introduction) is checked only when the text has it.
  const checked = listed.filter((s) => !s.optional || findSection(s, sections) >= 0);
  const shared = sharedLimits(program);
  const own = checked
    // A section with no limit of its own named like its group (NSF's Project Description) is
    // checked once, under the group's limit.
    .filter((s) => s.limit || !shared.some((l) => sameHeading(l.group.name, s.name)))
    .map((section) => limitCheck(section, sectionBody(section, sections, listed), wordsPerPage, t));
  return [
    ...own,
    ...shared.map((l) => limitCheck(l.group, sharedBody(l, sections, listed), wordsPerPage, t)),
  ];
}

/**
 * The text a shared limit counts, or null when none of it is there. It runs from the first of
 * its sections (or the group's own heading, "Research Strategy") to the references, skipping the
 * parts that are the program's other sections, as a main narrative does: the funder counts the
 * group's pages together, under whatever sub-headings the applicant used. A text with none of
 * its headings is the group when the group is the main narrative (a Research Strategy pasted on
 * its own).
 */
function sharedBody(limit: SharedLimit, sections: GeneratedSection[], listed: NamedSection[]): string | null {
  const isMember = (s: NamedSection) => limit.members.includes(s.name);
  const others = listed.filter((s) => !isMember(s));
  // The group is named in full or not at all: "Research Plan" is not "Research Strategy".
  const starts = [
    ...listed.filter(isMember).map((m) => findSection(m, sections)),
    sections.findIndex((s) => sectionMatch(limit.group, s.heading) === 1),
  ].filter((i) => i >= 0);
  if (starts.length === 0 && !isMainNarrative(limit.group)) return null;
  if (sections.length === 0) return null;
  const start = starts.length > 0 ? Math.min(...starts) : 0;
  const parts: string[] = [];
  for (let i = start; i < sections.length; i++) {
    const section = sections[i];
    if (!section) continue;
    // References are outside the funders' page limits (NIH, NSF): the group ends there.
    if (i > start && REFERENCES.test(section.heading)) break;
    if (starts.includes(i) || !others.some((o) => sectionMatch(o, section.heading) >= MATCH_THRESHOLD))
      parts.push(section.body);
  }
  return parts.join('\n');
}

function limitCheck(
  section: NamedSection,
  found: string | null,
  wordsPerPage: number,
  t: WriterText,
): LimitCheck {
  const body = found ?? '';
  const words = countWords(body);
  const characters = body.length;
  const parsed = parseLimit(section.limit, wordsPerPage);
  if (found === null) {
    return {
      section: section.name,
      limit: section.limit ?? null,
      unit: parsed?.unit ?? null,
      max: parsed?.max ?? null,
      words: 0,
      characters: 0,
      status: 'missing',
      note: t.sectionNotFound,
    };
  }
  if (!parsed) {
    return {
      section: section.name,
      limit: section.limit ?? null,
      unit: null,
      max: null,
      words,
      characters,
      status: 'no_limit',
      note: section.limit ? t.noCountableLimit(section.limit) : t.noLimitPublished,
    };
  }
  const used = parsed.unit === 'words' ? words : characters;
  // A page limit is an estimate in words: flagged only when clearly over (parseLimit's flagAbove).
  // A length the funder only recommends is never a breach.
  const over = used > parsed.flagAbove && section.counted?.kind !== 'recommended';
  return {
    section: section.name,
    limit: section.limit ?? null,
    unit: parsed.unit,
    max: parsed.max,
    words,
    characters,
    status: over ? 'over' : 'within',
    note: t.counted({
      used,
      max: parsed.max,
      unit: parsed.unit,
      limit: section.limit ?? '',
      wordsPerPage: parsed.flagAbove > parsed.max ? wordsPerPage : null,
      note: parsed.note,
    }),
  };
}

/** Coverage, limits and budget arithmetic with the gaps they reveal. */
export function runOfflineChecks(input: {
  program: GrantProgram;
  sections: GeneratedSection[];
  /** With the form (generation) the budget is checked from milestones; without it, from the text. */
  form?: GenerationForm;
  /** The language of the findings: the form's, else this one, else English. */
  language?: DraftLanguage;
  /** A section's name as the findings name it (a French draft: the funder's French name). */
  name?: (header: string) => string;
}): OfflineChecks {
  const { program, sections, form } = input;
  const language = form?.language ?? input.language ?? 'en';
  const t = writerText(language);
  const name = input.name ?? ((header: string) => header);
  const coverage = checkCoverage(sections, program);
  const limits = checkLimits(sections, program, t);
  const budget = form ? checkBudget(form, program) : checkTextBudget(sections, program, language);
  const gaps: Gap[] = [];

  if (coverage.missing.length > 0) {
    gaps.push({
      severity: 'critical',
      message: t.missingSections(coverage.missing.map(name)),
    });
  }
  for (const limit of limits) {
    if (limit.status === 'over') {
      gaps.push({ severity: 'critical', message: t.overLimit(name(limit.section), limit.note) });
    }
  }
  if (budget) {
    if (budget.statedTotal === null && form) gaps.push({ severity: 'major', message: budget.message });
    else if (budget.matches === false) gaps.push({ severity: 'major', message: budget.message });
  }
  if (form && budget?.statedTotal) {
    const budgetIndex = sections.findIndex((s) => /budget|funds requested/i.test(s.heading));
    const budgetBody = budgetIndex >= 0 ? (sections[budgetIndex]?.body ?? '') : '';
    // findMoney reads English figures; a French draft states the total as its writer formats it.
    const stated =
      findMoney(budgetBody).some((a) => Math.abs(a.value - (budget.statedTotal ?? 0)) <= BUDGET_TOLERANCE) ||
      budgetBody.includes(t.money(budget.statedTotal, budget.currency));
    if (budgetIndex >= 0 && !stated) {
      gaps.push({
        severity: 'major',
        message: t.budgetNotStated(t.money(budget.statedTotal, budget.currency)),
      });
    }
  }
  return { coverage, limits, budget, gaps };
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
