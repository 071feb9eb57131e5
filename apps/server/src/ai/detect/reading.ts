import type { EvidenceNeed } from '@grantleaf/shared/program-criteria.schema';
import { cues, phraseRe } from '../read/cues.ts';
import { findMoney } from '../text/money.ts';
import { normalisePaste } from '../text/paste.ts';
import { countWords } from '../text/review-text.ts';
import { splitSentences } from '../text/sentences.ts';

/**
 * The reviewer's reading of a text, done once per text: its sentences, which specific content each
 * carries (a number, a date, money, a name, a method), how much of it is the project's own words
 * rather than grant and rubric vocabulary, how connected it is, and the placeholders left in it.
 * Element detection (elements.ts) and the criterion scores read this; none re-splits the text.
 */

/** A sentence shorter than this is a heading or a fragment, never evidence. */
export const MIN_EVIDENCE_WORDS = 5;
/** Words of the sentence's own (not rubric) vocabulary it needs to be about a project. */
export const MIN_OWN_TERMS = 3;

const STOP = new Set(
  'a an the and or but nor of for to in on at by with from as into onto over under than then that this these those there their they them it its is are was were be been being have has had do does did will would shall should can could may might must we our us you your he she his her i me my which who whom whose what when where why how not no all any each both few more most other some such only own same so too very also about above after again against before below between during out off once here further while because until if through up down per via within without upon among across'.split(
    ' ',
  ),
);

/** Words at a sentence's start, or capitalised by convention, that name nothing. */
const NOT_A_NAME = new Set(
  'i we our the a an this these that those in for to of and or with by on at as it its aim aims objective figure fig table section part phase year month week day quarter year task work specific first second third finally however therefore thus moreover in addition'.split(
    ' ',
  ),
);

const TECHNIQUE =
  /\b\w*(?:ometry|ography|oscopy|omics|omic|ology)\b|\b(?:regression|sequencing|chromatography|spectroscopy|microscopy|assay|ELISA|PCR|qPCR|CRISPR|knockout|transgenic|cohort|randomi[sz]ed|placebo|double-blind|mixed-effects|multilevel|Bayesian|Monte Carlo|finite[- ]element|neural network|random forest|gradient boosting|transformer|simulation|interviews?|focus groups?|ethnograph\w*|archival|survey(?:s|ed)?|questionnaires?|case stud(?:y|ies)|thematic analysis|grounded theory|meta-analysis|systematic review|ANOVA|t-test|chi-square|prototype|benchmark\w*|calibrat\w*|titration|electrophoresis|western blot|flow cytometry|imaging|MRI|fMRI|EEG|PET|CT|GIS|LiDAR|remote sensing|machine learning|deep learning|optimi[sz]ation|algorithm)\b/i;

const MONTHS_RE =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const WHEN_RE = new RegExp(
  `\\b\\d{4}-\\d{2}(?:-\\d{2})?\\b|\\b(?:${MONTHS_RE})\\.?\\s+(?:\\d{1,2},?\\s+)?\\d{4}\\b|\\b(?:19|20)\\d{2}\\b|\\bQ[1-4]\\b|\\b(?:year|month|week|quarter|semester|phase)s?\\s+\\d{1,2}\\b|\\b(?:months?|years?|weeks?)\\s+\\d{1,2}\\s*[-–]\\s*\\d{1,2}\\b|\\bM\\d{1,2}\\b|\\b(?:first|second|third|fourth|fifth|final) (?:year|month|quarter|semester)\\b|\\b(?:spring|summer|fall|autumn|winter)\\s+(?:of\\s+)?(?:19|20)\\d{2}\\b`,
  'i',
);

/** A sentence with what the reviewer checks in it, computed once per text. */
export interface ReadSentence {
  text: string;
  lower: string;
  words: number;
  /** Content words that are not grant vocabulary: what the sentence says about this project. */
  ownTerms: number;
  /** Stems of its content words, for connecting the sentence to its neighbours. */
  allStems: Set<string>;

  has: Record<EvidenceNeed, boolean>;
}

export interface ReviewReading {
  /** The text as read: a PDF paste normalised, placeholders kept. */
  text: string;
  sentences: ReadSentence[];
  words: number;
  /** Share of content words that are generic grant vocabulary. */
  genericShare: number;
  /**
   * Share of content words that are grant vocabulary or the rubric's own words (its cues):
   * what is left is what the text says about its project. Keyword stuffing is mostly rubric.
   */
  vocabularyShare: number;
  /** Share of sentences that carry specific content about the project. */
  specificShare: number;
  coherence: Coherence;
  placeholders: string[];
}

export interface Coherence {
  /** Mean gap between a term's repeated uses against random order: about 1 shuffled, lower connected. */
  clustering: number;
  /** Terms the measure rests on. */
  terms: number;
}

const PLACEHOLDER_RE =
  /\[(?:to complete|tbd|todo|insert|add|placeholder|question)[^\]]*\]|\bTBD\b|\bTODO\b|\bXXX+\b|lorem ipsum/gi;

/** Notes left for the applicant ("[To complete: …]", "TBD"): text that is not yet written. */
export function findPlaceholders(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER_RE)].map((m) => m[0]);
}

function tokens(text: string): string[] {
  return text.match(/[\p{L}][\p{L}\p{N}'’&-]*/gu) ?? [];
}

function stemOf(word: string): string {
  return word
    .toLowerCase()
    .replace(/[’']s$/, '')
    .slice(0, 6);
}

let titleRe: RegExp | undefined;

/**
 * Whether the sentence shows a person (issue 24): a title before a capitalised word ("Dr. Shah"),
 * a role ("our CSO", "the co-PI") or the writer speaking as themself ("I led…"; cues.json
 * `personEvidence`). A capitalised word alone is no
 * person: "Lyme", "Ontario" or a product name are not a team. (Initials are not read: the sentence
 * splitter cuts "J. Smith" after the initial.)
 */
function namesPerson(sentence: string): boolean {
  const { titles, roles, self } = cues().personEvidence;
  titleRe ??= new RegExp(`(?<![\\p{L}])(?:${titles.map(escapeRe).join('|')})\\.?\\s+\\p{Lu}`, 'u');
  return (
    titleRe.test(sentence) ||
    phraseRe('personEvidence', roles, 'iu').test(sentence) ||
    phraseRe('personEvidenceSelf', self, 'u').test(sentence)
  );
}

function specificContent(sentence: string, generic: Set<string>): Record<EvidenceNeed, boolean> {
  // Enumerators, citations and figure references carry digits but no content.
  const body = sentence
    .replace(
      /^\s*(?:\(?\d+(?:\.\d+)*[.):]|[-*•]|(?:aim|objective|task|step|phase|section)\s+\d+[.:)]?)\s*/i,
      '',
    )
    .replace(/\[\d+(?:[,–-]\s*\d+)*\]/g, ' ')
    .replace(
      /\b(?:fig(?:ure)?s?|tables?|eqs?|equations?|sections?|refs?|aims?|objectives?)\.?\s*\d+(?:\.\d+)*[a-z]?\b/gi,
      ' ',
    );
  const withoutYears = body.replace(/\b(?:19|20)\d{2}\b/g, ' ');
  const words = tokens(body);
  const name = words.some((w, i) => {
    if (i === 0) return false;
    const lower = w.toLowerCase();
    if (generic.has(lower) || NOT_A_NAME.has(lower)) return false;
    return /^\p{Lu}/u.test(w) && (/\p{Ll}/u.test(w) ? w.length > 2 : w.length >= 2);
  });
  const method =
    TECHNIQUE.test(body) ||
    words.some((w) => {
      if (generic.has(w.toLowerCase())) return false;
      // Acronyms and mixed letter-digit terms: LC-MS, RNA-seq, Cas9, COVID-19, H2O.
      return /^\p{Lu}{2,}[\p{L}\d-]*$/u.test(w) || /\p{L}\d|\d\p{L}/u.test(w);
    });
  return {
    number: /\d/.test(withoutYears),
    date: WHEN_RE.test(body),
    money: findMoney(body).some((m) => m.explicit),
    name,
    person: namesPerson(sentence),
    method,
  };
}

function readSentence(text: string, generic: Set<string>, rubric: RegExp): ReadSentence {
  const words = tokens(text);
  const content = words.map((w) => w.toLowerCase()).filter((w) => w.length >= 4 && !STOP.has(w));
  // The project's own words: neither grant vocabulary nor the words the rubric looks for.
  const own = content.filter((w) => !generic.has(w) && !rubric.test(w));
  return {
    text,
    lower: text.toLowerCase(),
    words: text.split(/\s+/).filter(Boolean).length,
    ownTerms: own.length,
    allStems: new Set(content.map(stemOf)),
    has: specificContent(text, generic),
  };
}

/** Terms in more than this share of sentences are the document's topic, not a local link. */
const TOPIC_TERM_SHARE = 0.3;

/**
 * How sentences connect to their neighbours, measured as how close together each term's
 * repeated uses sit: a written argument introduces a term and keeps using it for a few
 * sentences, so the gaps between its uses are shorter than if the sentences were placed at
 * random. `clustering` is observed gap / expected gap under random order (about 1.0 for shuffled
 * text, lower for a connected one). Terms that run through the whole text (its topic) are left
 * out: they say nothing about order. Every term is counted, so the measure is steadier than
 * looking at neighbouring pairs alone.
 */
export function measureCoherence(sentences: ReadSentence[]): Coherence {
  const n = sentences.length;
  const positions = new Map<string, number[]>();
  sentences.forEach((s, i) => {
    for (const t of s.allStems) {
      const list = positions.get(t) ?? [];
      list.push(i);
      positions.set(t, list);
    }
  });
  let observed = 0;
  let expected = 0;
  let terms = 0;
  for (const list of positions.values()) {
    if (list.length < 2 || list.length > TOPIC_TERM_SHARE * n) continue;
    terms++;
    for (let i = 1; i < list.length; i++) observed += (list[i] ?? 0) - (list[i - 1] ?? 0);
    // k uses placed at random among n sentences sit (n + 1) / (k + 1) apart on average.
    expected += ((list.length - 1) * (n + 1)) / (list.length + 1);
  }
  return { clustering: expected > 0 ? round3(observed / expected) : 1, terms };
}

/** Reads a pasted text once for every criterion: sentences, specificity, coherence, placeholders. */
export function readForReview(
  raw: string,
  genericVocabulary: readonly string[],
  cues: readonly string[],
): ReviewReading {
  const generic = new Set(genericVocabulary.map((w) => w.toLowerCase()));
  const singleWordCues = cues.map((c) => c.trim().toLowerCase()).filter((c) => /^[\p{L}&-]+$/u.test(c));
  const rubric = new RegExp(`^(?:${singleWordCues.map(escapeRe).join('|')})`, 'u');
  const text = normalisePaste(raw);
  const sentences = splitSentences(text).map((s) => readSentence(s, generic, rubric));
  const all = tokens(text)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length >= 4 && !STOP.has(w));
  const genericCount = all.filter((w) => generic.has(w)).length;
  const vocabularyCount = all.filter((w) => generic.has(w) || rubric.test(w)).length;
  const body = sentences.filter((s) => s.words >= MIN_EVIDENCE_WORDS);
  const specific = body.filter(
    (s) => s.ownTerms >= MIN_OWN_TERMS && Object.values(s.has).some(Boolean),
  ).length;
  return {
    text,
    sentences,
    words: countWords(text.replace(/\[[^\]]*\]/g, ' ')),
    genericShare: all.length ? round3(genericCount / all.length) : 0,
    vocabularyShare: all.length ? round3(vocabularyCount / all.length) : 0,
    specificShare: body.length ? round3(specific / body.length) : 0,
    coherence: measureCoherence(sentences),
    placeholders: findPlaceholders(text),
  };
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

export function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
