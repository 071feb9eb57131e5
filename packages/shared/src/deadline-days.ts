import { differenceInCalendarDays } from 'date-fns';
import { DEADLINE_HIGHLIGHT_DAYS } from './constants.ts';

// Counting calendar days and the spec §4 deadline badge, without zod (ADR 190); deadline.ts adds the
// funders' rules and their schemas.

export interface DeadlineBadge {
  kind: 'closed' | 'soon' | 'open';
  /** 'Closed', 'N day(s) left', 'Due today' or 'Open'. */
  label: string;
  /** Spec §4: highlighted when 1 to 30 days away (and on the day itself). */
  highlighted: boolean;
  /** Whole calendar days from today; null without a deadline. */
  daysLeft: number | null;
}

/** A 'YYYY-MM-DD' (or ISO timestamp) deadline as a local calendar day. */
export function toLocalDay(value: string | Date): Date | null {
  if (value instanceof Date)
    return Number.isNaN(value.getTime())
      ? null
      : new Date(value.getFullYear(), value.getMonth(), value.getDate());
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

/** Calendar days from today to the deadline (negative once past); null when absent or unreadable. */
export function daysUntil(
  deadline: string | Date | null | undefined,
  today: Date = new Date(),
): number | null {
  if (!deadline) return null;
  const now = localDayOf(today);
  if (!now) return null;
  if (typeof deadline !== 'string') return countDays(deadline, now);
  // The funding finder counts the days to every deadline of a large catalogue, most sharing a few
  // hundred dates: each date is counted once for the day it is counted from.
  if (now.getTime() !== countedFrom || counted.size >= COUNTED_MAX) {
    counted.clear();
    countedFrom = now.getTime();
  }
  let days = counted.get(deadline);
  if (days === undefined) {
    days = countDays(deadline, now);
    counted.set(deadline, days);
  }
  return days;
}

// The day counted from, kept for the last `today` seen: a search counts from one today for every
// program, and making its local day again (two Dates) for each was a tenth of a large search.
let lastToday = Number.NaN;
let lastDay: Date | null = null;
function localDayOf(today: Date): Date | null {
  const time = today.getTime();
  if (time !== lastToday) {
    lastDay = toLocalDay(today);
    lastToday = time;
  }
  return lastDay;
}

const COUNTED_MAX = 10_000;
const counted = new Map<string, number | null>();
let countedFrom = Number.NaN;

function countDays(deadline: string | Date, now: Date): number | null {
  const day = toLocalDay(deadline);
  if (!day) return null;
  // Local calendar days: date-fns counts across the 23- or 25-hour days of daylight-saving changes.
  return differenceInCalendarDays(day, now);
}

/**
 * Spec §4 program deadline badge: Closed if past; 'N day(s) left', highlighted, if 1 to 30 days
 * away; otherwise Open. A program without a deadline (rolling intake) is Open. The spec leaves the
 * deadline day itself unnamed; it is still open, so it reads 'Due today', highlighted.
 */
export function deadlineBadge(
  deadline: string | Date | null | undefined,
  today: Date = new Date(),
): DeadlineBadge {
  const days = daysUntil(deadline, today);
  if (days === null) return { kind: 'open', label: 'Open', highlighted: false, daysLeft: null };
  if (days < 0) return { kind: 'closed', label: 'Closed', highlighted: false, daysLeft: days };
  if (days === 0) return { kind: 'soon', label: 'Due today', highlighted: true, daysLeft: 0 };
  if (days <= DEADLINE_HIGHLIGHT_DAYS) {
    return {
      kind: 'soon',
      label: `${days} ${days === 1 ? 'day' : 'days'} left`,
      highlighted: true,
      daysLeft: days,
    };
  }
  return { kind: 'open', label: 'Open', highlighted: false, daysLeft: days };
}

/** The next date still to come from a program's dates, or null; dates are 'YYYY-MM-DD'. */
export function nextDeadline(dates: readonly string[], today: Date = new Date()): string | null {
  const upcoming = dates.filter((d) => (daysUntil(d, today) ?? -1) >= 0).sort();
  return upcoming[0] ?? null;
}
