import { alternation, lexicon } from './lexicon.ts';

/**
 * Where a text may not be cut: inside parentheses and brackets (a citation, "(EPA 533)", "(n = 40)"),
 * inside a decimal ("0.84", "0,84"), inside a designator that pairs capitals with a number
 * ("EPA 533", "ISO 9001", "LC-MS/MS") and after an abbreviation's full stop ("e.g.", "et al.").
 * The sentence splitter and the list splitter both ask `isGuarded` before cutting.
 */

export interface Span {
  start: number;
  end: number;
}

const DESIGNATOR = /\b[A-Z][A-Z0-9]*[A-Z](?:[-/][A-Z0-9]+)*[ -]?\d+(?:[.:-]\d+)*\b/g;
const DECIMAL = /\d[.,]\d/g;

let abbreviationRe: RegExp | undefined;

/** "e.g." "et al." "p. ex." "c.-à-d." "Dr." — in either language, wherever they stand. */
function abbreviations(): RegExp {
  if (!abbreviationRe) {
    const { always } = lexicon().abbreviations;
    const words = [...always.en, ...always.fr].map((w) => w.replace(/\.$/, ''));
    abbreviationRe = new RegExp(`(?<![\\p{L}])(?:${alternation(words)}|et al)\\.`, 'giu');
  }
  return abbreviationRe;
}

/** The spans of `text` that no splitter may cut. */
export function guardedSpans(text: string): Span[] {
  const spans: Span[] = [];
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(' || c === '[') open.push(i);
    else if ((c === ')' || c === ']') && open.length > 0) {
      const start = open.pop() ?? i;
      if (open.length === 0) spans.push({ start, end: i + 1 });
    }
  }
  // An unclosed parenthesis guards nothing: the applicant's typo must not swallow the rest.
  const labels = new RegExp(`^(?:${alternation(lexicon().listLabels)})\\b`, 'i');
  for (const m of text.matchAll(DESIGNATOR)) {
    // "WP 2", "RQ 1", "H 3" are the applicant's list labels, not standards.
    if (labels.test(m[0])) continue;
    spans.push({ start: m.index, end: m.index + m[0].length });
  }
  for (const m of text.matchAll(DECIMAL)) spans.push({ start: m.index, end: m.index + m[0].length });
  // One past the full stop: the cut right after "e.g." is the one to refuse.
  for (const m of text.matchAll(abbreviations()))
    spans.push({ start: m.index, end: m.index + m[0].length + 1 });
  return spans;
}

/** Whether a cut at `index` (between index-1 and index) falls inside a guarded span. */
export function isGuarded(spans: Span[], index: number): boolean {
  return spans.some((s) => index > s.start && index < s.end);
}
