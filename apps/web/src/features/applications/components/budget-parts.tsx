import type { BudgetFinding, BudgetSummary } from '@grantleaf/shared/budget.schema';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { ToneBadge, type BadgeTone } from '../../../components/ui/tone-badge.tsx';
import '../../../i18n/budget-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';

/** The budget builder's read-outs and amount rows (budget-builder.tsx): totals, findings, a row of years. */

const TONE: Record<BudgetFinding['status'], BadgeTone> = {
  unmet: 'red',
  check: 'yellow',
  met: 'green',
  info: 'blue',
};

export function AmountRow(props: {
  prefix: string;
  caption: string;
  years: number[];
  values: string[];
  error: (id: string) => string | undefined;
  onChange: (values: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="mt-2" role="group" aria-label={props.caption}>
      <p className="mb-1 text-xs font-medium text-slate-700">{props.caption}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-7">
        {props.years.map((y) => {
          const id = `${props.prefix}-${y}`;
          const error = props.error(id);
          return (
            <div key={y}>
              <Label htmlFor={id} className="text-xs font-normal">
                {t('budget.year', { n: y + 1 })}
              </Label>
              <Input
                id={id}
                inputMode="numeric"
                value={props.values[y] ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-error`}
                onChange={(e) => props.onChange(props.values.map((v, i) => (i === y ? e.target.value : v)))}
              />
              <FieldError id={`${id}-error`}>{error}</FieldError>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** The totals' rows: their catalogue key (budget.totals.*), also the cell's stable test id. */
const TOTAL_ROWS = ['direct', 'indirect', 'partnerCash', 'partnerInKind', 'requested'] as const;

export function BudgetTotals({
  summary,
  money,
  stale,
}: {
  summary: BudgetSummary;
  money: (n: number) => string;
  stale: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">{t('budget.totals.heading')}</h3>
      {stale ? <p className="text-sm text-amber-800">{t('budget.totals.stale')}</p> : null}
      <div className="mt-2 overflow-x-auto" tabIndex={0} aria-label={t('budget.totals.table')}>
        <table className="min-w-full text-sm">
          <thead>
            <tr className="text-left text-slate-700">
              <th scope="col" className="py-1 pr-3 font-medium">
                &nbsp;
              </th>
              {summary.direct.map((_, i) => (
                <th key={i} scope="col" className="py-1 pr-3 text-right font-medium">
                  {t('budget.year', { n: i + 1 })}
                </th>
              ))}
              <th scope="col" className="py-1 text-right font-medium">
                {t('budget.totals.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {TOTAL_ROWS.map((row) => (
              <tr key={row} className="border-t border-slate-200">
                <th scope="row" className="py-1 pr-3 text-left font-normal text-slate-800">
                  {t(`budget.totals.${row}`)}
                </th>
                {summary[row].map((v, i) => (
                  <td key={i} className="py-1 pr-3 text-right whitespace-nowrap">
                    {money(v)}
                  </td>
                ))}
                <td
                  className="py-1 text-right font-medium whitespace-nowrap"
                  data-testid={`budget-total-${row}`}
                >
                  {money(summary.totals[row])}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * The findings and the basis are checkBudget's English, quoting the funder's rule as read on its
 * page (cost-rules.json `says`); a French page says so rather than paraphrase a rule it never read.
 */
export function BudgetFindings({ findings, basis }: { findings: BudgetFinding[]; basis: string }) {
  const { t, language } = useTranslation();
  return (
    <div>
      <h3 className="text-base font-semibold text-slate-900">{t('budget.rules.heading')}</h3>
      {language === 'en' ? null : (
        <p className="mt-1 text-xs text-slate-600">{t('budget.rules.englishOnly')}</p>
      )}
      {/* checkBudget's English, marked so; the label before it is in the page's language. */}
      <p className="mt-1 text-sm text-slate-700">
        {t('budget.rules.basis', { basis: '' })}
        <span lang="en">{basis}</span>
      </p>
      {findings.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t('budget.rules.none')}</p>
      ) : (
        <ul className="mt-2 space-y-2" aria-label={t('budget.rules.list')}>
          {findings.map((f, i) => (
            <li
              key={i}
              className="rounded-md border border-slate-200 p-2 text-sm"
              data-testid="budget-finding"
              data-status={f.status}
            >
              <ToneBadge tone={TONE[f.status]}>{t(`budget.status.${f.status}`)}</ToneBadge>
              <p className="mt-1 break-words text-slate-900" lang="en">
                {f.message}
              </p>
              {f.rule ? (
                <p className="mt-1 text-xs break-words text-slate-600">
                  {t('budget.rules.source')}{' '}
                  <a
                    href={f.rule.source}
                    className="text-brand-800 underline"
                    target="_blank"
                    rel="noreferrer"
                  >
                    {new URL(f.rule.source).hostname}
                  </a>{' '}
                  {t('budget.rules.read', { date: f.rule.read })}
                  {f.rule.verified ? '' : t('budget.rules.unconfirmed')}
                  {f.rule.note && !f.rule.verified ? (
                    <>
                      {' · '}
                      <span lang="en">{f.rule.note}</span>
                    </>
                  ) : null}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
