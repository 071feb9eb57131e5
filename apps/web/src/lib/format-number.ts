import { formatMoney as formatShared } from '@grantleaf/shared/pricing';
import { currentLanguage, INTL_LOCALE } from '../i18n/index.ts';

/**
 * A count as the catalogue shows it, grouped in threes: with commas in English ("100,000", as
 * en-CA writes it), with no-break spaces in French ("100 000", as fr-CA writes it). Not through
 * Intl: the first Intl formatter of a page loads the browser's locale data, which cost the
 * dashboard's first render 60–80 ms of main thread for one number (ADR 190).
 */
export function formatCount(value: number): string {
  const separator = currentLanguage() === 'fr' ? '\u00a0' : ',';
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/**
 * An amount of money in the interface's language: "$1,234.56" in English, "1 234,56 $" in French.
 * Through the shared formatter (packages/shared/src/pricing.ts), so the web has one way to write
 * money, not two that disagree.
 */
export function formatMoney(amount: number, currency = 'CAD'): string {
  return formatShared(Math.round(amount * 100), currency, INTL_LOCALE[currentLanguage()], 'symbol');
}

/**
 * A price or amount in cents as paid work shows it: "CAD 29.00" / "USD 22.00" in English (the
 * code keeps the two currencies apart, the text these pages always had), "29,00 $" /
 * "22,00 $ US" in French (issue 31).
 */
export function formatCents(cents: number, currency: string): string {
  return currentLanguage() === 'fr' ? formatMoney(cents / 100, currency) : formatShared(cents, currency);
}

/** A number with one decimal: "2.4" in English, "2,4" in French (a score, millions of dollars). */
export function formatOneDecimal(value: number): string {
  const text = value.toFixed(1);
  return currentLanguage() === 'fr' ? text.replace('.', ',') : text;
}

/**
 * A credit amount with its one decimal, as prices and balances show it: "1.0" in English (the
 * shared `formatCredits`), "1,0" in French (issue 31).
 */
export function formatCreditAmount(value: number): string {
  return formatOneDecimal(value);
}
