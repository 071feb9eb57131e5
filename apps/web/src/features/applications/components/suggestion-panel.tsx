import { formatCredits, priceInCredits } from '@grantleaf/shared/constants';
import {
  SECTION_ACTION_LABELS,
  type SectionAction,
  type Suggestion,
} from '@grantleaf/shared/section-actions.schema';
import { diffWords } from 'diff';
import { Fragment, useMemo } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * An AI action's suggestion beside its section (issue 16 §5): the section's text against the
 * suggested one as a word diff, numbers the application does not state marked for confirmation,
 * and Accept, Edit or Reject. Model text is rendered as React text, never as HTML.
 */

const PRICE = formatCredits(priceInCredits('sectionAction'));

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
  if (actions.length === 0) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2" role="group" aria-label={`AI actions for ${header}`}>
      {actions.map((action) => (
        <Button key={action} variant="secondary" size="sm" disabled={disabled} onClick={() => onRun(action)}>
          {SECTION_ACTION_LABELS[action]} ({PRICE} credits)
        </Button>
      ))}
    </div>
  );
}

const NUMBER = /(\d[\d,.]*%?)/;

/** Text with the numbers to confirm marked. */
function Marked({ text, numbers }: { text: string; numbers: Set<string> }) {
  if (numbers.size === 0) return <>{text}</>;
  return (
    <>
      {text.split(NUMBER).map((part, i) => {
        const bare = part.replace(/[.,]+$/, '');
        return numbers.has(bare.replace(/%$/, '')) ? (
          <Fragment key={i}>
            <mark className="rounded bg-amber-200 px-0.5 text-slate-900" title="Not in your application">
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
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  // Without the %: a word diff may add "42" and keep the "%" of the number it replaced.
  const numbers = useMemo(() => new Set(newNumbers.map((n) => n.replace(/%$/, ''))), [newNumbers]);
  return (
    <p
      className="max-h-80 overflow-y-auto rounded border border-slate-200 bg-white p-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-900"
      tabIndex={0}
      role="region"
      aria-label="Changes suggested"
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
  const label = SECTION_ACTION_LABELS[suggestion.action];
  if (suggestion.status === 'processing')
    return (
      <p
        role="status"
        className="mt-2 rounded border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
      >
        {label}: the AI is writing a suggestion. Your section is not changed until you accept it.
      </p>
    );
  if (suggestion.status === 'failed')
    return (
      <div role="alert" className="mt-2 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <p>{suggestion.error}</p>
        <Button variant="secondary" size="sm" className="mt-2" disabled={busy} onClick={onReject}>
          Dismiss
        </Button>
      </div>
    );
  return (
    <div
      className="mt-2 space-y-2 rounded border border-slate-300 bg-brand-50 p-3"
      role="group"
      aria-label={`Suggestion: ${label}`}
    >
      <p className="text-sm font-semibold text-slate-900">Suggestion: {label}</p>
      <p className="text-xs text-slate-700">
        Removed text is struck through, added text is green. Nothing changes until you accept.
      </p>
      {suggestion.newNumbers.length > 0 ? (
        <p className="text-sm text-amber-900" data-testid="new-numbers">
          Check before accepting, not in your application: {suggestion.newNumbers.join(', ')}
        </p>
      ) : null}
      <SuggestionDiff
        before={suggestion.before}
        after={suggestion.text ?? ''}
        newNumbers={suggestion.newNumbers}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" disabled={busy} onClick={onAccept}>
          Accept
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={onReject}>
          Reject
        </Button>
      </div>
    </div>
  );
}
