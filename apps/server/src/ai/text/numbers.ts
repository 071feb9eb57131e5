import { alternation, type Language, lexicon } from './lexicon.ts';

/**
 * Numbers, money, durations and dates as English and French write them: "$150,000",
 * "CAD 300,000", "1 234,56 $", "300 000 $ CA", "2,5 M$", "$45k", "12 months", "12 mois",
 * "2 years", "18-month", "March 2027", "31 mars 2027", "2027-03-31". Each reading keeps its span.
 */

/** "150,000" "150 000" "1 234,56" "1,234.56" "0.84" "0,84" → a number; null when not one. */
export function readNumber(raw: string): number | null {
  const s = raw.replace(/[\s\u00a0\u202f]/g, (m, i: number) => (/\d/.test(raw[i + 1] ?? '') ? '' : m)).trim();
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  let normal: string;
  if (lastComma >= 0 && lastDot >= 0) {
    const decimal = lastComma > lastDot ? ',' : '.';
    const group = decimal === ',' ? '.' : ',';
    normal = s.split(group).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    // "150,000" and "1,234,567" group thousands; "0,84" and "1 234,56" are French decimals.
    normal = /^\d{1,3}(?:,\d{3})+$/.test(s) ? s.replace(/,/g, '') : s.replace(',', '.');
  } else if ((s.match(/\./g) ?? []).length > 1) normal = s.replace(/\./g, '');
  else normal = s;
  const n = Number(normal);
  return Number.isFinite(n) ? n : null;
}

export interface Amount {
  value: number;
  /** ISO code when the text names one ("CAD", "€", "euros"); null for a bare "$" or no sign. */
  currency: string | null;
  /** A currency sign, code or word is written: certainly money. */
  explicit: boolean;
  /** "per year", "/yr", "par année": the amount is yearly. */
  perYear: boolean;
  text: string;
  start: number;
  end: number;
}

const NUMBER = String.raw`\d{1,3}(?:(?:,|[ \u00a0\u202f])\d{3})+(?:[.,]\d+)?|\d{1,3}(?:\.\d{3}){2,}|\d+(?:[.,]\d+)?`;

let moneyRe: RegExp | undefined;

function moneyPattern(): RegExp {
  if (moneyRe) return moneyRe;
  const { currency, magnitudes } = lexicon();
  const codes = alternation([...currency.codes, ...Object.keys(currency.codeAliases)]);
  const signs = alternation(Object.keys(currency.signs));
  const words = alternation(Object.keys(currency.words));
  const mags = alternation(Object.keys(magnitudes));
  moneyRe = new RegExp(
    String.raw`(?:\b(?<code>${codes})\s?)?(?<sign>${signs})?\s?(?<num>${NUMBER})(?:\s?(?<mag>(?i:${mags}))(?![\p{L}]))?` +
      String.raw`(?:\s?(?<after>(?:${signs})\s?(?:CA|US|CAN)?(?![\p{L}])|(?:${codes}|(?i:${words}))(?![\p{L}])))?`,
    'gu',
  );
  return moneyRe;
}

const PER_YEAR =
  /^\s*(?:\(?\s*)?(?:per\s+(?:year|annum)|a\s+year|\/\s?(?:yr|year|an|année)|annually|yearly|par\s+(?:an|année)|annuellement)\b/i;

function currencyOf(code?: string, sign?: string, after?: string): string | null {
  const { currency } = lexicon();
  const fromCode = (c: string) =>
    currency.codes.includes(c.toUpperCase()) ? c.toUpperCase() : (currency.codeAliases[c] ?? null);
  if (code) return fromCode(code);
  const a = after?.trim();
  if (a) {
    if (/CA|CAN/.test(a)) return 'CAD';
    if (/US/.test(a)) return 'USD';
    if (currency.codes.includes(a.toUpperCase())) return a.toUpperCase();
    const word = currency.words[a.toLowerCase()];
    if (word !== undefined) return word;
    const s = currency.signs[a];
    if (s !== undefined) return s;
  }
  return sign ? (currency.signs[sign] ?? null) : null;
}

/**
 * Money in free text. An unsigned number is money only when it is at least 1,000, is not a year,
 * follows no "n =" or designator ("ISO 9001"), and no unit word follows it ("12 months",
 * "2,000 words", "25 étudiants"); "45,000 for equipment" stays money.
 */
export function findAmounts(text: string, language: Language = 'en'): Amount[] {
  const { magnitudes, symbolMagnitudes, linkingWords } = lexicon();
  const linking = new Set([...linkingWords.en, ...linkingWords.fr]);
  const out: Amount[] = [];
  for (const m of text.matchAll(moneyPattern())) {
    const g = m.groups ?? {};
    const num = g.num ?? '';
    if (/[\s\u00a0\u202f]/.test(num) && !(g.code || g.sign || g.after)) continue;
    let value = readNumber(num);
    if (value === null) continue;
    const explicit = Boolean(g.code || g.sign || g.after);
    const mag = g.mag?.toLowerCase();
    if (mag) {
      // "5 mm" is millimetres and "3 m" metres: a bare symbol is a magnitude only beside a currency.
      if (symbolMagnitudes.includes(mag) && !explicit && mag !== 'm$') continue;
      value *= magnitudes[mag] ?? 1;
    }
    const start = m.index;
    const end = start + m[0].length;
    const before = text.slice(Math.max(0, start - 12), start);
    const rest = text.slice(end);
    if (!explicit) {
      const nextWord = /^\s*[-–]?\s*([\p{L}%]+)/u.exec(rest)?.[1] ?? '';
      if (nextWord && (nextWord.startsWith('%') || !linking.has(nextWord.toLowerCase()))) continue;
      if (/^\s*%/.test(rest)) continue;
      if (/(?:[=≈~]|\bn)\s*$/i.test(before)) continue;
      if (/\b[A-Z]{2,}[-\s]?$/.test(before)) continue;
      if (/^\d{4}$/.test(num) && value >= 1900 && value <= 2100) continue;
      if (!mag && value < 1000) continue;
    }
    out.push({
      value,
      currency: currencyOf(g.code, g.sign, g.after),
      explicit,
      perYear: PER_YEAR.test(rest),
      text: m[0].trim(),
      start,
      end: start + m[0].trimEnd().length,
    });
  }
  void language;
  return out;
}

export interface Duration {
  value: number;
  unit: 'day' | 'week' | 'month' | 'year';
  months: number;
  text: string;
  start: number;
  end: number;
}

let durationRe: RegExp | undefined;

/** "12 months", "12 mois", "2 years", "18-month", "two years", "deux ans". */
export function findDurations(text: string): Duration[] {
  const { durations, numberWords } = lexicon();
  const units = Object.values(durations).flat();
  durationRe ??= new RegExp(
    String.raw`(?<![\p{L}\d.,])(?<n>\d+(?:[.,]\d+)?|${alternation(Object.keys(numberWords))})[\s\u00a0-]?(?<u>${alternation(units)})(?![\p{L}])`,
    'giu',
  );
  const out: Duration[] = [];
  for (const m of text.matchAll(durationRe)) {
    const n = m.groups?.n ?? '';
    const value = numberWords[n.toLowerCase()] ?? readNumber(n);
    const u = (m.groups?.u ?? '').toLowerCase();
    const unit = (Object.keys(durations) as Duration['unit'][]).find((k) => durations[k].includes(u));
    if (value === null || value === undefined || !unit) continue;
    const months =
      unit === 'year'
        ? value * 12
        : unit === 'month'
          ? value
          : unit === 'week'
            ? value / 4.345
            : value / 30.44;
    out.push({ value, unit, months, text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}

export interface DateMention {
  year: number;
  month: number | null;
  day: number | null;
  text: string;
  start: number;
  end: number;
}

let dateRe: RegExp | undefined;

/** "2027-03-31", "March 2027", "March 31, 2027", "31 mars 2027", "mars 2027". */
export function findDates(text: string): DateMention[] {
  const months = lexicon().months;
  const names = alternation(Object.keys(months));
  dateRe ??= new RegExp(
    String.raw`\b(?<iy>\d{4})-(?<im>\d{2})-(?<id>\d{2})\b|(?:\b(?<fd>\d{1,2})(?:er)?\s+)?(?<![\p{L}])(?<mn>${names})(?:\s+(?<ed>\d{1,2}),?)?\s+(?<y>\d{4})\b`,
    'giu',
  );
  const out: DateMention[] = [];
  for (const m of text.matchAll(dateRe)) {
    const g = m.groups ?? {};
    const base = { text: m[0], start: m.index, end: m.index + m[0].length };
    if (g.iy) out.push({ ...base, year: Number(g.iy), month: Number(g.im), day: Number(g.id) });
    else if (g.y && g.mn) {
      const day = g.fd ?? g.ed;
      out.push({
        ...base,
        year: Number(g.y),
        month: months[g.mn.toLowerCase()] ?? null,
        day: day ? Number(day) : null,
      });
    }
  }
  return out;
}
