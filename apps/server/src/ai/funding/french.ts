import fs from 'node:fs';
import { z } from 'zod';
import { detectLanguage, stopWords } from '../text/words.ts';
import type { ApplicantProfile } from '@grantleaf/shared/eligibility';
import type { FundingQuery } from './types.ts';

/**
 * A French request read in the catalogue's language (issue 31 §2, ADR 1087). The finder's rules and
 * ranking read English program text; a request the language layer reads as French has its known
 * words glossed into English (french-request.json beside this file), longest phrase first, and the
 * accents of the words left folded (Québec → Quebec), so the same reading ranks it. An English
 * request is returned as it came.
 */

const FILE = z
  .object({ $comment: z.string(), glossary: z.record(z.string().min(1), z.string().min(1)) })
  .parse(JSON.parse(fs.readFileSync(new URL('./french-request.json', import.meta.url), 'utf8')));

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[’]/g, "'");
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Folded French → English, and one pattern of every entry, longest first, on whole words. */
const ENGLISH = new Map(Object.entries(FILE.glossary).map(([fr, en]) => [fold(fr), en]));
const PATTERN = new RegExp(
  `(?<![\\p{L}\\d-])(${[...ENGLISH.keys()]
    .sort((a, b) => b.length - a.length)
    .map(escape)
    .join('|')})(?![\\p{L}\\d-])`,
  'giu',
);
/** French's elided articles and pronouns ("l'", "d'", "qu'") before a word. */
const ELISION = /(?<![\p{L}])(?:l|d|j|m|n|s|t|c|qu|jusqu|lorsqu|puisqu)'(?=\p{L})/giu;
let frenchStops: Set<string> | undefined;

/**
 * One French text in the catalogue's words: known phrases in English (capitalised as written),
 * French's own function words dropped, the other words kept with their accents folded.
 */
export function glossFrench(text: string): string {
  frenchStops ??= new Set([...stopWords('fr')].map(fold));
  const stops = frenchStops;
  const glossed = fold(text).replace(PATTERN, (phrase) => {
    const english = ENGLISH.get(phrase.toLowerCase()) ?? phrase;
    return /^\p{Lu}/u.test(phrase) ? english[0]!.toUpperCase() + english.slice(1) : english;
  });
  // Glossed words are English; what is left of French is its function words, dropped.
  return glossed
    .replace(ELISION, '')
    .replace(/\p{L}+/gu, (word) =>
      stops.has(word.toLowerCase()) && !ENGLISH_WORDS.has(word.toLowerCase()) ? '' : word,
    )
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** Words of the glossary's English, never dropped as French function words ("on", "a"). */
const ENGLISH_WORDS = new Set([...ENGLISH.values()].flatMap((en) => en.toLowerCase().split(/[^a-z']+/)));

/** The request as the finder reads it: glossed when its own words are French. */
export function requestInCatalogueLanguage(q: FundingQuery): FundingQuery {
  const own = [q.researchTopic, q.researchDetails, q.teamProfile].join('\n');
  if (detectLanguage(own) !== 'fr') return q;
  return {
    ...q,
    researchTopic: glossFrench(q.researchTopic),
    researchDetails: glossFrench(q.researchDetails),
    teamProfile: glossFrench(q.teamProfile),
    fileText: q.fileText ? glossFrench(q.fileText) : q.fileText,
  };
}

/**
 * The applicant as the reader reads a French request's own words (who and where: its cues are
 * French too), with what those leave unread taken from the glossed words: the field, the career
 * stage, the place when the words name none; the field from the glossed words, whose field words
 * are English.
 */
export function filledFromGloss(own: ApplicantProfile, glossed: ApplicantProfile): ApplicantProfile {
  // The field words are English words: the glossed reading's fields, unless it finds none.
  const fields = glossed.fields.length > 0 ? glossed : own;
  return {
    ...own,
    country: own.country ?? glossed.country,
    regions: own.regions.length > 0 ? own.regions : glossed.regions,
    fields: fields.fields,
    fieldWords: fields.fieldWords,
    careerStage: own.careerStage ?? glossed.careerStage,
    employees: own.employees ?? glossed.employees,
    hasPartner: own.hasPartner || glossed.hasPartner,
  };
}
