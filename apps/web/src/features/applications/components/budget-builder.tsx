import { checkBudget } from '@grantleaf/shared/budget-checks';
import { requestIsStated } from '@grantleaf/shared/cost-rules';
import { BUDGET_MAX_YEARS, type BudgetSummary, type BudgetView } from '@grantleaf/shared/budget.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label, Select, Textarea } from '../../../components/ui/input.tsx';
import { messageOf, statusOf } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { saveBudget } from '../api/budget.api.ts';
import { BudgetFindings, BudgetTotals } from './budget-parts.tsx';
import { type BudgetFormState, fromForm, prefillToForm, resize, toForm } from './budget-form.ts';
import { BudgetLines } from './budget-lines.tsx';
import { BudgetPartners } from './budget-partners.tsx';
import { BudgetRates } from './budget-rates.tsx';
import { FilledFrom, PrefillPanel } from './budget-prefill.tsx';
import '../../../i18n/budget-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { budgetMoney } from '../../../lib/budget-money.ts';
import { applicationBudgetQuery } from '../../../lib/queries/applications.queries.ts';

/**
 * The budget builder (issue 26, ADR 0281): cost lines by category and year (budget-lines.tsx),
 * partners' cash and in-kind (budget-partners.tsx), and the program's cost rules checked as you
 * type with the same function the server stores (checkBudget). Before the first save it starts
 * from what the application's material states (budget-prefill.tsx, ADR 0830). The form's model
 * and its parsing are budget-form.ts.
 */

/** `readOnly`: shared below editor (ADR 0371); the budget and its checks show, nothing can change. */
export function BudgetBuilder({
  applicationId,
  readOnly = false,
}: {
  applicationId: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    ...applicationBudgetQuery(applicationId),
    // The builder holds what is typed; a background refetch must not replace it.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
  if (query.isLoading) return <p className="text-sm text-slate-600">{t('budget.loading')}</p>;
  if (query.error || !query.data)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('budget.loadFailed')}
      </p>
    );
  return <BudgetForm applicationId={applicationId} view={query.data} readOnly={readOnly} />;
}

export function BudgetForm({
  applicationId,
  view,
  readOnly = false,
}: {
  applicationId: string;
  view: BudgetView;
  readOnly?: boolean;
}) {
  const { t, language } = useTranslation();
  const queryClient = useQueryClient();
  // Nothing saved yet: the form opens on what the material states, marked unsaved (ADR 0830).
  const prefill = view.revision === 0 && !readOnly ? view.prefill : null;
  const [form, setForm] = useState<BudgetFormState>(() =>
    prefill ? prefillToForm(prefill) : toForm(view.budget),
  );
  const [revision, setRevision] = useState(view.revision);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(view.updatedAt);
  const [dirty, setDirty] = useState(prefill !== null);
  const { budget, errors } = useMemo(() => fromForm(form), [form]);
  // Live: the same computation the server stores, on the program's rules from the server.
  const [lastValid, setLastValid] = useState<BudgetSummary>(view.summary);
  const summary = useMemo(() => (budget ? checkBudget(budget, view.rules) : null), [budget, view.rules]);
  if (summary && summary !== lastValid) setLastValid(summary);
  const shown = summary ?? lastValid;
  const currency = shown.currency;
  const money = (n: number, inCurrency?: string | null) => budgetMoney(n, inCurrency ?? currency, language);

  const edit = (change: (f: BudgetFormState) => BudgetFormState) => {
    setForm((f) => change(f));
    setDirty(true);
    setSaveError(null);
  };
  const setYears = (years: number) =>
    edit((f) => ({
      ...f,
      years,
      lines: f.lines.map((l) => ({ ...l, amounts: resize(l.amounts, years) })),
      partners: f.partners.map((p) => ({
        ...p,
        cash: resize(p.cash, years),
        inKind: resize(p.inKind, years),
      })),
    }));

  async function save() {
    if (!budget) {
      setSaveError(t('budget.invalid'));
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      const next = await saveBudget(applicationId, { budget, baseRevision: revision });
      setRevision(next.revision);
      setSavedAt(next.updatedAt);
      setDirty(false);
      queryClient.setQueryData(applicationBudgetQuery(applicationId).queryKey, next);
    } catch (error) {
      setSaveError(
        statusOf(error)
          ? t('budget.notSaved', { reason: messageOf(error, t('budget.notSavedReason')) })
          : t('budget.offline'),
      );
    } finally {
      setSaving(false);
    }
  }

  const fieldError = (id: string) => {
    const key = errors.get(id);
    return key && t(`budget.errors.${key}`);
  };

  return (
    <div className="space-y-6" data-testid="budget-builder">
      {prefill ? (
        <PrefillPanel prefill={prefill} projectCost={shown.totals.projectCost} money={money} />
      ) : null}
      {/* A disabled fieldset turns every field and button inside it off for a reader; the server refuses their saves anyway. */}
      <fieldset disabled={readOnly} className="m-0 min-w-0 space-y-6 border-0 p-0">
        <div className="flex flex-wrap items-end gap-4">
          <div>
            <Label htmlFor="budget-years">{t('budget.years')}</Label>
            <Select
              id="budget-years"
              className="w-28"
              value={String(form.years)}
              onChange={(e) => setYears(Number(e.target.value))}
              options={Array.from({ length: BUDGET_MAX_YEARS }, (_, i) => ({
                value: String(i + 1),
                label: t('budget.yearCount', { count: i + 1 }),
              }))}
            />
          </div>
          <p className="text-sm text-slate-700">
            {view.programName
              ? t('budget.checkedAgainst', { program: view.programName, currency })
              : t('budget.noRules')}
          </p>
        </div>

        <BudgetLines form={form} currency={currency} fieldError={fieldError} edit={edit} />
        <BudgetPartners form={form} currency={currency} money={money} fieldError={fieldError} edit={edit} />
        <BudgetRates form={form} currency={currency} fieldError={fieldError} edit={edit} />

        {requestIsStated(view.rules) ? (
          <div>
            <Label htmlFor="stated-request">{t('budget.statedRequest', { currency })}</Label>
            <p id="stated-request-help" className="mb-1 text-sm text-slate-700">
              {t('budget.statedRequestHelp')}
            </p>
            <Input
              id="stated-request"
              className="max-w-xs"
              inputMode="numeric"
              value={form.statedRequest}
              aria-invalid={fieldError('stated-request') ? true : undefined}
              aria-describedby="stated-request-help stated-request-error"
              onChange={(e) => edit((f) => ({ ...f, statedRequest: e.target.value }))}
            />
            <FieldError id="stated-request-error">{fieldError('stated-request')}</FieldError>
            {prefill?.requested && prefill.statedRequest !== null ? (
              <ul className="mt-1">
                <FilledFrom
                  what={t('budget.prefill.wholeProject', {
                    what: t('budget.prefill.requested'),
                    amount: money(prefill.statedRequest),
                  })}
                  source={prefill.requested.source}
                />
              </ul>
            ) : null}
          </div>
        ) : null}

        <div>
          <Label htmlFor="budget-notes">{t('budget.notes')}</Label>
          <Textarea
            id="budget-notes"
            className="min-h-[80px]"
            maxLength={5000}
            value={form.notes}
            onChange={(e) => edit((f) => ({ ...f, notes: e.target.value }))}
          />
        </div>
      </fieldset>

      <BudgetTotals summary={shown} money={money} stale={!summary} />
      <BudgetFindings findings={shown.findings} basis={shown.basis} />

      <div className="flex flex-wrap items-center gap-3">
        {readOnly ? null : (
          <Button onClick={() => void save()} disabled={saving}>
            {saving ? t('budget.saving') : t('budget.save')}
          </Button>
        )}
        <Button
          variant="secondary"
          onClick={() =>
            void downloadFile(`/api/applications/${applicationId}/export?format=csv`, 'budget.csv')
          }
          disabled={revision === 0}
        >
          {t('budget.exportCsv')}
        </Button>
        {(['pdf', 'docx'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            onClick={() =>
              void downloadFile(
                `/api/applications/${applicationId}/export?format=${format}&part=budget`,
                `budget.${format}`,
              )
            }
            disabled={revision === 0}
          >
            {t(format === 'pdf' ? 'budget.exportPdf' : 'budget.exportDocx')}
          </Button>
        ))}
        <span
          role="status"
          aria-live="polite"
          className="text-sm text-slate-700"
          data-testid="budget-save-state"
        >
          {saving
            ? ''
            : dirty
              ? t('budget.notSavedYet')
              : savedAt
                ? t('budget.saved')
                : t('budget.noneSaved')}
        </span>
      </div>
      {saveError ? (
        <p role="alert" className="text-sm text-red-700">
          {saveError}
        </p>
      ) : null}
    </div>
  );
}
