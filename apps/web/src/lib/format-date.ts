/**
 * One way to show dates and times (issue 18 item 6): in the visitor's own locale (the browser's),
 * medium date, short time: "Nov 23, 2026, 11:41 PM" in en-US, "23 nov. 2026, 23 h 41" in fr-CA.
 * Formatters are made on first use, not at load, so no page pays for Intl before it shows a date.
 */
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let dateFormat: Intl.DateTimeFormat | undefined;

const toDate = (value: string | number | Date) => (value instanceof Date ? value : new Date(value));

export function formatDateTime(value: string | number | Date): string {
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(toDate(value));
}

export function formatDate(value: string | number | Date): string {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  return dateFormat.format(toDate(value));
}
