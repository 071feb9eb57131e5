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
