import { currentLanguage, type Language } from '../i18n/index.ts';

/**
 * One way to show dates and times (issue 18 item 6): medium date, short time. In English, in the
 * browser's own locale ("Nov 23, 2026, 11:41 PM" in en-US); in French, in fr-CA ("23 nov. 2026,
 * 23 h 41"), whatever the browser's locale (issue 31). Formatters are made on first use, not at
 * load, so no page pays for Intl before it shows a date; one set per language.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));
const localeOf = (language: Language) => (language === 'fr' ? 'fr-CA' : undefined);

function formatter(style: 'dateTime' | 'date' | 'long'): Intl.DateTimeFormat {
  const language = currentLanguage();
  const key = `${language}:${style}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      style === 'dateTime'
        ? { dateStyle: 'medium', timeStyle: 'short' }
        : { dateStyle: style === 'long' ? 'long' : 'medium' };
    format = new Intl.DateTimeFormat(localeOf(language), options);
    formats.set(key, format);
  }
  return format;
}

export function formatDateTime(value: string | number | Date): string {
  return formatter('dateTime').format(toDate(value));
}

export function formatDate(value: string | number | Date): string {
  return formatter('date').format(toDate(value));
}

/** A date written out ("November 27, 2026", "27 novembre 2026"), for sentences and deadlines. */
export function formatLongDate(value: string | number | Date): string {
  return formatter('long').format(toDate(value));
}
