import type { ApplicationDetail } from '@grantleaf/shared/application-document.schema';
import { REVIEW_MESSAGE_MAX, type ReviewState } from '@grantleaf/shared/office-review.schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Label, Textarea } from '../../../components/ui/input.tsx';
import '../../../i18n/office-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { formatDate, formatDateTime } from '../../../lib/format-date.ts';
import { useOfficeReviewActions } from '../api/teams.api.ts';
import { officeReviewQuery } from '../api/teams.queries.ts';
import { useQuery } from '@tanstack/react-query';

const STATE_STYLE: Record<ReviewState | 'draft', string> = {
  draft: 'bg-slate-100 text-slate-800',
  submitted: 'bg-amber-100 text-amber-900',
  changes_requested: 'bg-red-100 text-red-900',
  approved: 'bg-emerald-100 text-emerald-900',
};

/**
 * The office's review of this application (issue 32 §3, ADR 0440): its state for everyone who may
 * read it, Submit for the applicant, Request changes and Approve for the organisation's officers,
 * and the record of who did what and when.
 */
export function OfficeReviewPanel({ app }: { app: ApplicationDetail }) {
  const { t } = useTranslation();
  const review = useQuery(officeReviewQuery(app.id));
  const actions = useOfficeReviewActions(app.id);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const r = review.data;
  if (!r?.organisation) return null;
  const state = r.state ?? 'draft';

  async function run(action: (text: string) => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action(message.trim());
      setMessage('');
      toast.success(done);
    } catch (err) {
      toast.error(t('office.review.failed'), {
        description: messageOf(err, t('office.tryAgain')),
      });
    } finally {
      setBusy(false);
    }
  }

  const canWrite = r.canSubmit || r.canDecide;
  // Why it is back in review (ADR 0650): the last step was a change after approval.
  const last = r.events.at(-1);
  const returned = r.state === 'submitted' && last?.action === 'returned' ? last : null;
  return (
    <Card className="p-4" data-testid="office-review">
      <h2 className="text-base font-semibold text-slate-900">{t('office.review.title')}</h2>
      <p className="mt-1 text-sm text-slate-700">{t('office.review.with', { name: r.organisation.name })}</p>
      <p className="mt-2 text-sm">
        <span
          className={`inline-block rounded px-2 py-0.5 font-medium ${STATE_STYLE[state]}`}
          data-testid="office-review-state"
        >
          {t(`office.state.${state}`)}
        </span>
      </p>
      {returned ? (
        <p
          className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900"
          data-testid="office-review-returned"
        >
          {t('office.review.returnedWhy', {
            name: returned.actor ?? t('office.formerMember'),
            sections: returned.sections.join(', ') || '—',
            version: returned.version,
          })}
        </p>
      ) : null}
      {r.internalDeadline ? (
        <p className="mt-2 text-sm text-slate-700">
          {r.internalDeadlineDays === null
            ? t('office.review.internalDeadline', { date: formatDate(`${r.internalDeadline}T12:00:00`) })
            : t('office.review.internalDeadlineDays', {
                date: formatDate(`${r.internalDeadline}T12:00:00`),
                count: r.internalDeadlineDays,
              })}
        </p>
      ) : null}
      {canWrite ? (
        <div className="mt-3 space-y-2">
          <Label htmlFor="office-review-message">
            {r.canDecide ? t('office.review.messageOfficer') : t('office.review.messageApplicant')}
          </Label>
          <Textarea
            id="office-review-message"
            rows={3}
            maxLength={REVIEW_MESSAGE_MAX}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            {r.canSubmit ? (
              <Button
                size="sm"
                disabled={busy}
                onClick={() => void run(actions.submit, t('office.review.submitted'))}
              >
                {t('office.review.submit')}
              </Button>
            ) : null}
            {r.canDecide ? (
              <Button
                size="sm"
                variant="secondary"
                disabled={busy || !message.trim()}
                onClick={() => void run(actions.requestChanges, t('office.review.changesSent'))}
              >
                {t('office.review.requestChanges')}
              </Button>
            ) : null}
            {r.canDecide && r.state === 'submitted' ? (
              <Button
                size="sm"
                disabled={busy}
                onClick={() => void run(actions.approve, t('office.review.approvedToast'))}
              >
                {t('office.review.approve')}
              </Button>
            ) : null}
          </div>
        </div>
      ) : null}
      {r.events.length > 0 ? (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-900">{t('office.review.history')}</h3>
          <ol className="mt-1 space-y-2 text-sm" aria-label={t('office.review.history')}>
            {[...r.events].reverse().map((e) => (
              <li key={e.id} className="border-l-2 border-slate-200 pl-2">
                <p className="text-slate-900">
                  {t(`office.event.${e.action}`, {
                    name: e.actor ?? t('office.formerMember'),
                    version: e.version,
                  })}
                </p>
                <p className="text-xs text-slate-600">{formatDateTime(e.at)}</p>
                {e.sections.length > 0 ? (
                  <p className="text-slate-800">
                    {t('office.event.returnedSections', { sections: e.sections.join(', ') })}
                  </p>
                ) : null}
                {e.message ? (
                  <p className="whitespace-pre-wrap break-words text-slate-800">{e.message}</p>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </Card>
  );
}
