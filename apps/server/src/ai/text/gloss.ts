import fs from 'node:fs';
import { z } from 'zod';
import { detectLanguage, stem, stopWords } from './words.ts';

/**
 * French read in English words (issue 31; ADRs 1087, 1125): the readers trained or written on
 * English text (the funding finder's rules and ranking, the element detector's features) read a
 * French text through a glossary instead of keeping French copies of themselves. Known phrases
 * and words become English, longest first, case kept; French function words the glossary does
 * not name are dropped; the other words pass through with their accents folded. A glossary may
 * also match a word's other forms through the French stemmer, keep an elided pronoun ("j'" → "i"),
 * and mark a verb in the future tense as planned ("étudierons" → "will study").
 */

export interface GlossaryOptions {
  /** A word of more than three letters also matches its other forms (same French stem). */
  stems?: boolean;
  /** Elided words kept as an English word ("j" → "i"); other elisions are dropped. */
  elisions?: Record<string, string>;
  /** A word this long ending so is a verb in the future tense: "will" is put before it. */
  future?: { endings: string[]; minLength: number };
  /** A word ending so is also tried as the infinitive in "-er" ("étudient" → "étudier"). */
  verbEndings?: string[];
  /** French endings read as English ones when nothing else glosses a word ("qualité" → "quality"). */
  cognates?: [string, string][];
}

export interface Glossary {
  english: Map<string, string>;
  pattern: RegExp;
  englishWords: Set<string>;
  stems: Map<string, string> | null;
  elisions: Map<string, string>;
  future: { endings: string[]; minLength: number } | null;
  verbEndings: string[];
  cognates: [string, string][];
}

/** Accents and compatibility forms folded: "Québec" → "Quebec", the PDF ligature "ﬁ" → "fi". */
export const foldAccents = (text: string) =>
  text.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[’]/g, "'");
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** French's elided articles and pronouns ("l'", "d'", "qu'") before a word or a glossed phrase. */
/** Glossed English is held between these while the French left around it is read. */
const OPEN = '\u0001';
const CLOSE = '\u0002';
const ELISION = new RegExp(
  `(?<![\\p{L}])(l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu)'(?=[\\p{L}${OPEN}])`,
  'giu',
);

export function makeGlossary(entries: Record<string, string>, options: GlossaryOptions = {}): Glossary {
  const english = new Map(Object.entries(entries).map(([fr, en]) => [foldAccents(fr).toLowerCase(), en]));
  const pattern = new RegExp(
    `(?<![\\p{L}\\d-])(${[...english.keys()]
      .sort((a, b) => b.length - a.length)
      .map(escape)
      .join('|')})(?![\\p{L}\\d-])`,
    'giu',
  );
  let stems: Map<string, string> | null = null;
  if (options.stems) {
    stems = new Map();
    // Where two entries share a stem ("utiliser", "utilisateur"), the shorter, the base word, wins.
    const single = [...english]
      .filter(([fr]) => /^\p{L}{4,}$/u.test(fr))
      .sort((a, b) => a[0].length - b[0].length);
    for (const [fr, en] of single) if (!stems.has(stem(fr, 'fr'))) stems.set(stem(fr, 'fr'), en);
  }
  return {
    english,
    pattern,
    englishWords: new Set([...english.values()].flatMap((en) => en.toLowerCase().split(/[^a-z']+/))),
    stems,
    elisions: new Map(Object.entries(options.elisions ?? {})),
    future: options.future ?? null,
    // Longest first, so "ités" is tried before "ité" and "ées" before "e".
    verbEndings: [...(options.verbEndings ?? [])].map(foldAccents).sort((a, b) => b.length - a.length),
    cognates: (options.cognates ?? [])
      .map(([fr, en]): [string, string] => [foldAccents(fr), en])
      .sort((a, b) => b[0].length - a[0].length),
  };
}

/** A French word not in the glossary: its stem's, its infinitive's, or its cognate's English. */
function wordInEnglish(lower: string, glossary: Glossary): string | undefined {
  if (lower.length <= 3 || !glossary.stems) return undefined;
  const byStem = glossary.stems.get(stem(lower, 'fr'));
  if (byStem) return byStem;
  for (const ending of glossary.verbEndings) {
    if (!lower.endsWith(ending) || lower.length - ending.length < 3) continue;
    const infinitive = glossary.stems.get(stem(`${lower.slice(0, -ending.length)}er`, 'fr'));
    if (infinitive) return infinitive;
  }
  for (const [fr, en] of glossary.cognates)
    if (lower.endsWith(fr) && lower.length - fr.length >= 3) return lower.slice(0, -fr.length) + en;
  return undefined;
}

let frenchStops: Set<string> | undefined;

/** One French text in English words, as the glossary reads it. */
export function glossFrench(text: string, glossary: Glossary): string {
  frenchStops ??= new Set([...stopWords('fr')].map(foldAccents));
  const stops = frenchStops;
  const hold = (english: string) => `${OPEN}${english}${CLOSE}`;
  const glossed = foldAccents(text)
    .replace(glossary.pattern, (phrase) => {
      const english = glossary.english.get(phrase.toLowerCase()) ?? phrase;
      return hold(/^\p{Lu}/u.test(phrase) ? english[0]!.toUpperCase() + english.slice(1) : english);
    })
    .replace(ELISION, (_, word: string) => {
      const kept = glossary.elisions.get(word.toLowerCase());
      return kept ? `${hold(kept)} ` : '';
    })
    .replace(new RegExp(`${OPEN}[^${CLOSE}]*${CLOSE}|\\p{L}+`, 'gu'), (word) => {
      if (word.startsWith(OPEN)) return word;
      const lower = word.toLowerCase();
      // What is left of French's function words is dropped; an English word of the glossary stays.
      if (stops.has(lower) && !glossary.englishWords.has(lower)) return '';
      const future = glossary.future;
      const planned =
        future && lower.length >= future.minLength && future.endings.some((e) => lower.endsWith(e));
      const english = wordInEnglish(lower, glossary);
      return `${planned ? 'will ' : ''}${english ?? word}`;
    });
  return glossed
    .split(OPEN)
    .join('')
    .split(CLOSE)
    .join('')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

const FILE = z
  .object({
    $comment: z.string(),
    elisions: z.record(z.string(), z.string()),
    future: z.object({ endings: z.array(z.string().min(2)), minLength: z.number().int().positive() }),
    verbEndings: z.array(z.string().min(1)),
    cognates: z.array(z.tuple([z.string().min(2), z.string().min(2)])),
    glossary: z.record(z.string().min(1), z.string().min(1)),
  })
  .strict();

let proposal: Glossary | undefined;

/** gloss-fr.json: the words of a French proposal, with their forms, pronouns and future tense. */
function proposalGlossary(): Glossary {
  if (!proposal) {
    const file = FILE.parse(JSON.parse(fs.readFileSync(new URL('./gloss-fr.json', import.meta.url), 'utf8')));
    proposal = makeGlossary(file.glossary, {
      stems: true,
      elisions: file.elisions,
      future: file.future,
      verbEndings: file.verbEndings,
      cognates: file.cognates,
    });
  }
  return proposal;
}

/**
 * A proposal's text in the English the element detector reads (ADR 1125): glossed when the
 * language layer reads it as French, as it came otherwise.
 */
export function readAsEnglish(text: string): string {
  return detectLanguage(text) === 'fr' ? glossFrench(text, proposalGlossary()) : text;
}
