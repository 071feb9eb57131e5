import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import type { SectionAction, Suggestion } from '@grantleaf/shared/section-actions.schema';
import { diffWords } from 'diff';
import { Fragment, useMemo } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import '../../../i18n/editor-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatCreditAmount } from '../../../lib/format-number.ts';

/**
 * An AI action's suggestion beside its section (issue 16 §5): the section's text against the
 * suggested one as a word diff, numbers the application does not state marked for confirmation,
 * and Accept, Edit or Reject. Model text is rendered as React text, never as HTML.
 */

const PRICE = priceInCredits('section_action');

/** Buttons for the actions this section can take; none without a model (the caller decides). */
export function SectionActionButtons({
  header,
  actions,
  disabled,
  onRun,
}: {
  header: string;
  actions: SectionAction[];
  disabled: boolean;
  onRun: (action: SectionAction) => void;
}) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    <div
      className="mt-2 flex flex-wrap gap-2"
      role="group"
      aria-label={t('suggestion.actionsFor', { section: header })}
    >
      {actions.map((action) => (
        <Button key={action} variant="secondary" size="sm" disabled={disabled} onClick={() => onRun(action)}>
          {t('suggestion.withPrice', {
            // The plural follows the amount: "0,2 crédit" in French (below 2), "0.2 credits" in English.
            count: PRICE,
            action: t(`suggestion.actions.${action}`),
            price: formatCreditAmount(PRICE),
          })}
        </Button>
      ))}
    </div>
  );
}

const NUMBER = /(\d[\d,.]*%?)/;

/** Text with the numbers to confirm marked. */
function Marked({ text, numbers }: { text: string; numbers: Set<string> }) {
  const { t } = useTranslation();
  if (numbers.size === 0) return <>{text}</>;
  return (
    <>
      {text.split(NUMBER).map((part, i) => {
        const bare = part.replace(/[.,]+$/, '');
        return numbers.has(bare.replace(/%$/, '')) ? (
          <Fragment key={i}>
            <mark
              className="rounded bg-amber-200 px-0.5 text-slate-900"
              title={t('suggestion.notInApplication')}
            >
              {bare}
            </mark>
            {part.slice(bare.length)}
          </Fragment>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        );
      })}
    </>
  );
}

export function SuggestionDiff({
  before,
  after,
  newNumbers,
}: {
  before: string;
  after: string;
  newNumbers: string[];
}) {
  const { t } = useTranslation();
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  // Without the %: a word diff may add "42" and keep the "%" of the number it replaced.
  const numbers = useMemo(() => new Set(newNumbers.map((n) => n.replace(/%$/, ''))), [newNumbers]);
  return (
    <p
      className="max-h-80 overflow-y-auto rounded border border-slate-200 bg-white p-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-900"
      tabIndex={0}
      role="region"
      aria-label={t('suggestion.changes')}
      data-testid="suggestion-diff"
    >
      {parts.map((part, i) =>
        part.added ? (
          <ins key={i} className="bg-green-100 text-green-900 no-underline">
            <Marked text={part.value} numbers={numbers} />
          </ins>
        ) : part.removed ? (
          <del key={i} className="bg-red-100 text-red-900">
            {part.value}
          </del>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  );
}

export function SuggestionPanel({
  suggestion,
  busy,
  onAccept,
  onEdit,
  onReject,
}: {
  suggestion: Suggestion;
  busy: boolean;
  onAccept: () => void;
  onEdit: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation();
  const label = t(`suggestion.actions.${suggestion.action}`);
  if (suggestion.status === 'processing')
    return (
      <p
        role="status"
        className="mt-2 rounded border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
      >
        {t('suggestion.writing', { action: label })}
      </p>
    );
  if (suggestion.status === 'failed')
    return (
      <div role="alert" className="mt-2 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <p>{suggestion.error}</p>
        <Button variant="secondary" size="sm" className="mt-2" disabled={busy} onClick={onReject}>
          {t('suggestion.dismiss')}
        </Button>
      </div>
    );
  return (
    <div
      className="mt-2 space-y-2 rounded border border-slate-300 bg-brand-50 p-3"
      role="group"
      aria-label={t('suggestion.title', { action: label })}
    >
      <p className="text-sm font-semibold text-slate-900">{t('suggestion.title', { action: label })}</p>
      <p className="text-xs text-slate-700">{t('suggestion.legend')}</p>
      {suggestion.newNumbers.length > 0 ? (
        <p className="text-sm text-amber-900" data-testid="new-numbers">
          {t('suggestion.newNumbers', { numbers: suggestion.newNumbers.join(', ') })}
        </p>
      ) : null}
      <SuggestionDiff
        before={suggestion.before}
        after={suggestion.text ?? ''}
        newNumbers={suggestion.newNumbers}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={busy} onClick={onAccept}>
          {t('suggestion.accept')}
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={onEdit}>
          {t('suggestion.edit')}
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={onReject}>
          {t('suggestion.reject')}
        </Button>
      </div>
    </div>
  );
}
