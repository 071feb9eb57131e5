import type { CheckResult, SectionCheck } from '@grantleaf/shared/application-document.schema';
import { weightPercent } from '@grantleaf/shared/display-rules';
import { verdictOf } from '@grantleaf/shared/verdict';
import { clsx } from 'clsx';
import '../../../i18n/editor-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { formatCount } from '../../../lib/format-number.ts';

/**
 * The live checks beside the editor (issue 16 §2), drawn from the server's answer: the readiness
 * summary, each section's limit counter, and the criteria's required elements with the sentence
 * that supplies each. Clicking a finding moves to its section (and sentence).
 */

export type FocusTarget = (sectionId: string | null, quote?: string | null) => void;

/** Something left before submitting; the verdict's "N required elements not found" has its count. */
export interface LeftItem {
  message: string;
  sectionId: string | null;
  elementsNotFound?: number;
}
// The reason packages/shared/src/verdict.ts adds for elements not found.
const ELEMENTS_NOT_FOUND = /^\d+ required elements? not found$/;

const STATUS_CLASS = {
  found: 'bg-green-100 text-green-800',
  weak: 'bg-amber-100 text-amber-900',
  missing: 'bg-red-100 text-red-800',
  not_assessed: 'bg-slate-100 text-slate-800',
} as const;

/**
 * What is left before submitting, through the one verdict rule (packages/shared/src/verdict.ts):
 * "Submission ready" never shows beside a required element not found or a budget that does not
 * add up, even when the server's list of what is left is empty.
 */
export function leftToDo(result: CheckResult): LeftItem[] {
  const extra: { message: string; sectionId: string | null }[] = [];
  if (
    result.budget &&
    !result.budget.ok &&
    !result.left.some((l) => l.message.includes(result.budget?.message ?? ''))
  )
    extra.push({ message: result.budget.message, sectionId: result.budget.sectionId });
  const notFound = new Set(
    result.criteria.flatMap((c) => c.elements.filter((e) => e.status !== 'found').map((e) => e.id)),
  );
  const verdict = verdictOf({
    engine: 'offline',
    certification_status: result.left.length + extra.length ? 'Needs revision' : 'Submission ready',
    criticalGaps: [...result.left, ...extra].map((l) => l.message),
    elementsLeft: notFound.size,
  });
  if (verdict.ready) return [];
  const listed = new Set([...result.left, ...extra].map((l) => l.message));
  return [
    ...result.left,
    ...extra,
    ...verdict.reasons
      .filter((r) => !listed.has(r))
      .map((message) => ({
        message,
        sectionId: null,
        // The verdict's count of elements not found, said again in the interface's language.
        ...(ELEMENTS_NOT_FOUND.test(message) ? { elementsNotFound: notFound.size } : {}),
      })),
  ];
}

/**
 * A text the checks' server wrote (a finding, a limit note, a criterion): in French where the
 * message has a French entry (fr.messages.json), otherwise as sent and, in French, marked
 * lang="en" (the engine writes these in English; ADR 0850).
 */
function useSent(): (text: string) => { children: string; lang: 'en' | undefined } {
  const { language } = useTranslation();
  return (text) => {
    const shown = translateMessage(text);
    return { children: shown, lang: language === 'fr' && shown === text ? 'en' : undefined };
  };
}
function Sent({ text }: { text: string }) {
  return <span {...useSent()(text)} />;
}

export function ReadinessSummary({
  result,
  checking,
  error,
  onFocus,
}: {
  result: CheckResult | null;
  checking: boolean;
  error: string | null;
  onFocus: FocusTarget;
}) {
  const { t } = useTranslation();
  const left = result ? leftToDo(result) : [];
  return (
    <section aria-labelledby="readiness-title" className="rounded-md border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="readiness-title" className="text-base font-semibold text-slate-900">
          {t('checks.readiness')}
        </h2>
        <p className="text-xs text-slate-600" aria-live="polite">
          {error
            ? t('checks.unavailable', { error: translateMessage(error) })
            : checking
              ? t('checks.checking')
              : result
                ? t('checks.checked')
                : ''}
        </p>
      </div>
      {result === null ? (
        <p className="mt-2 text-sm text-slate-600">{t('checks.running')}</p>
      ) : left.length === 0 ? (
        <p className="mt-2 text-sm font-semibold text-green-800" data-testid="submission-ready">
          {t('checks.ready')}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-800" data-testid="left-count">
            {t('checks.left', { count: left.length })}
          </p>
          <ul className="mt-1 space-y-1 text-sm">
            {left.map((item, i) => (
              <li key={i}>
                {item.sectionId ? (
                  <button
                    type="button"
                    className="text-left text-brand-800 underline hover:text-brand-900"
                    onClick={() => onFocus(item.sectionId)}
                  >
                    <Sent text={item.message} />
                  </button>
                ) : (
                  <span className="text-slate-800">
                    {item.elementsNotFound === undefined ? (
                      <Sent text={item.message} />
                    ) : (
                      t('checks.elementsNotFound', { count: item.elementsNotFound })
                    )}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** "1,234 of 2,000 characters" beside a section, red when over a maximum. */
export function LimitCounter({ check, id }: { check: SectionCheck | undefined; id?: string }) {
  const { t } = useTranslation();
  if (!check) return null;
  const { count } = check;
  const words = t('checks.words', { count: check.words, number: formatCount(check.words) });
  return (
    <p
      id={id}
      data-testid={`counter-${check.id}`}
      className={clsx(
        'text-xs',
        count?.status === 'over' && count.kind === 'maximum'
          ? 'font-semibold text-red-700'
          : 'text-slate-600',
      )}
    >
      {count ? (
        <Sent text={count.note} />
      ) : (
        t('checks.noLimit', { words, characters: formatCount(check.characters) })
      )}
    </p>
  );
}

export function CheckPanel({
  result,
  sectionHeader,
  onFocus,
}: {
  result: CheckResult | null;
  sectionHeader: (id: string) => string;
  onFocus: FocusTarget;
}) {
  const { t } = useTranslation();
  const sent = useSent();
  if (!result) return null;
  return (
    <section aria-labelledby="checks-title" className="rounded-md border border-slate-200 bg-white p-4">
      <h2 id="checks-title" className="text-base font-semibold text-slate-900">
        {t('checks.requiredElements')}
      </h2>
      <p className="mt-1 text-xs text-slate-600">
        <Sent text={result.basis} />
      </p>
      {result.criteria.map((c) => (
        <div key={c.criterion} className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">
            <Sent text={c.criterion} />
            {c.weight !== null ? (
              <span className="font-normal text-slate-600"> ({weightPercent(c.weight)})</span>
            ) : null}
          </h3>
          <ul className="mt-1 space-y-2">
            {c.elements.map((e) => (
              <li key={e.id} className="text-sm" data-testid={`element-${e.id}`} data-status={e.status}>
                <span
                  className={clsx('mr-2 rounded px-1.5 py-0.5 text-xs font-medium', STATUS_CLASS[e.status])}
                >
                  {t(`checks.status.${e.status}`)}
                </span>
                <span className="font-medium text-slate-900">
                  <Sent text={e.label} />
                </span>
                {e.quote ? (
                  <button
                    type="button"
                    className="mt-0.5 block text-left text-xs text-slate-700 underline decoration-dotted hover:text-slate-900"
                    onClick={() => onFocus(e.sectionId, e.quote)}
                  >
                    “{e.quote}”{e.sectionId ? ` — ${sectionHeader(e.sectionId)}` : ''}
                  </button>
                ) : null}
                {e.status !== 'found' ? (
                  <p className="mt-0.5 text-xs text-slate-600">
                    <Sent text={e.expects} /> <Sent text={e.suggestion} />
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {result.budget ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('checks.budget')}</h3>
          <p
            className={clsx('text-sm', result.budget.ok ? 'text-slate-700' : 'text-red-700')}
            {...sent(result.budget.message)}
          />
        </div>
      ) : null}
      {result.totals.length > 1 ? (
        <div className="mt-3">
          <h3 className="text-sm font-semibold text-slate-900">{t('checks.totals')}</h3>
          <p className={clsx('text-sm', result.totalsAgree ? 'text-slate-700' : 'text-red-700')}>
            {result.totalsAgree ? t('checks.totalsAgree') : t('checks.totalsDiffer')}
            {result.totals.map((total) => `${total.header} ${total.amount}`).join('; ')}.
          </p>
        </div>
      ) : null}
    </section>
  );
}
