import {
  BUDGET_LINE_CATEGORIES,
  BUDGET_MAX_LINES,
  type BudgetLineCategory,
} from '@grantleaf/shared/budget.schema';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label, Select, Textarea } from '../../../components/ui/input.tsx';
import '../../../i18n/budget-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { AmountRow } from './budget-parts.tsx';
import { CurrencySelect } from './budget-rates.tsx';
import { type BudgetPartProps, type LineForm, newId, resize } from './budget-form.ts';

/** The builder's cost lines (budget-builder.tsx): category, what the line pays for, one amount a year, a note. */
export function BudgetLines({ form, currency, fieldError, edit }: BudgetPartProps) {
  const { t } = useTranslation();
  const years = Array.from({ length: form.years }, (_, i) => i);
  const setLine = (id: string, patch: Partial<LineForm>) =>
    edit((f) => ({ ...f, lines: f.lines.map((l) => (l.id === id ? { ...l, ...patch } : l)) }));
  return (
    <fieldset className="space-y-3">
      <legend className="text-base font-semibold text-slate-900">{t('budget.costs')}</legend>
      {form.lines.length === 0 ? <p className="text-sm text-slate-600">{t('budget.noLines')}</p> : null}
      {form.lines.map((l, index) => (
        <div key={l.id} className="rounded-md border border-slate-200 p-3" data-testid="budget-line">
          <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_8rem_auto]">
            <div>
              <Label htmlFor={`line-${l.id}-category`}>{t('budget.category')}</Label>
              <Select
                id={`line-${l.id}-category`}
                value={l.category}
                onChange={(e) => setLine(l.id, { category: e.target.value as BudgetLineCategory })}
                options={BUDGET_LINE_CATEGORIES.map((c) => ({
                  value: c,
                  label: t(`budget.categories.${c}`),
                }))}
              />
            </div>
            <div>
              <Label htmlFor={`line-${l.id}-label`}>{t('budget.lineLabel', { n: index + 1 })}</Label>
              <Input
                id={`line-${l.id}-label`}
                value={l.label}
                maxLength={200}
                aria-invalid={fieldError(`line-${l.id}-label`) ? true : undefined}
                aria-describedby={`line-${l.id}-label-error`}
                onChange={(e) => setLine(l.id, { label: e.target.value })}
              />
              <FieldError id={`line-${l.id}-label-error`}>{fieldError(`line-${l.id}-label`)}</FieldError>
            </div>
            <CurrencySelect
              id={`line-${l.id}-currency`}
              value={l.currency}
              program={currency}
              onChange={(c) => setLine(l.id, { currency: c })}
            />
            <div className="flex items-end">
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('budget.removeLine', { n: index + 1 })}
                onClick={() => edit((f) => ({ ...f, lines: f.lines.filter((x) => x.id !== l.id) }))}
              >
                {t('budget.remove')}
              </Button>
            </div>
          </div>
          <AmountRow
            prefix={`line-${l.id}`}
            caption={`${l.label || t('budget.lineName', { n: index + 1 })} (${l.currency || currency})`}
            years={years}
            values={l.amounts}
            error={fieldError}
            onChange={(amounts) => setLine(l.id, { amounts })}
          />
          <div className="mt-2">
            <Label htmlFor={`line-${l.id}-note`}>{t('budget.justification')}</Label>
            <Textarea
              id={`line-${l.id}-note`}
              className="min-h-[60px]"
              maxLength={2000}
              value={l.note}
              onChange={(e) => setLine(l.id, { note: e.target.value })}
            />
          </div>
        </div>
      ))}
      <Button
        variant="secondary"
        size="sm"
        disabled={form.lines.length >= BUDGET_MAX_LINES}
        onClick={() =>
          edit((f) => ({
            ...f,
            lines: [
              ...f.lines,
              {
                id: newId(),
                category: 'personnel',
                label: '',
                amounts: resize([], f.years),
                note: '',
                currency: '',
              },
            ],
          }))
        }
      >
        {t('budget.addLine')}
      </Button>
    </fieldset>
  );
}
