import { formatCredits } from '@grantleaf/shared/constants';
import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import {
  NARRATIVE_PARTS,
  type DraftStatement,
  type NarrativeDraft,
  type NarrativePart,
} from '@grantleaf/shared/sred/narrative-draft.schema';
import { T661_WORD_LIMITS } from '@grantleaf/shared/sred/sred.schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { useDismissNarrativeDraft, useStartNarrativeDraft } from '../api/sred.api.ts';
import { narrativeDraftsQuery } from '../api/sred.queries.ts';
import { useQuery } from '@tanstack/react-query';

const PRICE = formatCredits(priceInCredits('sred_narrative'));

/**
 * A model's draft of one project's T661 Part 2 (issue 30 §4, ADR 0710), beside the editor: each
 * kept statement with the entries it cites, what the server could not trace marked, what it left
 * out listed, the offline checks of the drafted text. "Use this part" puts one part in the editor,
 * where the user saves it: the draft never writes the project. Model text is React text, never HTML.
 */
export function NarrativeDraftPanel({
  claimId,
  projectId,
  onUse,
}: {
  claimId: string;
  projectId: string;
  onUse: (part: NarrativePart, text: string) => void;
}) {
  const { t } = useTranslation();
  const drafts = useQuery(narrativeDraftsQuery(claimId));
  const start = useStartNarrativeDraft(claimId);
  const draft = drafts.data?.data.filter((d) => d.projectId === projectId).at(-1);
  const available = drafts.data?.available ?? false;

  function ask() {
    start.mutate(projectId, {
      onError: (err) => toast.error(messageOf(err, t('sred.draft.startFailed'))),
    });
  }

  return (
    <section
      aria-label={t('sred.draft.heading')}
      className="space-y-2 rounded border border-slate-200 bg-slate-50 p-3"
    >
      <h4 className="text-sm font-semibold text-slate-900">{t('sred.draft.heading')}</h4>
      <p className="text-xs text-slate-700">{t('sred.draft.hint')}</p>
      {!drafts.data ? null : !available ? (
        <p className="text-sm text-slate-800" data-testid="sred-draft-unavailable">
          {t('sred.draft.needsModel')}
        </p>
      ) : draft ? (
        <DraftView claimId={claimId} draft={draft} onUse={onUse} />
      ) : (
        <Button size="sm" variant="secondary" disabled={start.isPending} onClick={ask}>
          {t('sred.draft.start', { price: PRICE })}
        </Button>
      )}
    </section>
  );
}

function DraftView({
  claimId,
  draft,
  onUse,
}: {
  claimId: string;
  draft: NarrativeDraft;
  onUse: (part: NarrativePart, text: string) => void;
}) {
  const { t } = useTranslation();
  const dismiss = useDismissNarrativeDraft(claimId);
  const [used, setUsed] = useState<NarrativePart[]>([]);
  if (draft.status === 'processing')
    return (
      <p role="status" className="text-sm text-slate-800">
        {t('sred.draft.writing', { count: draft.sources.length })}
      </p>
    );
  const close = (
    <Button
      size="sm"
      variant="secondary"
      disabled={dismiss.isPending}
      onClick={() => dismiss.mutate(draft.id)}
    >
      {t('sred.draft.dismiss')}
    </Button>
  );
  if (draft.status === 'failed' || !draft.parts)
    return (
      <div className="space-y-2">
        <p role="alert" lang="en" className="text-sm text-red-800">
          {draft.error}
        </p>
        {close}
      </div>
    );
  const parts = draft.parts;
  return (
    <div className="space-y-3" data-testid="sred-draft">
      <details className="text-sm text-slate-800">
        <summary className="cursor-pointer">
          {t('sred.draft.sources', { count: draft.sources.length })}
        </summary>
        <ul className="mt-1 space-y-1 pl-2">
          {draft.sources.map((s) => (
            <li key={s.id}>
              <strong>{s.id}</strong> {s.text}
            </li>
          ))}
        </ul>
      </details>
      {NARRATIVE_PARTS.map((p) => (
        <div key={p} className="space-y-1 rounded border border-slate-200 bg-white p-2">
          <h5 className="text-sm font-medium text-slate-900">
            {t('sred.narrative.lineLabel', {
              line: T661_WORD_LIMITS[p].line,
              question: t(`sred.narrative.${p}`),
            })}
          </h5>
          {parts[p].statements.length === 0 ? (
            <p className="text-sm text-slate-700">{t('sred.draft.nothingTraced')}</p>
          ) : (
            <ul className="space-y-1 text-sm text-slate-900">
              {parts[p].statements.map((s, i) => (
                <Statement key={i} statement={s} />
              ))}
            </ul>
          )}
          {parts[p].leftOut.length > 0 && (
            <details className="text-sm">
              <summary className="cursor-pointer text-amber-950">
                {t('sred.draft.leftOut', { count: parts[p].leftOut.length })}
              </summary>
              <ul className="space-y-1 pl-2 text-slate-800">
                {parts[p].leftOut.map((s, i) => (
                  <Statement key={i} statement={s} />
                ))}
              </ul>
            </details>
          )}
          {parts[p].statements.length > 0 && (
            <Button
              size="sm"
              disabled={used.includes(p)}
              onClick={() => {
                onUse(p, parts[p].text);
                setUsed((u) => [...u, p]);
                toast.success(t('sred.draft.usedToast', { line: T661_WORD_LIMITS[p].line }));
              }}
            >
              {used.includes(p)
                ? t('sred.draft.used')
                : t('sred.draft.use', { line: T661_WORD_LIMITS[p].line })}
            </Button>
          )}
        </div>
      ))}
      <div>
        <h5 className="text-sm font-medium text-slate-900">{t('sred.draft.checks')}</h5>
        {draft.checks.length === 0 ? (
          <p className="text-sm text-slate-700">{t('sred.narrative.noChecks')}</p>
        ) : (
          <ul lang="en" className="list-disc space-y-1 pl-5 text-sm text-amber-950">
            {draft.checks.map((c, i) => (
              <li key={i}>{c.message}</li>
            ))}
          </ul>
        )}
      </div>
      {close}
    </div>
  );
}

function Statement({ statement }: { statement: DraftStatement }) {
  const { t } = useTranslation();
  return (
    <li>
      {statement.text}{' '}
      <span className="text-xs text-slate-600">
        {statement.cites.length ? `[${statement.cites.join(', ')}]` : t('sred.draft.noCitation')}
      </span>
      {statement.problems.map((m) => (
        <span key={m} lang="en" className="block text-xs text-amber-950">
          {m}
        </span>
      ))}
    </li>
  );
}
