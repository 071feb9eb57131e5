import { alternation } from '../text/index.ts';
import { headingKey, reviewLayouts } from './layouts.ts';

/**
 * How a line of reviewers' comments reads (ADR 0750): the structure the parser follows before it
 * ever weighs a sentence's words. Headings come from review-layouts.json; a heading no layout
 * names is still recognised by its shape, and kept as printed.
 */

export type Kind = 'strength' | 'weakness';

/** A horizontal rule ("=====", "_____", "-----"): the line a panel's sheet draws between reviews. */
const RULE = /^\s*(?:[=_-]\s*){5,}$/u;
export const isRule = (line: string) => RULE.test(line);

/** The sheets' own placeholders and print stamps (GRFP "blank row", "Date Printed: …"), never text. */
const PLACEHOLDER =
  /^\s*(?:date printed:.*|blank row|application year:.*|applicant id:.*|score for .*|summary statement|privileged communication.*)\s*$/iu;
export const isPlaceholder = (line: string) => PLACEHOLDER.test(line);

let kinds: { strength: Set<string>; weakness: Set<string>; marker: RegExp } | undefined;

function kindLexicon() {
  if (kinds) return kinds;
  const l = reviewLayouts();
  kinds = {
    strength: new Set(l.strengthHeadings.map(headingKey)),
    weakness: new Set(l.weaknessHeadings.map(headingKey)),
    // "… results are. weaknesses: no real critiques": a marker where a sentence starts.
    marker: new RegExp(
      `(?:^|(?<=[.!?;]["”’)]?\\s+))(${alternation([...l.strengthHeadings, ...l.weaknessHeadings])})\\s*:`,
      'giu',
    ),
  };
  return kinds;
}

/**
 * The kind a Strengths/Weaknesses heading names, by its words: "Weaknesses", "Major Weaknesses",
 * or one with a qualifier after "of" ("Strengths of the Application", "Negative Aspects of the
 * Proposal").
 */
export function headingKind(key: string): Kind | null {
  const k = kindLexicon();
  const base = key.replace(/ of .+$/, '');
  for (const candidate of [key, base]) {
    if (k.strength.has(candidate)) return 'strength';
    if (k.weakness.has(candidate)) return 'weakness';
  }
  return null;
}

/** Inline markers in a line: where each starts, where its text starts, and the kind it names. */
export function inlineMarkers(line: string): { at: number; textAt: number; kind: Kind }[] {
  const k = kindLexicon();
  const out: { at: number; textAt: number; kind: Kind }[] = [];
  k.marker.lastIndex = 0;
  for (let m = k.marker.exec(line); m; m = k.marker.exec(line)) {
    const kind = headingKind(headingKey(m[1]!));
    if (kind) out.push({ at: m.index, textAt: m.index + m[0].length, kind });
  }
  return out;
}

/** At most this many words in a heading no layout names ("Scientific Merit of the Application"). */
const HEADING_WORDS = 14;

/**
 * A line shaped as a heading: capitalised, letters only (no digits, no percentages, so a table's
 * row is not one), short, and without a sentence's closing punctuation. Whether it is one also
 * depends on its neighbours (the caller checks that the line before ended a sentence).
 */
export function headingShaped(line: string): boolean {
  const text = line.trim();
  if (text.length < 3 || text.length > 90) return false;
  if (!/^\p{Lu}[\p{L}\s,'’&/()-]*[\p{L})]$/u.test(text)) return false;
  return text.split(/\s+/).length <= HEADING_WORDS;
}

/** A line that ends a sentence (or a heading's colon), after which a new heading may start. */
export const endsSentence = (line: string) => /[.!?:]["”’)]?\s*$/.test(line);

/**
 * A named source printed at the end of a heading line after a dash or a colon ("Pests and
 * Beneficial Species – PANEL SUMMARY"): the part after the last separator, as a heading key.
 */
export function trailingHeading(line: string): string | null {
  if (endsSentence(line) || line.split(/\s+/).length > 20) return null;
  const parts = line.split(/\s[-–—:]\s/);
  return parts.length > 1 ? headingKey(parts[parts.length - 1]!) : null;
}
