/**
 * The language layer (ADR 0240): one tokeniser, sentence splitter, stemmer, stop-word list,
 * number/money/duration/date reader and list splitter, for English and French. Every engine reads
 * text through these; none keeps patterns of its own for what is here.
 */
export { alternation, type Language, lexicon } from './lexicon.ts';
export { foldAccents, type Glossary, glossFrench, makeGlossary, readAsEnglish } from './gloss.ts';
export { guardedSpans, isGuarded, type Span } from './guards.ts';
export {
  contentStems,
  countWords,
  detectLanguage,
  stem,
  stopWords,
  tokenize,
  type Token,
  words,
} from './words.ts';
export { type Sentence, sentenceSpans, splitSentences } from './sentences.ts';
export {
  type Amount,
  type DateMention,
  type Duration,
  findAmounts,
  findDates,
  findDurations,
  readNumber,
} from './numbers.ts';
export { type ListItem, splitList, splitListItems } from './lists.ts';
export { furnitureLines } from './paste.ts';
