import { type Language, lexicon } from './lexicon.ts';
import { guardedSpans, isGuarded, type Span } from './guards.ts';
import { detectLanguage, stopWords } from './words.ts';

/**
 * The one sentence splitter of the engine (drafting, reviewing, detection, live checks): Unicode
 * sentence boundaries (ICU, through Intl.Segmenter, English or French), with a line break always
 * ending one (headings, list items), and no cut inside a guarded span (guards.ts: parentheses,
 * decimals, standards, abbreviations, initials). A company suffix ("Inc.", "Ltée") ends a sentence
 * only before a capital; a dotted initialism ("U.S.", "Ph.D.") only before a word that opens
 * sentences ("U.S. Geological Survey" stays whole, "…in the U.S. We will…" is two). Inline
 * numbered items after a semicolon ("(1) …; (2) …") are separate statements, as reviewers read them.
 */

const segmenters: Record<Language, Intl.Segmenter> = {
  en: new Intl.Segmenter('en', { granularity: 'sentence' }),
  fr: new Intl.Segmenter('fr', { granularity: 'sentence' }),
};

let suffixes: Set<string> | undefined;

/** The suffix that ends `segment` ("inc", "u.s"), if it is one of the lexicon's. */
function endingSuffix(segment: string): string | null {
  const { beforeLowercase } = lexicon().abbreviations;
  suffixes ??= new Set([...beforeLowercase.en, ...beforeLowercase.fr]);
  const m = /(?:^|[\s(])((?:\p{L}{1,5}\.)*\p{L}{1,5})\.$/u.exec(segment.trimEnd());
  const word = m?.[1]?.toLowerCase();
  return word && suffixes.has(word) ? word : null;
}

/** Whether the text after a suffix's full stop opens a new sentence. */
function opensSentence(suffix: string, next: string): boolean {
  const word = /^["“«]?\s?(\p{Lu}[\p{L}'’-]*)/u.exec(next)?.[1];
  if (!word) return false;
  // "Inc." before any capital; "U.S." only before a sentence opener ("We", "The", "Les").
  if (!suffix.includes('.')) return true;
  const lower = word.toLowerCase();
  return stopWords('en').has(lower) || stopWords('fr').has(lower);
}

/** "We will (1) build it; (2) test it.": the semicolon before an inline item number ends a statement. */
const INLINE_ITEM = /;\s+(?=\(?\d{1,2}[.)]\s)/g;

const ITEM_MARKER = /^(?:\(?\d{1,2}|\(?[a-z])[.)]$/i;

export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/** Sentences with their place in the text (spans index into `text` itself). */
export function sentenceSpans(text: string, language: Language = detectLanguage(text)): Sentence[] {
  const out: Sentence[] = [];
  const guards = guardedSpans(text);
  let lineStart = 0;
  for (const line of text.split('\n')) {
    let pendingStart = -1;
    let pendingEnd = -1;
    const flush = () => {
      if (pendingStart < 0) return;
      const raw = text.slice(pendingStart, pendingEnd);
      const lead = raw.length - raw.trimStart().length;
      const trimmed = raw.trim();
      if (trimmed)
        out.push({ text: trimmed, start: pendingStart + lead, end: pendingStart + lead + trimmed.length });
      pendingStart = -1;
    };
    const segments = [...segmenters[language].segment(line)];
    segments.forEach((s, i) => {
      const start = lineStart + s.index;
      if (pendingStart < 0) pendingStart = start;
      pendingEnd = start + s.segment.length;
      const next = segments[i + 1];
      if (!next) return;
      const cut = lineStart + next.index;
      const nextText = next.segment.trimStart();
      // A "?" or "!" glued to the next word is no sentence's end: PDFs print a lost apostrophe so ("PD?s").
      const glued = /[?!]$/.test(s.segment) && /^\p{L}/u.test(next.segment);
      const suffix = endingSuffix(text.slice(pendingStart, pendingEnd));
      // An item's own number ("3.", "(b)") opens its sentence instead of being one.
      const marker = ITEM_MARKER.test(text.slice(pendingStart, pendingEnd).trim());
      const keep =
        glued ||
        marker ||
        isGuarded(guards, cut - (s.segment.length - s.segment.trimEnd().length)) ||
        (suffix !== null && !opensSentence(suffix, nextText));
      if (!keep) flush();
    });
    flush();
    lineStart += line.length + 1;
  }
  return out.flatMap((sentence) => inlineItems(sentence, guards));
}

/** A sentence cut before each inline item number that no guard covers. */
function inlineItems(sentence: Sentence, guards: Span[]): Sentence[] {
  const parts: Sentence[] = [];
  let start = 0;
  for (const m of sentence.text.matchAll(INLINE_ITEM)) {
    if (isGuarded(guards, sentence.start + m.index)) continue;
    parts.push({
      text: sentence.text.slice(start, m.index),
      start: sentence.start + start,
      end: sentence.start + m.index,
    });
    start = m.index + m[0].length;
  }
  if (start === 0) return [sentence];
  parts.push({ text: sentence.text.slice(start), start: sentence.start + start, end: sentence.end });
  return parts.filter((p) => p.text.trim() !== '');
}

export function splitSentences(text: string, language?: Language): string[] {
  return sentenceSpans(text.replace(/\r/g, ''), language).map((s) => s.text);
}
