import { deadlineBadge } from '@grantleaf/shared/deadline-days';
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
import { useTranslation } from '../i18n/index.ts';
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
const WAITING_BADGE: Record<string, string> = {
  periodic: 'No date announced',
  invitation: 'By nomination',
};

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
  const badge = deadlineBadge(deadline);
  const shut = closed || badge.kind === 'closed';
  const waiting = !deadline && !shut ? WAITING_BADGE[intakeKind ?? ''] : undefined;
  if (waiting)
    return (
      <span className="flex flex-wrap items-center gap-2">
        <span className="text-slate-800">{intake ?? pattern ?? 'Dates set in each call'}</span>
        <ToneBadge tone="grey">{waiting}</ToneBadge>
      </span>
    );
  return (
    <span className="flex flex-wrap items-center gap-2">
      {deadline ? (
        <span className="text-slate-800">
          {deadline}
          {expected && <span className="text-slate-600"> (expected)</span>}
        </span>
      ) : (
        <span className="text-slate-800">{intake ?? pattern ?? 'Dates set in each call'}</span>
      )}
      <ToneBadge tone={shut ? 'grey' : badge.highlighted ? 'orange' : 'green'}>
        {shut ? 'Closed' : badge.label}
      </ToneBadge>
    </span>
  );
}

/** A progress bar toward `etaTimestamp`, re-rendered every few seconds while shown. */
export function Progress({ submittedAt, etaAt }: { submittedAt: string; etaAt: string | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 5000);
    return () => clearInterval(id);
  }, []);
  const { fraction, remaining } = progressToward(submittedAt, etaAt, now);
  const percent = Math.round(fraction * 100);
  return (
    <div className="mt-1 w-40">
      <div
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-1.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-0.5 text-xs text-slate-600">{remaining}</p>
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
          Mean score: <strong data-testid="mean-score">{mean ?? '—'}</strong> / 10
        </span>
        <span className="flex items-center gap-1">
          Funding probability: <ToneBadge tone={probability.tone}>{probability.label}</ToneBadge>
        </span>
        <ToneBadge tone={certification === 'Ready' ? 'green' : 'yellow'}>{certification}</ToneBadge>
      </div>
      {scores.length === 0 ? (
        <p className="text-sm text-slate-600">No evaluation criteria in the results.</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-xs uppercase text-slate-600">
            <tr>
              <th className="py-1 pr-4">Criterion</th>
              <th className="py-1 pr-4">Score</th>
              <th className="py-1">Justification</th>
            </tr>
          </thead>
          <tbody>
            {scores.map((s, i) => (
              <tr key={`${s.criterion}-${i}`} className="border-t border-slate-200 align-top">
                <td className="py-1 pr-4 font-medium">{s.criterion}</td>
                <td className="py-1 pr-4">{s.score}/10</td>
                <td className="py-1">
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
