import { newStemmer, type Stemmer } from 'snowball-stemmers';
import { eng, fra } from 'stopword';
import { type Language, lexicon } from './lexicon.ts';

/**
 * Words of a text, English or French: one tokeniser (Intl.Segmenter's word boundaries), one
 * stemmer per language (Snowball, through snowball-stemmers), one stop-word list per language
 * (the stopword package plus lexicon.json's additions). Drafting, reviewing, live checks, ideas
 * and funding meet on these, so "training"/"trainees" and "objectif"/"objectifs" match everywhere.
 */

const segmenters: Record<Language, Intl.Segmenter> = {
  en: new Intl.Segmenter('en', { granularity: 'word' }),
  fr: new Intl.Segmenter('fr', { granularity: 'word' }),
};

export interface Token {
  /** The word as written. */
  text: string;
  /** Lowercased, without the elided article of French ("l'équipe" → "équipe"). */
  norm: string;
  start: number;
  end: number;
}

/** Word tokens (letters and digits), with their place in the text. */
export function tokenize(text: string, language: Language = detectLanguage(text)): Token[] {
  const out: Token[] = [];
  for (const s of segmenters[language].segment(text)) {
    if (!s.isWordLike) continue;
    let norm = s.segment.toLowerCase().replace(/’/g, "'");
    // French elision: l', d', qu', n', s', j', c', m', t' belong to the next word.
    const elided = /^(?:l|d|qu|n|s|j|c|m|t|jusqu|lorsqu|puisqu)'(.+)$/.exec(norm);
    if (language === 'fr' && elided?.[1]) norm = elided[1];
    out.push({ text: s.segment, norm, start: s.index, end: s.index + s.segment.length });
  }
  return out;
}

/** Lowercased words in order. */
export function words(text: string, language?: Language): string[] {
  return tokenize(text, language).map((t) => t.norm);
}

let stopSets: Record<Language, Set<string>> | undefined;

export function stopWords(language: Language): Set<string> {
  stopSets ??= {
    en: new Set([...eng, ...lexicon().stopWords.en]),
    fr: new Set([...fra, ...lexicon().stopWords.fr]),
  };
  return stopSets[language];
}

const stemmers: Partial<Record<Language, Stemmer>> = {};

export function stem(word: string, language: Language = 'en'): string {
  stemmers[language] ??= newStemmer(language === 'fr' ? 'french' : 'english');
  return stemmers[language].stem(word.toLowerCase());
}

/** The stems of a text's content words (no stop words, no bare numbers), unique, in order. */
export function contentStems(text: string, language: Language = detectLanguage(text)): string[] {
  const stops = stopWords(language);
  const out = new Set<string>();
  for (const w of words(text, language)) {
    if (w.length < 3 || stops.has(w) || /^\d+$/.test(w)) continue;
    out.add(stem(w, language));
  }
  return [...out];
}

/** Words as a form counts them: runs of letters or digits, "1,234.5", "$45k" and "l'équipe" each once. */
export function countWords(text: string): number {
  return text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.\-/%$,]*/gu)?.length ?? 0;
}

/**
 * English or French, by which language's commonest words the text uses more. Short or mixed
 * text is English, the language most of the catalogue is written in.
 */
export function detectLanguage(text: string): Language {
  const { frenchCues, englishCues } = lexicon();
  const fr = new Set(frenchCues);
  const en = new Set(englishCues);
  let frHits = 0;
  let enHits = 0;
  for (const w of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    if (fr.has(w)) frHits++;
    if (en.has(w)) enHits++;
  }
  return frHits >= 3 && frHits > enHits * 1.5 ? 'fr' : 'en';
}
