import { UTCDate } from '@date-fns/utc';
import { addDays, addMonths, differenceInCalendarDays, isLastDayOfMonth, lastDayOfMonth } from 'date-fns';
import { millisecondsInDay } from 'date-fns/constants';

// Day arithmetic in one place, through date-fns (issue 29 §5), so no module keeps its own
// `DAY_MS`. Funders' and CRA's dates are calendar days with no time zone: they are counted in UTC
// (`UTCDate`), so neither the server's zone nor a daylight-saving change moves them by one. A span
// of N days from an instant (a session's life, a refund window) is N × 24 hours, also in UTC.

/** 24 hours in milliseconds, for windows that are durations rather than calendar days. */
export const DAY_MS = millisecondsInDay;

type Day = string | number | Date;

/** A 'YYYY-MM-DD' string (or an ISO timestamp's date), a UTC timestamp or a Date, as a UTC day. */
function utcDay(value: Day): UTCDate {
  if (typeof value !== 'string') return new UTCDate(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value.trim());
  return m ? new UTCDate(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new UTCDate(Number.NaN);
}

/** The instant `days` whole days (of 24 hours) after `instant`; negative goes back. */
export function addDaysTo(instant: Date | number, days: number): Date {
  return new Date(addDays(new UTCDate(instant), days).getTime());
}

/**
 * Calendar days from `from` to `to` (negative when `to` is earlier); NaN when either is not a
 * date. Strings are read as their 'YYYY-MM-DD' day, never as local time.
 */
export function calendarDaysBetween(from: Day, to: Day): number {
  return differenceInCalendarDays(utcDay(to), utcDay(from));
}

/** 'YYYY-MM-DD' of `days` calendar days after a day given in any of the forms above. */
export function isoDayPlus(day: Day, days: number): string {
  return addDays(utcDay(day), days).toISOString().slice(0, 10);
}

/**
 * 'YYYY-MM-DD' plus whole months, as CRA counts a corporation's due dates: a day that ends its
 * month lands on the end of the target month (June 30 + 18 months = December 31, not 30); any other
 * day keeps its number, clipped to a shorter month (date-fns' own rule).
 */
export function isoDayPlusMonths(day: Day, months: number): string {
  const d = utcDay(day);
  const moved = addMonths(d, months);
  return (isLastDayOfMonth(d) ? lastDayOfMonth(moved) : moved).toISOString().slice(0, 10);
}
