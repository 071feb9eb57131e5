import type { GeneratedSection } from '@grantleaf/shared/grant-results.schema';
import type { SectionLimit } from '@grantleaf/shared/program-sections.schema';
import { sameHeading } from '../assess/section-synonyms.ts';
import type { GrantProgram, ProgramSection } from '../profile/program.ts';
import { TOPIC_PATTERNS } from '../profile/rubric.ts';
import { sectionHead } from '../profile/catalogue.ts';
import { limitText } from '../profile/data.ts';
import { profileOf } from '../profile/profile.ts';
import { countWords, keyStems } from '../text/review-text.ts';

/**
 * A program's sections as the checks read them (its profile), and how a text's headings name
 * them: matching, the main narrative, shared limits' groups, and the cut of a paste into sections.
 */

/** Share of a section name's key words a heading must contain to name it. */
export const MATCH_THRESHOLD = 0.5;
/** A references heading: outside the funders' page limits (NIH, NSF), and never a section's prose. */
export const REFERENCES =
  /^(?:references?(?: cited)?|bibliography(?: (?:and|&) references cited)?|literature cited|works cited)$/i;

/** How well a heading names a required section, 0..1. */
export function headingMatchScore(sectionName: string, heading: string): number {
  const h = heading
    .trim()
    .toLowerCase()
    .replace(/^#+\s*|^[\dA-Z]{1,3}[.)]\s+/i, '');
  const name = sectionName.trim().toLowerCase();
  if (h === name || h === sectionHead(sectionName).toLowerCase()) return 1;
  const wanted = keyStems(sectionHead(sectionName));
  if (wanted.length === 0) return 0;
  const have = new Set(keyStems(h));
  const hits = wanted.filter((w) => have.has(w)).length;
  return hits / wanted.length;
}

/**
 * A program's section as the checks read it, from its profile (`profileOf`, ADR 0241): its other
 * names (data/section-synonyms.json), whether it is optional (a resubmission's introduction,
 * checked only when written) or an attachment (a form, CV or letter: listed, not expected in the
 * text), and its limit as counted.
 */
export type NamedSection = ProgramSection & {
  aliases?: string[];
  optional?: boolean;
  attachment?: boolean;
  counted?: SectionLimit | null;
};

/**
 * The program's sections as its profile lists them: the funder template's when there is one,
 * else the catalogue record's (an admin's edit takes effect), else the general template; then
 * the optional ones its applicants may add. One list for coverage, limits and the paste's cut.
 */
export function namedSections(program: GrantProgram): NamedSection[] {
  return profileOf(program).sections.map((s) => ({
    name: s.name,
    limit: s.limit,
    aliases: s.aliases,
    optional: s.optional,
    attachment: s.attachment,
    counted: s.counted,
  }));
}

/** A limit the funder sets on several sections together (NIH's Research Strategy: 12 pages). */
export interface SharedLimit {
  group: NamedSection;
  members: string[];
}

export function sharedLimits(program: GrantProgram): SharedLimit[] {
  return profileOf(program).sharedLimits.map((l) => ({
    group: { name: l.header, limit: limitText(l.limit), counted: l.limit, aliases: [] },
    members: l.sections,
  }));
}

/** How well a heading names a section, by its name or, exactly, by one of its other names. */
export function sectionMatch(section: NamedSection, heading: string): number {
  const cleaned = cleanHeading(heading);
  if ((section.aliases ?? []).some((a) => sameHeading(a, cleaned))) return 1;
  // An optional section is named exactly or not at all: "Introduction" is not a resubmission.
  return section.optional ? 0 : headingMatchScore(section.name, heading);
}

/**
 * The application's main narrative ("Research proposal", "Application for a grant … incl.
 * proposal", "Technical volume"): pasted text with no heading naming it is that narrative.
 */
export function isMainNarrative(section: NamedSection): boolean {
  // A resubmission's "Introduction to the … Application" is a page of its own.
  if (section.optional) return false;
  const head = sectionHead(section.name);
  // "Summary of the proposal" (NSERC's templates) summarises the narrative; it is not it.
  if (/^(?:summary|abstract)\b/i.test(head)) return false;
  return /proposal|application|description|narrative|technical volume|research strategy|project plan/i.test(
    head,
  );
}

/**
 * The body that stands for a required section, or null when the text has none. The main
 * narrative runs from its heading (or the start) to the end, skipping the parts that are other
 * required sections: a proposal is usually written under sub-headings of its own.
 */
export function sectionBody(
  required: NamedSection,
  sections: GeneratedSection[],
  allRequired: NamedSection[] = [required],
): string | null {
  const parts = sectionParts(required, sections, allRequired);
  return parts === null ? null : parts.map((i) => sections[i]?.body ?? '').join('\n');
}

/** The indices of the parts of `sections` that make up a required section (see `sectionBody`). */
function sectionParts(
  required: NamedSection,
  sections: GeneratedSection[],
  allRequired: NamedSection[],
): number[] | null {
  const index = findSection(required, sections);
  if (!isMainNarrative(required)) return index >= 0 ? [index] : null;
  if (sections.length === 0) return null;
  const others = allRequired.filter((r) => r !== required);
  const parts: number[] = [];
  for (let i = Math.max(0, index); i < sections.length; i++) {
    const heading = sections[i]?.heading ?? '';
    if ((i === index && index >= 0) || !others.some((r) => sectionMatch(r, heading) >= MATCH_THRESHOLD))
      parts.push(i);
  }
  return parts;
}

/** The index of the section whose heading best names `required`, or -1. */
export function findSection(required: NamedSection, sections: GeneratedSection[]): number {
  let best = -1;
  let bestScore = 0;
  sections.forEach((s, i) => {
    const score = sectionMatch(required, s.heading);
    if (score > bestScore) {
      best = i;
      bestScore = score;
    }
  });
  return bestScore >= MATCH_THRESHOLD ? best : -1;
}

/**
 * Cuts pasted text into sections at lines that look like headings and name a required section or
 * a usual proposal part. Text before the first heading is kept as "Introduction".
 */
export function splitIntoSections(text: string, program: GrantProgram): GeneratedSection[] {
  // A shared limit's header ("Research Strategy") opens its part of the text too.
  const required = [...namedSections(program), ...sharedLimits(program).map((l) => l.group)];
  const lines = text.replace(/\r/g, '').split('\n');
  const out: GeneratedSection[] = [];
  let current: GeneratedSection = { heading: 'Introduction', body: '' };
  for (const raw of lines) {
    const line = raw.trim();
    if (isHeadingLine(line, required)) {
      if (current.body.trim() || current.heading !== 'Introduction') out.push(current);
      current = { heading: cleanHeading(line), body: '' };
    } else {
      current.body += `${raw}\n`;
    }
  }
  out.push(current);
  return out
    .map((s) => ({ heading: s.heading, body: s.body.trim() }))
    .filter((s) => s.body || s.heading !== 'Introduction');
}

function cleanHeading(line: string): string {
  return line
    .replace(/^#+\s*/, '')
    .replace(/^(?:\d+(?:\.\d+)*|[A-Z]|[IVX]+)[.)]\s+/, '')
    .replace(/[:*_]+$/, '')
    .replace(/^\*+|\*+$/g, '')
    .trim();
}

function isHeadingLine(line: string, required: NamedSection[]): boolean {
  // Table rows and bullets are content, even when they name a section ("| Budget |").
  if (!line || line.includes('|') || /^[-*•]\s/.test(line)) return false;
  const markdown = /^#{1,6}\s+\S/.test(line);
  const cleaned = cleanHeading(line);
  // A funder's own section name, or one of its other names, is a heading however long it is. A
  // sentence that only contains a short name's words ("… the partner's engineering team …") is not.
  if (required.some((s) => [s.name, ...(s.aliases ?? [])].some((name) => sameHeading(name, cleaned))))
    return true;
  const words = countWords(cleaned);
  if (words === 0 || words > 12) return false;
  // A sentence is not a heading, unless it is marked as one.
  if (!markdown && /[.?!,;]$/.test(line)) return false;
  if (required.some((s) => sectionMatch(s, cleaned) >= MATCH_THRESHOLD)) return true;
  return markdown || REFERENCES.test(cleaned) || TOPIC_PATTERNS.some((t) => t.pattern.test(cleaned));
}
