/** Small deterministic text helpers shared by the offline engines and checks. */

export function countWords(text: string): number {
  const matches = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.\-/%$]*/gu);
  return matches ? matches.length : 0;
}

/** Words outside "[To complete: ...]" placeholders. */
export function countMaterialWords(text: string): number {
  return countWords(text.replace(/\[[^\]]*\]/g, ' '));
}

export { normalisePaste } from '../text/paste.ts';

/**
 * Abbreviations after which a full stop does not end the sentence whatever follows
 * ("Dr. Chen", "Fig. 2", "e.g. PCR"), and those after which it ends one only before a
 * capitalised new sentence ("Moldwise Analytics Inc. will…" vs "…Analytics Inc. We will…").
 */
const ALWAYS_ABBREVIATIONS = new Set(
  'dr mr mrs ms prof st mt fig figs eq eqs no nos vol vols pp ref refs sec cf vs e.g i.e approx ca dept univ assoc asst jan feb mar apr jun jul aug sep sept oct nov dec'.split(
    ' ',
  ),
);
const MID_ABBREVIATIONS = new Set(
  'inc ltd corp co llc plc al etc u.s u.k u.s.a ph.d m.sc b.sc jr sr'.split(' '),
);

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** The last word of a segment, lowercased without its final full stop ("Inc." → "inc", "e.g." → "e.g"). */
function trailingAbbreviation(segment: string): string | null {
  const m = /(?:^|[\s(])((?:\p{L}{1,5}\.)*\p{L}{1,5})\.$/u.exec(segment.trimEnd());
  return m?.[1] ? m[1].toLowerCase() : null;
}

/**
 * Sentences by Unicode sentence boundaries (ICU, through Intl.Segmenter), with a line break
 * always ending one (headings, list items) and abbreviations mended. Inline numbered items
 * ("(1) …; (2) …") are separate statements, as reviewers read them.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const block of text.replace(/\r/g, '').split(/\n+/)) {
    const segments = [...sentenceSegmenter.segment(block)].map((s) => s.segment);
    let pending = '';
    segments.forEach((segment, i) => {
      pending += segment;
      const next = segments[i + 1]?.trimStart() ?? '';
      const abbreviation = trailingAbbreviation(pending);
      const mends =
        next !== '' &&
        abbreviation !== null &&
        (ALWAYS_ABBREVIATIONS.has(abbreviation) ||
          (MID_ABBREVIATIONS.has(abbreviation) && !/^["“]?\p{Lu}/u.test(next)));
      if (mends) return;
      sentences.push(pending);
      pending = '';
    });
    if (pending) sentences.push(pending);
  }
  return sentences
    .flatMap((s) => s.split(/;\s+(?=\(?\d{1,2}[.)]\s)/))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/** Splits a free-text list (numbered, bulleted, one per line, or semicolons) into items. */
export function splitList(text: string): string[] {
  const cleaned = text.replace(/\r/g, '').trim();
  if (!cleaned) return [];
  let parts = cleaned.split(/\n+/);
  if (parts.length === 1) parts = cleaned.split(/;\s*|\s+(?=\(?\d+[.)]\s)/);
  return parts
    .map((p) => p.replace(/^\s*(?:[-*•–]|\(?\d+[.):]|\(?[a-z][.)])\s*/i, '').trim())
    .filter((p) => countWords(p) > 0);
}

export function ensurePeriod(text: string): string {
  const t = text.trim();
  if (!t) return t;
  return /[.!?:)"”]$/.test(t) ? t : `${t}.`;
}

export function truncateWords(text: string, max: number): string {
  const words = text.trim().split(/\s+/);
  return words.length <= max ? text.trim() : `${words.slice(0, max).join(' ')}…`;
}

const STOPWORDS = new Set(
  'a an and or of the for to in on with by incl including as per if any each etc from at its their other plan section form'.split(
    ' ',
  ),
);

/** Lowercase content words, cut to a 5-letter stem so "training"/"trainees" and "budget"/"budgets" meet. */
export function keyStems(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const stems = words.filter((w) => w.length > 2 && !STOPWORDS.has(w)).map((w) => w.slice(0, 5));
  return [...new Set(stems)];
}

// --- money -------------------------------------------------------------------------------------

/**
 * A number with what surrounds it: an optional currency code or sign before it, an optional
 * magnitude after it ("k", "M", "million") that must end a word — so "12 months" is never
 * "12 m" — and the word that follows, which says whether it is money at all.
 */
const AMOUNT_RE =
  /(?:\b(CAD|USD|US|CA|C|EUR|GBP)\s?)?([$€£])?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(?:\s?(k|K|M|MM|mm|million|thousand|mil|bn|billion)\b)?(?![\d,]*\d)(\s*[-–]?\s*[\p{L}%]+)?/gu;
/** Words after a number that make it money even without a sign: "45,000 dollars", "2 million CAD". */
const CURRENCY_AFTER = /^(?:dollars?|CAD|USD|EUR|GBP|euros?|pounds)$/i;
/**
 * Words after an unsigned number that make it something other than money: durations, counts,
 * sizes. An unsigned number is money only when nothing of this kind (no word at all, or a
 * linking word such as "for") follows it.
 */
const LINKING_WORDS = new Set(
  'for in to over per from and or is was are were will would be as of on at by with towards toward the this that which plus total'.split(
    ' ',
  ),
);

export interface MoneyMatch {
  value: number;
  text: string;
  /** A currency sign, code or word, or a k/M magnitude after a sign: certainly money. */
  explicit: boolean;
}

/**
 * Amounts of money in free text, read with their context: "$420,000 over 12 months" is one
 * amount ($420,000); "12 months", "3 years", "25 students", "2,000 words", "n = 1,200
 * participants" and years are never amounts. An unsigned number counts only when it is at
 * least 1,000 and no unit word follows it ("Equipment: 45,000.").
 */
export function findMoney(text: string): MoneyMatch[] {
  const found: MoneyMatch[] = [];
  for (const m of text.matchAll(AMOUNT_RE)) {
    const [whole, code, sign, digits, magnitude, after] = m;
    if (digits === undefined) continue;
    const before = text.slice(Math.max(0, (m.index ?? 0) - 4), m.index ?? 0);
    const nextWord = (after ?? '').replace(/^[\s\-–]+/, '');
    const currencyWord = CURRENCY_AFTER.test(nextWord);
    const hasCurrency = Boolean(code || sign || currencyWord);
    let value = Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    const mag = magnitude?.toLowerCase();
    // A bare "k"/"M" is a magnitude only beside a currency ("$45k"); "5 mm" is millimetres.
    const wordMagnitude = mag === 'million' || mag === 'thousand' || mag === 'billion' || mag === 'bn';
    if (mag && !hasCurrency && !wordMagnitude) continue;
    if (mag === 'k' || mag === 'thousand') value *= 1_000;
    else if (mag === 'm' || mag === 'mm' || mag === 'million' || mag === 'mil') value *= 1_000_000;
    else if (mag === 'bn' || mag === 'billion') value *= 1_000_000_000;
    if (!hasCurrency) {
      // "2 million people", "10,000 samples": a unit word follows, so this is a count.
      if (nextWord && !nextWord.startsWith('%') && !LINKING_WORDS.has(nextWord.toLowerCase())) continue;
      if (nextWord.startsWith('%')) continue;
      if (/[=≈~]\s*$|\bn\s*$/i.test(before)) continue;
      // A bare four-digit number between 1900 and 2100 is a year, not money.
      if (/^\d{4}$/.test(digits) && value >= 1900 && value <= 2100) continue;
      if (value < 1000) continue;
    }
    const amountText = whole.slice(0, whole.length - (currencyWord ? 0 : (after ?? '').length)).trim();
    found.push({ value, text: amountText, explicit: hasCurrency });
  }
  return found;
}

/** The stated total of a free-text budget: the largest amount in it ("$300,000 over 3 years ($100k/yr)"). */
export function parseBudgetTotal(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (!text) return null;
  const amounts = findMoney(text);
  if (amounts.length === 0) {
    // A form field holding only a number ("300000") is an amount; "12 months" is not.
    const bare = /^\s*(\d[\d,]*(?:\.\d+)?)\s*$/.exec(text);
    return bare?.[1] ? Number(bare[1].replace(/,/g, '')) : null;
  }
  return Math.max(...amounts.map((a) => a.value));
}

/** A milestone budget: a number, or the first amount in its text (the form's "numeric part"). */
export function parseMilestoneBudget(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (!value || !value.trim()) return null;
  const amounts = findMoney(value);
  if (amounts[0]) return amounts[0].value;
  const bare = /\d[\d,]*(?:\.\d+)?/.exec(value);
  return bare ? Number(bare[0].replace(/,/g, '')) : null;
}

export function formatMoney(value: number, currency: string): string {
  const rounded = Math.round(value * 100) / 100;
  const text = rounded.toLocaleString('en-US', {
    minimumFractionDigits: Number.isInteger(rounded) ? 0 : 2,
    maximumFractionDigits: 2,
  });
  return `${currency} $${text}`;
}

// --- dates -------------------------------------------------------------------------------------

/** Midnight UTC of a YYYY-MM-DD (or ISO) date, or null. */
export function parseDay(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  if (!m) return null;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) return null;
  return t;
}

export function formatDay(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** Whole days from start to end, as the generation dialog shows them (§4). */
export function daysBetween(start: number, end: number): number {
  return Math.round((end - start) / DAY_MS);
}

// --- limits ------------------------------------------------------------------------------------

/**
 * Words on a page under the usual funder formatting (single-spaced, 11–12 pt, 2 cm / 1 inch
 * margins) when a program states no figure of its own; program-criteria.json states one per
 * program. A page limit is an estimate in words, so it is flagged only when clearly over.
 */
export const WORDS_PER_PAGE = 500;
/** A page limit read as words is flagged only above this share of it (pages are not words). */
export const PAGE_LIMIT_TOLERANCE = 1.1;

export interface ParsedLimit {
  unit: 'words' | 'characters';
  max: number;
  /** Above this count the section is over its limit: max itself for words and characters. */
  flagAbove: number;
  note: string;
}

/**
 * "5 pages incl. figures" → 2,500 words (flagged above 2,750); "350 words"; "~2,000
 * characters"; otherwise null. Words and characters are the funder's own count and exact.
 */
export function parseLimit(
  limit: string | null | undefined,
  wordsPerPage: number = WORDS_PER_PAGE,
): ParsedLimit | null {
  if (!limit) return null;
  const exact = (unit: ParsedLimit['unit'], max: number): ParsedLimit => ({
    unit,
    max,
    flagAbove: max,
    note: `limit "${limit}"`,
  });
  const chars = /(\d[\d,]*)\s*(?:characters|chars)\b/i.exec(limit);
  if (chars?.[1]) return exact('characters', Number(chars[1].replace(/,/g, '')));
  const words = /(\d[\d,]*)\s*words?\b/i.exec(limit);
  if (words?.[1]) return exact('words', Number(words[1].replace(/,/g, '')));
  const pages = /(\d+(?:\.\d+)?)\s*pages?\b/i.exec(limit);
  if (pages?.[1]) {
    const max = Math.round(Number(pages[1]) * wordsPerPage);
    return {
      unit: 'words',
      max,
      flagAbove: Math.round(max * PAGE_LIMIT_TOLERANCE),
      note: `limit "${limit}", estimated at ${wordsPerPage} words per page; flagged only above ${Math.round(PAGE_LIMIT_TOLERANCE * 100)}%`,
    };
  }
  return null;
}
