import { BUDGET_MAX_PARTNERS } from '@grantleaf/shared/budget.schema';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import '../../../i18n/budget-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { AmountRow } from './budget-parts.tsx';
import { type BudgetPartProps, newId, type PartnerForm, resize } from './budget-form.ts';
import { FilledFrom } from './budget-prefill.tsx';
import { CurrencySelect } from './budget-rates.tsx';

/** The builder's partners (budget-builder.tsx): name, size, cash and in-kind by year; never a request. */
export function BudgetPartners({
  form,
  currency,
  money,
  fieldError,
  edit,
}: BudgetPartProps & { money: (n: number, currency?: string | null) => string }) {
  const { t } = useTranslation();
  const years = Array.from({ length: form.years }, (_, i) => i);
  const setPartner = (id: string, patch: Partial<PartnerForm>) =>
    edit((f) => ({ ...f, partners: f.partners.map((p) => (p.id === id ? { ...p, ...patch } : p)) }));
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">{t('budget.partners')}</legend>
      {form.partners.map((p, index) => (
        <div key={p.id} className="rounded-md border border-slate-200 p-3" data-testid="budget-partner">
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_8rem_auto]">
            <div>
              <Label htmlFor={`partner-${p.id}-name`}>{t('budget.partner', { n: index + 1 })}</Label>
              <Input
                id={`partner-${p.id}-name`}
                value={p.name}
                maxLength={200}
                aria-invalid={fieldError(`partner-${p.id}-name`) ? true : undefined}
                aria-describedby={`partner-${p.id}-name-error`}
                onChange={(e) => setPartner(p.id, { name: e.target.value })}
              />
              <FieldError id={`partner-${p.id}-name-error`}>{fieldError(`partner-${p.id}-name`)}</FieldError>
            </div>
            <div>
              <Label htmlFor={`partner-${p.id}-employees`}>{t('budget.employees')}</Label>
              <Input
                id={`partner-${p.id}-employees`}
                inputMode="numeric"
                value={p.employees}
                aria-invalid={fieldError(`partner-${p.id}-employees`) ? true : undefined}
                aria-describedby={`partner-${p.id}-employees-error`}
                onChange={(e) => setPartner(p.id, { employees: e.target.value })}
              />
              <FieldError id={`partner-${p.id}-employees-error`}>
                {fieldError(`partner-${p.id}-employees`)}
              </FieldError>
            </div>
            <CurrencySelect
              id={`partner-${p.id}-currency`}
              value={p.currency}
              program={currency}
              onChange={(c) => setPartner(p.id, { currency: c })}
            />
            <div className="flex items-end">
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('budget.removePartner', { n: index + 1 })}
                onClick={() => edit((f) => ({ ...f, partners: f.partners.filter((x) => x.id !== p.id) }))}
              >
                {t('budget.remove')}
              </Button>
            </div>
          </div>
          {p.from ? (
            <ul className="mt-2 space-y-1" aria-label={t('budget.prefill.partnerFrom')}>
              {p.from.name ? (
                <FilledFrom what={t('budget.prefill.partnerName', { name: p.name })} source={p.from.name} />
              ) : null}
              {p.from.amounts.map((a, i) => (
                <FilledFrom
                  key={i}
                  what={t(a.perYear ? 'budget.prefill.perYear' : 'budget.prefill.wholeProject', {
                    what: t(a.kind === 'cash' ? 'budget.totals.partnerCash' : 'budget.totals.partnerInKind'),
                    amount: money(a.value, a.currency),
                  })}
                  source={a.source}
                />
              ))}
            </ul>
          ) : null}
          <AmountRow
            prefix={`partner-${p.id}-cash`}
            caption={t('budget.cashCaption', {
              name: p.name || t('budget.partner', { n: index + 1 }),
              currency: p.currency || currency,
            })}
            years={years}
            values={p.cash}
            error={fieldError}
            onChange={(cash) => setPartner(p.id, { cash })}
          />
          <AmountRow
            prefix={`partner-${p.id}-inKind`}
            caption={t('budget.inKindCaption', {
              name: p.name || t('budget.partner', { n: index + 1 }),
              currency: p.currency || currency,
            })}
            years={years}
            values={p.inKind}
            error={fieldError}
            onChange={(inKind) => setPartner(p.id, { inKind })}
          />
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        disabled={form.partners.length >= BUDGET_MAX_PARTNERS}
        onClick={() =>
          edit((f) => ({
            ...f,
            partners: [
              ...f.partners,
              {
                id: newId(),
                name: '',
                employees: '',
                cash: resize([], f.years),
                inKind: resize([], f.years),
                currency: '',
              },
            ],
          }))
        }
      >
        {t('budget.addPartner')}
      </Button>
    </fieldset>
  );
}
