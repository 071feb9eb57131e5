import { type Language, lexicon } from './lexicon.ts';
import { guardedSpans, isGuarded } from './guards.ts';
import { detectLanguage } from './words.ts';

/**
 * Sentences by Unicode sentence boundaries (ICU, through Intl.Segmenter, English or French), with
 * a line break always ending one (headings, list items), and no cut inside a guarded span
 * (guards.ts: parentheses, decimals, standards, abbreviations). A company suffix ("Inc.", "Ltée")
 * ends a sentence only before a capital.
 */

const segmenters: Record<Language, Intl.Segmenter> = {
  en: new Intl.Segmenter('en', { granularity: 'sentence' }),
  fr: new Intl.Segmenter('fr', { granularity: 'sentence' }),
};

let suffixes: Set<string> | undefined;

function endsWithSuffix(segment: string): boolean {
  const { beforeLowercase } = lexicon().abbreviations;
  suffixes ??= new Set([...beforeLowercase.en, ...beforeLowercase.fr]);
  const m = /(?:^|[\s(])((?:\p{L}{1,5}\.)*\p{L}{1,5})\.$/u.exec(segment.trimEnd());
  return Boolean(m?.[1] && suffixes.has(m[1].toLowerCase()));
}

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
      const keep =
        glued ||
        isGuarded(guards, cut - (s.segment.length - s.segment.trimEnd().length)) ||
        (endsWithSuffix(text.slice(pendingStart, pendingEnd)) && !/^["“«]?\s?\p{Lu}/u.test(nextText));
      if (!keep) flush();
    });
    flush();
    lineStart += line.length + 1;
  }
  return out;
}

export function splitSentences(text: string, language?: Language): string[] {
  return sentenceSpans(text.replace(/\r/g, ''), language).map((s) => s.text);
}
