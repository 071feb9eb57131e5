import { z } from 'zod';
import { DEADLINE_HIGHLIGHT_DAYS } from './constants.ts';

export interface DeadlineBadge {
  kind: 'closed' | 'soon' | 'open';
  /** 'Closed', 'N day(s) left', 'Due today' or 'Open'. */
  label: string;
  /** Spec §4: highlighted when 1 to 30 days away (and on the day itself). */
  highlighted: boolean;
  /** Whole calendar days from today; null without a deadline. */
  daysLeft: number | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A 'YYYY-MM-DD' (or ISO timestamp) deadline as a local calendar day. */
function toLocalDay(value: string | Date): Date | null {
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
  const day = toLocalDay(deadline);
  const now = toLocalDay(today);
  if (!day || !now) return null;
  // Rounding absorbs the 23- or 25-hour days of daylight-saving changes.
  return Math.round((day.getTime() - now.getTime()) / DAY_MS);
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

// ---------------------------------------------------------------------------------------------
// Deadline rules (issue 14 §1): the next deadline is computed from the funder's rule and today.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

/** A day of the year: a date ("1 November") or the nth weekday of a month ("4th Wednesday of July"; nth -1 = last). */
export const dayOfYearSchema = z.union([
  z.object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) }).strict(),
  z
    .object({
      month: z.number().int().min(1).max(12),
      /** 0 = Sunday … 6 = Saturday. */
      weekday: z.number().int().min(0).max(6),
      nth: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(-1)]),
    })
    .strict(),
]);
export type DayOfYear = z.infer<typeof dayOfYearSchema>;

/** One dated step of a cycle ("Notification of intent", "Full application"); a later step may fall in the next year. */
const stageSchema = z
  .object({
    label: z.string().min(1),
    on: dayOfYearSchema,
    yearOffset: z.number().int().min(0).max(1).default(0),
  })
  .strict();

export const deadlineRuleSchema = z.discriminatedUnion('kind', [
  /** A one-off competition: these dates only; closed once they have passed. */
  z
    .object({
      kind: z.literal('fixed'),
      dates: z.array(z.object({ date: isoDate, label: z.string().default('Deadline') }).strict()).min(1),
    })
    .strict(),
  /**
   * Recurs every year: one intake (annual), several (quarterly, three times a year), each one
   * date or several stages (notification of intent, then full application). Dates falling on a
   * weekend move to the next Monday when `nextBusinessDay`.
   */
  z
    .object({
      kind: z.literal('recurring'),
      intakes: z.array(z.object({ stages: z.array(stageSchema).min(1) }).strict()).min(1),
      nextBusinessDay: z.boolean().default(false),
    })
    .strict(),
  /** Applications accepted at any time and decided as they come (IRAP, tax credits). */
  z.object({ kind: z.literal('continuous') }).strict(),
  /** Open windows announced by the funder without a fixed calendar; reviewed as received. */
  z.object({ kind: z.literal('rolling') }).strict(),
]);
export type DeadlineRule = z.infer<typeof deadlineRuleSchema>;
export type DeadlineRuleInput = z.input<typeof deadlineRuleSchema>;

export interface RuleDeadline {
  date: string;
  label: string;
  /** Projected from the rule; the funder has not published this date yet. */
  expected: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The calendar day a rule names in a given year ('YYYY-MM-DD'). */
export function dayInYear(on: DayOfYear, year: number, nextBusinessDay = false): string {
  let d: Date;
  if ('day' in on) {
    const last = new Date(year, on.month, 0).getDate();
    d = new Date(year, on.month - 1, Math.min(on.day, last));
  } else if (on.nth === -1) {
    d = new Date(year, on.month, 0);
    while (d.getDay() !== on.weekday) d.setDate(d.getDate() - 1);
  } else {
    d = new Date(year, on.month - 1, 1);
    while (d.getDay() !== on.weekday) d.setDate(d.getDate() + 1);
    d.setDate(d.getDate() + 7 * (on.nth - 1));
    // A 5th weekday that does not exist this month is the last one.
    if (d.getMonth() !== on.month - 1) d.setDate(d.getDate() - 7);
  }
  if (nextBusinessDay) while (d.getDay() === 0 || d.getDay() === 6) d.setDate(d.getDate() + 1);
  return iso(d);
}

// A published date within this many days of the rule's date is that cycle's date.
const CONFIRM_WINDOW_DAYS = 21;

/**
 * The deadlines still to come under a rule, soonest first: each intake's stages for this year's
 * and the next cycles, with a date the funder published (`confirmed`) replacing the rule's
 * projection for its cycle. Continuous and rolling intake have no dates; a fixed competition
 * has only its own.
 */
export function upcomingDeadlines(
  rule: DeadlineRule,
  confirmed: readonly string[] = [],
  today: Date = new Date(),
  cycles = 2,
): RuleDeadline[] {
  const upcoming = (d: RuleDeadline) => (daysUntil(d.date, today) ?? -1) >= 0;
  if (rule.kind === 'continuous' || rule.kind === 'rolling') return [];
  if (rule.kind === 'fixed') {
    return rule.dates
      .map((d) => ({ date: d.date, label: d.label, expected: false }))
      .filter(upcoming)
      .sort(byDate);
  }
  const out: RuleDeadline[] = [];
  const year = today.getFullYear();
  for (let y = year - 1; y <= year + cycles; y++) {
    for (const intake of rule.intakes) {
      for (const stage of intake.stages) {
        const projected = dayInYear(stage.on, y + stage.yearOffset, rule.nextBusinessDay);
        const published = confirmed.find(
          (c) => Math.abs(daysUntil(c, toLocalDay(projected)!) ?? 99) <= CONFIRM_WINDOW_DAYS,
        );
        out.push({ date: published ?? projected, label: stage.label, expected: !published });
      }
    }
  }
  const seen = new Set<string>();
  return out
    .filter(upcoming)
    .sort(byDate)
    .filter((d) => !seen.has(`${d.date}|${d.label}`) && seen.add(`${d.date}|${d.label}`))
    .slice(0, cycles * rule.intakes.reduce((n, i) => n + i.stages.length, 0));
}

function byDate(a: RuleDeadline, b: RuleDeadline) {
  return a.date.localeCompare(b.date);
}

/** The next deadline under a rule, or null (continuous or rolling intake, or a fixed competition that is over). */
export function nextRuleDeadline(
  rule: DeadlineRule,
  confirmed: readonly string[] = [],
  today: Date = new Date(),
): RuleDeadline | null {
  return upcomingDeadlines(rule, confirmed, today, 1)[0] ?? null;
}

/** How a program's timing reads where there is no date to show. */
export function intakeText(rule: DeadlineRule | null | undefined): string | null {
  if (!rule) return null;
  if (rule.kind === 'continuous') return 'Continuous intake';
  if (rule.kind === 'rolling') return 'Rolling intake';
  if (rule.kind === 'fixed') return 'Competition closed';
  return null;
}
