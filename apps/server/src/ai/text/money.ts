/**
 * Money in free-text form fields as the budget checks, the drafts and the exports read and print
 * it (ADR 0461). The fact model reads amounts with their role through `numbers.ts`; this reader
 * serves the budget arithmetic's callers that need only the figures.
 */

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

/**
 * An amount as a draft in `language` writes it (issue 31 §2): English as `formatMoney` always
 * has ("CAD $150,000"); Canadian French with the space groups and the sign after the figure
 * ("150 000 $", "150 000 $ US" for another currency), no-break spaces so it never wraps.
 */
export function formatMoneyIn(value: number, currency: string, language: 'en' | 'fr'): string {
  if (language === 'en') return formatMoney(value, currency);
  const rounded = Math.round(value * 100) / 100;
  const digits = new Intl.NumberFormat('fr-CA', {
    minimumFractionDigits: Number.isInteger(rounded) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(rounded);
  const sign = currency === 'CAD' ? '$' : currency === 'USD' ? '$\u00a0US' : currency;
  return `${digits}\u00a0${sign}`;
}
