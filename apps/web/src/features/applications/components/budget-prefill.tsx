import type { BudgetPrefill, PrefillSource } from '@grantleaf/shared/budget.schema';
import '../../../i18n/budget-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';

/**
 * The builder's start from the application's material (issue 26 §1, ADR 0830): each value filled
 * in says where the applicant wrote it, the stated total, request and milestones' amounts are
 * shown as hints (never as lines), and what the material does not say is listed as missing.
 */

/** The form fields a prefilled value may come from (the draft's form, ADR 0830). */
const FORM_FIELDS = [
  'totalBudget',
  'industryPartner',
  'projectTimeline',
  'projectOverview',
  'teamProfiles',
  'milestone',
];

function useWhere() {
  const { t } = useTranslation();
  return (s: PrefillSource) =>
    s.origin === 'section'
      ? t('budget.prefill.section', { header: s.field })
      : FORM_FIELDS.includes(s.field)
        ? t(`budget.prefill.fields.${s.field as 'totalBudget'}`)
        : s.field;
}

/** One value and where it came from: "Partner cash CAD $100,000 — from Total budget (draft form): “…”". */
export function FilledFrom({ what, source }: { what: string; source: PrefillSource }) {
  const { t } = useTranslation();
  const where = useWhere();
  return (
    <li className="text-xs break-words text-slate-700" data-testid="budget-prefill-source">
      {t('budget.prefill.filledFrom', { what, where: where(source), quote: source.quote })}
    </li>
  );
}

export function PrefillPanel({
  prefill,
  projectCost,
  money,
}: {
  prefill: BudgetPrefill;
  /** The cost lines' total as now typed, beside the total the material states. */
  projectCost: number;
  /** An amount in the program's currency, or in the one the material states it in. */
  money: (n: number, currency?: string | null) => string;
}) {
  const { t } = useTranslation();
  const stated = [
    prefill.yearsSource
      ? { what: t('budget.prefill.years', { count: prefill.years }), source: prefill.yearsSource }
      : null,
    prefill.totalCost
      ? {
          what: t(prefill.totalCost.perYear ? 'budget.prefill.perYear' : 'budget.prefill.wholeProject', {
            what: t('budget.prefill.totalCost'),
            amount: money(prefill.totalCost.value, prefill.totalCost.currency),
          }),
          source: prefill.totalCost.source,
        }
      : null,
    prefill.requested
      ? {
          what: t(prefill.requested.perYear ? 'budget.prefill.perYear' : 'budget.prefill.wholeProject', {
            what: t('budget.prefill.requested'),
            amount: money(prefill.requested.value, prefill.requested.currency),
          }),
          source: prefill.requested.source,
        }
      : null,
    ...prefill.milestones.map((m) => ({
      what: t('budget.prefill.milestone', { title: m.title, amount: money(m.value) }),
      source: m.source,
    })),
  ].filter((x) => x !== null);
  return (
    <section
      className="rounded-md border border-brand-200 bg-brand-50 p-3"
      aria-labelledby="budget-prefill-heading"
      data-testid="budget-prefill"
    >
      <h3 id="budget-prefill-heading" className="text-base font-semibold text-slate-900">
        {t('budget.prefill.heading')}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{t('budget.prefill.intro')}</p>
      {stated.length ? (
        <>
          <p className="mt-2 text-sm font-medium text-slate-800">{t('budget.prefill.stated')}</p>
          <ul className="mt-1 space-y-1">
            {stated.map((s, i) => (
              <FilledFrom key={i} what={s.what} source={s.source} />
            ))}
          </ul>
        </>
      ) : null}
      {prefill.totalCost && !prefill.totalCost.perYear ? (
        <p className="mt-2 text-sm text-slate-800" data-testid="budget-prefill-against">
          {t('budget.prefill.against', {
            lines: money(projectCost),
            total: money(prefill.totalCost.value, prefill.totalCost.currency),
          })}
        </p>
      ) : null}
      <p className="mt-2 text-sm font-medium text-slate-800">{t('budget.prefill.missingHeading')}</p>
      <ul
        className="mt-1 list-disc space-y-1 pl-5 text-sm text-slate-800"
        data-testid="budget-prefill-missing"
      >
        {prefill.missing.map((m) => (
          <li key={m}>{t(`budget.prefill.missing.${m}`)}</li>
        ))}
      </ul>
    </section>
  );
}
