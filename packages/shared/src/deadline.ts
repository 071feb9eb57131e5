import { z } from 'zod';
import { daysUntil, toLocalDay } from './deadline-days.ts';

// Counting days and the §4 badge live in a module without zod (the dashboard's tables show the
// badge at first paint, ADR 190); they stay importable from here.
export { daysUntil, deadlineBadge, nextDeadline, type DeadlineBadge } from './deadline-days.ts';

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
  /**
   * Issue 25 §3: competitions or calls the funder runs from time to time with no date announced
   * now ("every 24 to 30 months", themed calls). `last` names the last round as the funder dated
   * it; `calls` when each call sets its own dates (CIHR Catalyst, CSA announcements).
   */
  z
    .object({
      kind: z.literal('periodic'),
      last: z.string().min(1).max(120).optional(),
      every: z.string().min(1).max(60).optional(),
      calls: z.boolean().optional(),
    })
    .strict(),
  /** Only by invitation or by an institution's nomination; no open call to apply to. */
  z.object({ kind: z.literal('invitation'), by: z.string().min(1).max(120).optional() }).strict(),
  /** The funder says it is not taking applications now (paused, closed to new applicants). */
  z.object({ kind: z.literal('paused'), since: z.string().min(1).max(120).optional() }).strict(),
  /** The funder has archived the program: it will not run again as it was. */
  z.object({ kind: z.literal('archived'), last: z.string().min(1).max(120).optional() }).strict(),
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
  if (rule.kind !== 'recurring' && rule.kind !== 'fixed') return [];
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

/** Kinds of intake under which no application is taken now (issue 25 §3). */
export const NOT_OPEN_INTAKE: ReadonlySet<DeadlineRule['kind']> = new Set(['paused', 'archived']);

/** Whether the funder says the program takes no applications now. */
export const intakeNotOpen = (rule: DeadlineRule | null | undefined) =>
  Boolean(rule && NOT_OPEN_INTAKE.has(rule.kind));

const since = (text: string | undefined) => (text ? ` (last: ${text})` : '');

/**
 * How a program's timing reads where there is no date to show. "Rolling intake" only where the
 * funder says rolling (issue 25 §3); a round with no date announced says so, with the last one.
 */
export function intakeText(rule: DeadlineRule | null | undefined): string | null {
  if (!rule) return null;
  switch (rule.kind) {
    case 'continuous':
      return 'Continuous intake';
    case 'rolling':
      return 'Rolling intake';
    case 'fixed':
      return 'Competition closed';
    case 'periodic':
      if (rule.calls)
        return rule.last
          ? `Dates set in each call; next call not announced${since(rule.last)}`
          : 'Dates set in each call';
      if (rule.every) return `Competition every ${rule.every}; next not announced${since(rule.last)}`;
      return `Next round not announced${since(rule.last)}`;
    case 'invitation':
      return rule.by ? `By invitation or nomination (${rule.by})` : 'By invitation or nomination';
    case 'paused':
      return rule.since ? `Not taking applications (since ${rule.since})` : 'Not taking applications';
    case 'archived':
      return `Archived by the funder${since(rule.last)}`;
    default:
      return null;
  }
}
