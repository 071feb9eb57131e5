import { alternation, lexicon } from './lexicon.ts';
import { stopWords } from './words.ts';

/**
 * Where a text may not be cut: inside parentheses and brackets (a citation, "(EPA 533)", "(n = 40)"),
 * inside a decimal ("0.84", "0,84"), inside a designator that pairs capitals with a number
 * ("EPA 533", "ISO 9001", "LC-MS/MS"), after an abbreviation's full stop ("e.g.", "et al.") and
 * after a person's initial ("J. Smith", "A. B. Osei", "J.-P. Roy").
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

let labelWords: Set<string> | undefined;

/** An initial's letters ("J.", "J.-P."), then the rest of the text. */
const INITIAL = /(?<![\p{L}\p{N}.])\p{Lu}\.(?:-\p{Lu}\.)?/gu;

/**
 * Whether the capital letter and full stop that end `before` are a person's initial, so that the
 * full stop does not end a sentence. A name must follow ("Smith", or another initial) and not a
 * word that opens sentences ("The", "We", "Ces"); before it stands nothing, punctuation, a title
 * ("Dr."), another initial, a capitalised word ("Jane M. Doe", "PI J. Smith") or a small word
 * ("led by J. Smith"), but not a label that takes a letter ("Appendix B.", "vitamin D.",
 * "Aim A.": `letterLabels` and `listLabels` in lexicon.json) nor any other lowercase word.
 */
export function endsWithInitial(before: string, after: string): boolean {
  const next = /^\s*(\p{Lu}\.|\p{Lu}[\p{L}'’-]*)/u.exec(after)?.[1];
  if (!next) return false;
  if (
    !next.endsWith('.') &&
    (stopWords('en').has(next.toLowerCase()) || stopWords('fr').has(next.toLowerCase()))
  )
    return false;
  const head = before.trimEnd();
  const initial = /(?<![\p{L}\p{N}.])\p{Lu}\.(?:-\p{Lu}\.)?$/u.exec(head);
  if (!initial) return false;
  const lead = head.slice(0, initial.index);
  if (lead !== '' && !/[\s(]$/.test(lead)) return false;
  const previous = /(\S+)\s*$/u.exec(lead)?.[1];
  // Nothing, a title ("Dr. J."), another initial ("A. B."), a comma or a finished sentence before it.
  if (!previous || /[.,;:!?(]$/.test(previous)) return true;
  const { letterLabels, listLabels } = lexicon();
  labelWords ??= new Set([...letterLabels.en, ...letterLabels.fr, ...listLabels]);
  const word = previous.toLowerCase();
  if (labelWords.has(word)) return false;
  if (/^\p{Lu}/u.test(previous)) return true;
  return stopWords('en').has(word) || stopWords('fr').has(word);
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
  for (const m of text.matchAll(INITIAL)) {
    const end = m.index + m[0].length;
    if (endsWithInitial(text.slice(Math.max(0, m.index - 40), end), text.slice(end, end + 40)))
      spans.push({ start: m.index, end: end + 1 });
  }
  return spans;
}

/** Whether a cut at `index` (between index-1 and index) falls inside a guarded span. */
export function isGuarded(spans: Span[], index: number): boolean {
  return spans.some((s) => index > s.start && index < s.end);
}
