/** Small deterministic text helpers shared by the offline engines and checks. */

export function countWords(text: string): number {
  const matches = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.\-/%$]*/gu);
  return matches ? matches.length : 0;
}

/** Words outside "[To complete: ...]" placeholders. */
export function countMaterialWords(text: string): number {
  return countWords(text.replace(/\[[^\]]*\]/g, ' '));
}

export function splitSentences(text: string): string[] {
  return (
    text
      .replace(/\r/g, '')
      // Inline numbered items ("(1) …; (2) …") are separate statements, as reviewers read them.
      .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])|\n+|;\s+(?=\(?\d{1,2}[.)]\s)/)
      .map((s) => s.trim())
      .filter((s) => s.length > 0)
  );
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

const MONEY_RE =
  /(?:\b(CAD|USD|US|CA|C|EUR|GBP)\s?)?([$€£])?\s?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?(k|K|m|M|mm|MM|million|thousand|mil|bn|billion)?(?![\d,])(?!\s?(?:%|percent|per cent|years?|yrs?|months?|weeks?|days?|hours?|pages?|words?|characters?|students?|participants?|patients?|sites?|people|interns?|trainees?|HQP|phases?|milestones?|objectives?|aims?)\b)/gi;

export interface MoneyMatch {
  value: number;
  text: string;
  explicit: boolean;
}

/**
 * Amounts of money in free text. A number counts when it has a currency sign or code, a k/M
 * suffix, or is at least 1,000 and not followed by a unit such as "years" or "%".
 */
export function findMoney(text: string): MoneyMatch[] {
  const found: MoneyMatch[] = [];
  for (const m of text.matchAll(MONEY_RE)) {
    const [whole, code, sign, digits, suffix] = m;
    if (digits === undefined) continue;
    let value = Number(digits.replace(/,/g, ''));
    if (!Number.isFinite(value)) continue;
    const s = suffix?.toLowerCase();
    if (s === 'k' || s === 'thousand') value *= 1_000;
    else if (s === 'm' || s === 'mm' || s === 'million' || s === 'mil') value *= 1_000_000;
    else if (s === 'bn' || s === 'billion') value *= 1_000_000_000;
    const explicit = Boolean(code || sign || s);
    // A bare four-digit number between 1900 and 2100 is a year, not money.
    const isYear = !explicit && /^\d{4}$/.test(digits) && value >= 1900 && value <= 2100;
    if (isYear) continue;
    if (!explicit && value < 1000) continue;
    found.push({ value, text: whole.trim(), explicit });
  }
  return found;
}

/** The stated total of a free-text budget: the largest amount in it ("$300,000 over 3 years ($100k/yr)"). */
export function parseBudgetTotal(text: string | number | null | undefined): number | null {
  if (typeof text === 'number') return Number.isFinite(text) ? text : null;
  if (!text) return null;
  const amounts = findMoney(text);
  if (amounts.length === 0) {
    const bare = /\d[\d,]*(?:\.\d+)?/.exec(text);
    return bare ? Number(bare[0].replace(/,/g, '')) : null;
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

/** A single-spaced 12-point page holds about this many words; used to turn page limits into words. */
export const WORDS_PER_PAGE = 500;

export interface ParsedLimit {
  unit: 'words' | 'characters';
  max: number;
  note: string;
}

/** "5 pages incl. figures" → 2,500 words; "350 words"; "~2,000 characters"; otherwise null. */
export function parseLimit(limit: string | null | undefined): ParsedLimit | null {
  if (!limit) return null;
  const chars = /(\d[\d,]*)\s*(?:characters|chars)\b/i.exec(limit);
  if (chars?.[1]) {
    return { unit: 'characters', max: Number(chars[1].replace(/,/g, '')), note: `limit "${limit}"` };
  }
  const words = /(\d[\d,]*)\s*words?\b/i.exec(limit);
  if (words?.[1]) return { unit: 'words', max: Number(words[1].replace(/,/g, '')), note: `limit "${limit}"` };
  const pages = /(\d+(?:\.\d+)?)\s*pages?\b/i.exec(limit);
  if (pages?.[1]) {
    const n = Number(pages[1]);
    return {
      unit: 'words',
      max: Math.round(n * WORDS_PER_PAGE),
      note: `limit "${limit}", counted as ${WORDS_PER_PAGE} words per page`,
    };
  }
  return null;
}
