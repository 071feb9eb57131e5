import { deadlineBadge, toLocalDay } from '@grantleaf/shared/deadline-days';
import type { ApplicationStatus } from '@grantleaf/shared/applications.schema';
import {
  applicationStatusTone,
  fundingProbabilityBadge,
  meanScore,
  progressToward,
  type DisplayStatus,
} from '@grantleaf/shared/display-rules';
import { resultVerdict, type ResultLike } from '@grantleaf/shared/verdict';
import { useEffect, useState } from 'react';
import '../i18n/dashboard-catalogue.ts';
import type { TFunction } from 'i18next';
import { useTranslation, type Language } from '../i18n/index.ts';
import { formatLongDate } from '../lib/format-date.ts';
import { formatOneDecimal } from '../lib/format-number.ts';
import { FailureNote } from './failure-note.tsx';
import { ToneBadge } from './ui/tone-badge.tsx';

export function StatusBadge({ status }: { status: DisplayStatus | string }) {
  // Words from the catalogue, never the stored value ('complete'; issue 28 item 14).
  const { t } = useTranslation();
  if (status === 'complete') return <ToneBadge tone="green">{t('labels.workStatus.complete')}</ToneBadge>;
  if (status === 'processing') return <ToneBadge tone="blue">{t('labels.workStatus.processing')}</ToneBadge>;
  return <ToneBadge tone="red">{t('labels.workStatus.error')}</ToneBadge>;
}

/**
 * Spec §4's application badge: its tone from the shared rule, its words from the catalogue (in
 * English, exactly `applicationStatusLabel`'s, which a test compares; ADR 0850).
 */
export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const { t } = useTranslation();
  return (
    <ToneBadge tone={applicationStatusTone(status)}>{t(`labels.applicationStatus.${status}`)}</ToneBadge>
  );
}

// Issue 25 §3: no date because none is announced yet, or because one is nominated, is not "Open".
const WAITING_BADGE: Record<string, 'deadlineCell.noDate' | 'deadlineCell.byNomination'> = {
  periodic: 'deadlineCell.noDate',
  invitation: 'deadlineCell.byNomination',
};

/**
 * Spec §4's deadline badge in the interface's language: the shared rule decides (closed, N days,
 * due today, open); the words are the catalogue's, in English exactly `deadlineBadge`'s label.
 */
function badgeText(badge: ReturnType<typeof deadlineBadge>, t: TFunction<'translation'>): string {
  if (badge.kind === 'closed') return t('deadlineCell.closed');
  if (badge.daysLeft === 0) return t('deadlineCell.dueToday');
  if (badge.kind === 'soon' && badge.daysLeft !== null)
    return t('deadlineCell.daysLeft', { count: badge.daysLeft });
  return t('deadlineCell.open');
}

/**
 * A program's next deadline (issue 14): the date, marked "expected" while it is projected from the
 * funder's rule; with no date, the kind of intake or the funder's pattern instead of a blank.
 */
export function DeadlineCell({
  deadline,
  expected = false,
  intake = null,
  pattern = null,
  closed = false,
  intakeKind = null,
}: {
  deadline: string | null;
  expected?: boolean;
  intake?: string | null;
  pattern?: string | null;
  /** The catalogue's own verdict (a fixed competition whose dates have all passed). */
  closed?: boolean;
  /** The funder's kind of intake: with no date, a round not announced or a nomination is not "Open". */
  intakeKind?: string | null;
}) {
  const { t, language } = useTranslation();
  const badge = deadlineBadge(deadline);
  const shut = closed || badge.kind === 'closed';
  const waiting = !deadline && !shut ? WAITING_BADGE[intakeKind ?? ''] : undefined;
  if (waiting)
    return (
      <span className="flex flex-wrap items-center gap-2">
        <IntakeText text={intake ?? pattern} />
        <ToneBadge tone="grey">{t(waiting)}</ToneBadge>
      </span>
    );
  return (
    <span className="flex flex-wrap items-center gap-2">
      {deadline ? (
        <span className="text-slate-800">
          {deadlineText(deadline, language)}
          {expected && <span className="text-slate-600"> {t('deadlineCell.expected')}</span>}
        </span>
      ) : (
        <IntakeText text={intake ?? pattern} />
      )}
      <ToneBadge tone={shut ? 'grey' : badge.highlighted ? 'orange' : 'green'}>
        {shut ? t('deadlineCell.closed') : badgeText(badge, t)}
      </ToneBadge>
    </span>
  );
}

/**
 * The date as the table writes it: the catalogue's 'YYYY-MM-DD' in English (as it always was), the
 * day written out in French ("1 novembre 2027"), read as a local calendar day as the badge reads it.
 */
function deadlineText(deadline: string, language: Language): string {
  const day = language === 'fr' ? toLocalDay(deadline) : null;
  return day ? formatLongDate(day) : deadline;
}

/** The funder's intake or pattern as the catalogue writes it (English, marked so), or ours. */
function IntakeText({ text }: { text: string | null }) {
  const { t } = useTranslation();
  return text ? (
    <span lang="en" className="text-slate-800">
      {text}
    </span>
  ) : (
    <span className="text-slate-800">{t('deadlineCell.datesPerCall')}</span>
  );
}

/**
 * What is left of a paid work's time, in the interface's language: the shared rule's steps
 * (`progressToward`; in English exactly its words).
 */
function remainingText(etaAt: string | null, now: number, t: TFunction<'translation'>): string {
  const end = etaAt ? Date.parse(etaAt) : NaN;
  if (!Number.isFinite(end)) return t('progress.unknown');
  const leftMs = end - now;
  if (leftMs <= 0) return t('progress.almostDone');
  if (leftMs < 60_000) return t('progress.underMinute');
  const minutes = Math.ceil(leftMs / 60_000);
  if (minutes < 60) return t('progress.minutes', { count: minutes });
  return t('progress.hours', { count: Math.round(minutes / 60) });
}

/** A progress bar toward `etaTimestamp`, re-rendered every few seconds while shown. */
export function Progress({ submittedAt, etaAt }: { submittedAt: string; etaAt: string | null }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(id);
  }, []);
  const { fraction } = progressToward(submittedAt, etaAt, now);
  const percent = Math.round(fraction * 100);
  return (
    <div className="mt-1 w-40">
      <div
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-0.5 text-xs text-slate-600">{remainingText(etaAt, now, t)}</p>
    </div>
  );
}

/** The Status cell of any paid work: its badge, a progress bar while it runs, why it failed and a retry. */
export function PaidWorkStatus({
  status,
  work,
  onRetry,
}: {
  /** Anything but 'complete' or 'processing' reads as an error, as in StatusBadge. */
  status: DisplayStatus | string;
  work: { submissionTimestamp: string; etaTimestamp: string | null; error: string | null };
  onRetry: () => void;
}) {
  return (
    <>
      <StatusBadge status={status} />
      {status === 'processing' && (
        <Progress submittedAt={work.submissionTimestamp} etaAt={work.etaTimestamp} />
      )}
      {status !== 'processing' && status !== 'complete' && (
        <FailureNote reason={work.error} onRetry={onRetry} />
      )}
    </>
  );
}

type Level = 'High' | 'Moderate' | 'Low' | 'Unknown';
const LEVELS: ReadonlySet<string> = new Set<Level>(['High', 'Moderate', 'Low', 'Unknown']);

interface EvaluationLike extends ResultLike {
  evaluation_scores?: Array<{
    criterion: string;
    score: number;
    justification: string | string[];
    elements?: { id: string; status: string }[];
  }>;
  funding_probability?: string;
  certification_status?: string;
}

/** Spec §4: the criteria with scores, mean to one decimal, funding-probability and certification badges. */
export function EvaluationDetails({ results }: { results: EvaluationLike }) {
  const { t } = useTranslation();
  const scores = Array.isArray(results.evaluation_scores) ? results.evaluation_scores : [];
  const mean = meanScore(scores);
  // One verdict (packages/shared/src/verdict.ts), as the result's own page shows it.
  const verdict = resultVerdict(results);
  const probability = fundingProbabilityBadge(verdict.probability);
  const certification = verdict.badge;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          {t('evaluation.mean')}{' '}
          <strong data-testid="mean-score">{mean === null ? '—' : formatOneDecimal(Number(mean))}</strong>{' '}
          {t('evaluation.outOf')}
        </span>
        <span className="flex items-center gap-1">
          {t('evaluation.probability')}{' '}
          <ToneBadge tone={probability.tone}>
            {LEVELS.has(probability.label) ? (
              t(`evaluation.level.${probability.label.toLowerCase() as Lowercase<Level>}`)
            ) : (
              // A level the engine wrote that the catalogue does not know: shown as it came.
              <span lang="en">{probability.label}</span>
            )}
          </ToneBadge>
        </span>
        <ToneBadge tone={certification === 'Ready' ? 'green' : 'yellow'}>
          {t(certification === 'Ready' ? 'evaluation.badge.ready' : 'evaluation.badge.needsRevision')}
        </ToneBadge>
      </div>
      {scores.length === 0 ? (
        <p className="text-sm text-slate-600">{t('evaluation.noCriteria')}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-600">
            <tr>
              <th className="py-1 pr-4">{t('evaluation.criterion')}</th>
              <th className="py-1 pr-4">{t('evaluation.score')}</th>
              <th className="py-1">{t('evaluation.justification')}</th>
            </tr>
          </thead>
          <tbody>
            {scores.map((s, i) => (
              <tr key={`${s.criterion}-${i}`} className="border-t border-slate-200 align-top">
                <td lang="en" className="py-1 pr-4 font-medium">
                  {s.criterion}
                </td>
                <td className="py-1 pr-4">{s.score}/10</td>
                <td lang="en" className="py-1">
                  {Array.isArray(s.justification) ? s.justification.join(' ') : s.justification}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
