import { BUDGET_CURRENCIES } from '@grantleaf/shared/budget.schema';
import { FieldError, Input, Label, Select } from '../../../components/ui/input.tsx';
import '../../../i18n/budget-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { type BudgetPartProps, foreignCurrencies, type RateForm } from './budget-form.ts';

/**
 * Amounts in another currency than the program's (ADR 0940): the currency a line or partner is
 * typed in, and the applicant's rate for each such currency with its source and date. Grantleaf
 * holds no rate: without one, the amounts count for nothing and the findings say so.
 */

/** A line's or partner's currency: blank is the program's. */
export function CurrencySelect({
  id,
  value,
  program,
  onChange,
}: {
  id: string;
  value: string;
  program: string;
  onChange: (currency: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <Label htmlFor={id}>{t('budget.currency')}</Label>
      <Select
        id={id}
        value={value === program ? '' : value}
        onChange={(e) => onChange(e.target.value)}
        options={[
          { value: '', label: program },
          ...BUDGET_CURRENCIES.filter((c) => c !== program).map((c) => ({ value: c, label: c })),
        ]}
      />
    </div>
  );
}

/** One rate per currency in use, shown only when a line or partner is typed in another currency. */
export function BudgetRates({ form, currency, fieldError, edit }: BudgetPartProps) {
  const { t } = useTranslation();
  const used = foreignCurrencies(form).filter((c) => c !== currency);
  if (used.length === 0) return null;
  const rateOf = (c: string): RateForm =>
    form.rates.find((r) => r.currency === c) ?? { currency: c, rate: '', source: '', date: '' };
  const setRate = (c: string, patch: Partial<RateForm>) =>
    edit((f) => ({
      ...f,
      rates: [...f.rates.filter((r) => r.currency !== c), { ...rateOf(c), ...patch }],
    }));
  return (
    <fieldset className="space-y-3" data-testid="budget-rates">
      <legend className="text-base font-semibold text-slate-900">{t('budget.rates.heading')}</legend>
      <p className="text-sm text-slate-700">{t('budget.rates.intro', { currency })}</p>
      {used.map((c) => {
        const r = rateOf(c);
        const field = (name: 'rate' | 'source' | 'date') => `rate-${c}-${name}`;
        return (
          <div
            key={c}
            className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[10rem_minmax(0,1fr)_11rem]"
          >
            {(
              [
                ['rate', t('budget.rates.rate', { from: c, to: currency }), 'decimal', r.rate],
                ['source', t('budget.rates.source', { from: c }), undefined, r.source],
                ['date', t('budget.rates.date', { from: c }), undefined, r.date],
              ] as const
            ).map(([name, label, inputMode, value]) => (
              <div key={name}>
                <Label htmlFor={field(name)}>{label}</Label>
                <Input
                  id={field(name)}
                  inputMode={inputMode}
                  placeholder={name === 'date' ? 'YYYY-MM-DD' : undefined}
                  maxLength={name === 'source' ? 200 : 24}
                  value={value}
                  aria-invalid={fieldError(field(name)) ? true : undefined}
                  aria-describedby={`${field(name)}-error`}
                  onChange={(e) => setRate(c, { [name]: e.target.value })}
                />
                <FieldError id={`${field(name)}-error`}>{fieldError(field(name))}</FieldError>
              </div>
            ))}
          </div>
        );
      })}
    </fieldset>
  );
}
