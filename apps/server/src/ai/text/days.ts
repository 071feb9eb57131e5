import { calendarDaysBetween } from '@grantleaf/shared/days';
/** Calendar days of the generation form's milestones. */

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

/** Whole days from start to end, as the generation dialog shows them (§4). */
export function daysBetween(start: number, end: number): number {
  return calendarDaysBetween(start, end);
}

const FRENCH_DAY = new Intl.DateTimeFormat('fr-CA', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * A funder's YYYY-MM-DD day as a draft in `language` writes it (issue 31 §2): English keeps the
 * ISO day the form gave; French writes "12 mars 2027". Anything that is not a valid day stays
 * as written.
 */
export function formatDayIn(value: string, language: 'en' | 'fr'): string {
  if (language === 'en') return value;
  const t = parseDay(value);
  return t === null ? value : FRENCH_DAY.format(t);
}
