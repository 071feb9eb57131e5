import type { Language } from '@grantleaf/shared/language';
import type { Tx } from '../../db/client.ts';
import { addMonths } from '@grantleaf/shared/sred/calculator';
import { listClaims, listClaimsEndedBetween } from './sred.repository.ts';
/** The claim of each of the user's narrative drafts, for the credit history (ADR 0710). */
export { ownDraftClaims } from './narrative-drafts.repository.ts';
import { deadlineOf } from './sred.service.ts';
import { calendarDaysBetween } from '@grantleaf/shared/days';

/**
 * Another module reads SR&ED claims only through here (ADR 53). The calendar feed shows each
 * claim's filing deadline (issue 30 §4): the recorded one, else the service's rule.
 */
export async function sredFilingDeadlines(
  db: Tx,
  userId: string,
): Promise<{ id: string; name: string; taxYearEnd: string; filingDeadline: string }[]> {
  const claims = await listClaims(db, userId);
  return claims.map((c) => ({
    id: c.id,
    name: c.settings.name,
    taxYearEnd: c.taxYearEnd,
    filingDeadline: c.result?.filingDeadline ?? deadlineOf(c.settings).date,
  }));
}

/**
 * Claims of every live account whose filing deadline is `today`..`today + withinDays` (UTC
 * dates), for the deadline-reminders job (ADR 0541): the recorded deadline, else the service's
 * rule, as in the calendar feed. `verified` says whether the deadline's rule was read on CRA's
 * own pages (the record's deadline line); the rule alone is not.
 */
export async function sredFilingDeadlinesDue(
  db: Tx,
  today: string,
  withinDays: number,
): Promise<
  {
    id: string;
    email: string;
    name: string;
    language: Language;
    claimName: string;
    taxYearEnd: string;
    filingDeadline: string;
    daysLeft: number;
    verified: boolean;
  }[]
> {
  // A deadline is months after the tax year's end: a year that has not ended has none due, and
  // three years back covers any rule the calculator holds (18 months today).
  const rows = await listClaimsEndedBetween(db, addMonths(today, -36), today);
  return rows.flatMap(({ claim, email, name, language }) => {
    const rule = deadlineOf(claim.settings);
    const filingDeadline = claim.result?.filingDeadline ?? rule.date;
    const daysLeft = calendarDaysBetween(today, filingDeadline);
    if (daysLeft < 0 || daysLeft > withinDays) return [];
    return [
      {
        id: claim.id,
        email,
        name,
        language,
        claimName: claim.settings.name,
        taxYearEnd: claim.taxYearEnd,
        filingDeadline,
        daysLeft,
        verified: claim.result?.lines.find((l) => l.key === 'deadline')?.verified ?? rule.verified,
      },
    ];
  });
}
