/**
 * Pure display rules of the signed-in workspace (spec §4, §9). The dashboard and the server's
 * e-mails and reports read the same rules, so a status never means two things.
 */

// A paid request's status (submission, idea, funding search) has one rule: paidWorkDisplay in
// paid-work-status.ts (ADR 0812).
export { type DisplayStatus } from './paid-work-status.ts';

/** Spec §4: Ready if the text contains 'ready', 'compliant' or 'submission ready'. */
export function certificationBadge(text: string | null | undefined): 'Ready' | 'Needs Revision' {
  const lower = (text ?? '').toLowerCase();
  return lower.includes('ready') || lower.includes('compliant') ? 'Ready' : 'Needs Revision';
}

export type Tone = 'green' | 'yellow' | 'red' | 'blue' | 'grey';

/** Funding probability (high, moderate, low) as a badge. Unknown values read as given, grey. */
export function fundingProbabilityBadge(value: string | null | undefined): { label: string; tone: Tone } {
  const v = (value ?? '').trim().toLowerCase();
  if (v === 'high') return { label: 'High', tone: 'green' };
  if (v === 'moderate' || v === 'medium') return { label: 'Moderate', tone: 'yellow' };
  if (v === 'low') return { label: 'Low', tone: 'red' };
  return { label: v ? v.charAt(0).toUpperCase() + v.slice(1) : 'Unknown', tone: 'grey' };
}

/**
 * A criterion's weight as a percentage. Weights are fractions (0.25) in the catalogue and the
 * criteria data; a figure above 1 is taken as already a percentage (25).
 */
export function weightPercent(weight: number): string {
  return `${Math.round(weight <= 1 ? weight * 100 : weight)}%`;
}

/** Spec §9: the mean of the criterion scores (out of 10) with one decimal; null when none score. */
export function meanScore(scores: ReadonlyArray<{ score: unknown }>): string | null {
  const numbers = scores.map((s) => Number(s.score)).filter((n) => Number.isFinite(n));
  if (numbers.length === 0) return null;
  return (numbers.reduce((a, b) => a + b, 0) / numbers.length).toFixed(1);
}

/** Spec §4 application badges: approved green, under_review yellow, rejected red, submitted blue, others grey. */
export function applicationStatusTone(status: string): Tone {
  switch (status) {
    case 'approved':
      return 'green';
    case 'under_review':
      return 'yellow';
    case 'rejected':
      return 'red';
    case 'submitted':
      return 'blue';
    default:
      return 'grey';
  }
}

/** Spec §4: underscores as spaces, capitalised ("under_review" → "Under review"). */
export function applicationStatusLabel(status: string): string {
  const spaced = status.replace(/_/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * The tracker's statuses in Canadian French, as the office pages name them (fr.office.json
 * appStatus), for what the server writes in French (exports, reminder mails); an unknown status
 * falls back to the English rule above.
 */
const FRENCH_APPLICATION_STATUS: Record<string, string> = {
  draft: 'Brouillon',
  submitted: 'Soumise',
  under_review: 'En évaluation',
  approved: 'Approuvée',
  rejected: 'Refusée',
};
export function applicationStatusLabelFr(status: string): string {
  return FRENCH_APPLICATION_STATUS[status] ?? applicationStatusLabel(status);
}

export const IN_PROGRESS_STATUSES = ['draft', 'submitted', 'under_review'] as const;

/**
 * The dollar value of an amount typed as free text: "$250,000", "CAD 1.2M", "750k", "2.5 million".
 * Null when there is no number in it.
 */
export function parseAmount(text: string | null | undefined): number | null {
  if (!text) return null;
  const match = /(-?\d[\d,\s]*(?:\.\d+)?)\s*(k|m|mm|b|bn|thousand|million|billion)?\b/i.exec(text);
  if (!match) return null;
  const n = Number(match[1]!.replace(/[,\s]/g, ''));
  if (!Number.isFinite(n)) return null;
  const unit = (match[2] ?? '').toLowerCase();
  const factor =
    unit === 'k' || unit === 'thousand'
      ? 1e3
      : unit === 'm' || unit === 'mm' || unit === 'million'
        ? 1e6
        : unit === 'b' || unit === 'bn' || unit === 'billion'
          ? 1e9
          : 1;
  return n * factor;
}

/** Spec §9: the second dashboard's total, the sum of approved amounts in millions, one decimal ("$2.4M"). */
export function approvedFundingMillions(apps: ReadonlyArray<{ status: string; amount: string }>): string {
  return `$${(approvedFunding(apps) / 1e6).toFixed(1)}M`;
}

/** The dollars of the approved applications' amounts (the web writes them in its language). */
export function approvedFunding(apps: ReadonlyArray<{ status: string; amount: string }>): number {
  return apps
    .filter((a) => a.status === 'approved')
    .reduce((sum, a) => sum + (parseAmount(a.amount) ?? 0), 0);
}

/** The four cards of the Grant Applications Dashboard. */
export function summariseApplications(apps: ReadonlyArray<{ status: string; amount: string }>) {
  return {
    total: apps.length,
    inProgress: apps.filter((a) => (IN_PROGRESS_STATUSES as readonly string[]).includes(a.status)).length,
    approved: apps.filter((a) => a.status === 'approved').length,
    totalFunding: approvedFundingMillions(apps),
  };
}

/**
 * Progress of a long-running item from its submission time and ETA: a fraction 0..0.95 (it never
 * reads 100% before the result is in) and the text of what is left.
 */
export function progressToward(
  submittedAt: string | null | undefined,
  etaAt: string | null | undefined,
  now: number = Date.now(),
): { fraction: number; remaining: string } {
  const start = submittedAt ? Date.parse(submittedAt) : NaN;
  const end = etaAt ? Date.parse(etaAt) : NaN;
  // No ETA means no measured duration yet (ADR 0097): nothing is promised.
  if (!Number.isFinite(end)) return { fraction: 0, remaining: 'Time left not known yet' };
  const span = Number.isFinite(start) && end > start ? end - start : 1;
  const done = Number.isFinite(start) ? (now - start) / span : 0;
  const fraction = Math.max(0, Math.min(0.95, done));
  const leftMs = end - now;
  if (leftMs <= 0) return { fraction, remaining: 'Almost done...' };
  if (leftMs < 60_000) return { fraction, remaining: 'Less than a minute left' };
  const minutes = Math.ceil(leftMs / 60_000);
  if (minutes < 60) return { fraction, remaining: `About ${minutes} minutes left` };
  const hours = Math.round(minutes / 60);
  return { fraction, remaining: `About ${hours} hour${hours === 1 ? '' : 's'} left` };
}
