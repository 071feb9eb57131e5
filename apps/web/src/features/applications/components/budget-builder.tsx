import { checkBudget } from '@grantleaf/shared/budget-checks';
import { requestIsStated } from '@grantleaf/shared/cost-rules';
import {
  BUDGET_LINE_CATEGORIES,
  BUDGET_MAX_AMOUNT,
  BUDGET_MAX_LINES,
  BUDGET_MAX_PARTNERS,
  BUDGET_MAX_YEARS,
  type Budget,
  type BudgetLineCategory,
  type BudgetSummary,
  type BudgetView,
} from '@grantleaf/shared/budget.schema';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label, Select, Textarea } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { budgetKey, saveBudget, useBudget } from '../api/budget.api.ts';
import { AmountRow, BudgetFindings, BudgetTotals } from './budget-parts.tsx';
import '../../../i18n/budget-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { budgetMoney } from '../../../lib/budget-money.ts';

/**
 * The budget builder (issue 26, ADR 0281): cost lines by category and year, partners' cash and
 * in-kind, and the program's cost rules checked as you type with the same function the server
 * stores (checkBudget). Every field keeps what was typed, valid or not; only a valid budget is
 * computed and saved, and each invalid field says why.
 */

interface LineForm {
  id: string;
  category: BudgetLineCategory;
  label: string;
  amounts: string[];
  note: string;
}
interface PartnerForm {
  id: string;
  name: string;
  employees: string;
  cash: string[];
  inKind: string[];
}
interface BudgetForm {
  years: number;
  lines: LineForm[];
  partners: PartnerForm[];
  notes: string;
  /** The amount requested, where the program's computation is unconfirmed (ADR 0740); blank: none. */
  statedRequest: string;
}

const newId = () => Math.random().toString(36).slice(2, 10);
const resize = (xs: string[], n: number) => Array.from({ length: n }, (_, i) => xs[i] ?? '');

function toForm(b: Budget): BudgetForm {
  const s = (n: number) => (n === 0 ? '' : String(n));
  return {
    years: b.years,
    notes: b.notes,
    statedRequest: b.statedRequest === undefined ? '' : String(b.statedRequest),
    lines: b.lines.map((l) => ({ ...l, amounts: l.amounts.map(s) })),
    partners: b.partners.map((p) => ({
      id: p.id,
      name: p.name,
      employees: p.employees === null ? '' : String(p.employees),
      cash: p.cash.map(s),
      inKind: p.inKind.map(s),
    })),
  };
}

/** A field's message, as a catalogue key under budget.errors (shown in the interface's language). */
type ErrorKey = 'wholeUnits' | 'tooLarge' | 'nameLine' | 'namePartner' | 'employees';

/** An amount as typed: blank is 0; "25,000" and "$25 000" are 25000; anything else is an error. */
function parseAmount(text: string): number | ErrorKey {
  const t = text.replace(/[\s\u00a0\u202f,$]/g, '');
  if (t === '') return 0;
  if (!/^\d+$/.test(t)) return 'wholeUnits';
  const n = Number(t);
  return n > BUDGET_MAX_AMOUNT ? 'tooLarge' : n;
}

/** The form as a budget, or the message of each field that is not valid (keyed by field id). */
function fromForm(f: BudgetForm): { budget: Budget | null; errors: Map<string, ErrorKey> } {
  const errors = new Map<string, ErrorKey>();
  const amounts = (prefix: string, xs: string[]) =>
    xs.map((x, i) => {
      const v = parseAmount(x);
      if (typeof v === 'string') errors.set(`${prefix}-${i}`, v);
      return typeof v === 'number' ? v : 0;
    });
  const lines = f.lines.map((l) => {
    if (!l.label.trim()) errors.set(`line-${l.id}-label`, 'nameLine');
    return { ...l, label: l.label.trim(), amounts: amounts(`line-${l.id}`, l.amounts) };
  });
  const partners = f.partners.map((p) => {
    if (!p.name.trim()) errors.set(`partner-${p.id}-name`, 'namePartner');
    const e = p.employees.replace(/[\s,]/g, '');
    if (e && !/^\d+$/.test(e)) errors.set(`partner-${p.id}-employees`, 'employees');
    return {
      id: p.id,
      name: p.name.trim(),
      employees: e && /^\d+$/.test(e) ? Number(e) : null,
      cash: amounts(`partner-${p.id}-cash`, p.cash),
      inKind: amounts(`partner-${p.id}-inKind`, p.inKind),
    };
  });
  const stated = parseAmount(f.statedRequest);
  if (typeof stated === 'string') errors.set('stated-request', stated);
  const statedRequest = f.statedRequest.trim() && typeof stated === 'number' ? { statedRequest: stated } : {};
  return {
    budget: errors.size ? null : { years: f.years, lines, partners, notes: f.notes, ...statedRequest },
    errors,
  };
}

/** `readOnly`: shared below editor (ADR 0371); the budget and its checks show, nothing can change. */
export function BudgetBuilder({
  applicationId,
  readOnly = false,
}: {
  applicationId: string;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const query = useBudget(applicationId);
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
  const [form, setForm] = useState<BudgetForm>(() => toForm(view.budget));
  const [revision, setRevision] = useState(view.revision);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(view.updatedAt);
  const [dirty, setDirty] = useState(false);
  const { budget, errors } = useMemo(() => fromForm(form), [form]);
  // Live: the same computation the server stores, on the program's rules from the server.
  const [lastValid, setLastValid] = useState<BudgetSummary>(view.summary);
  const summary = useMemo(() => (budget ? checkBudget(budget, view.rules) : null), [budget, view.rules]);
  if (summary && summary !== lastValid) setLastValid(summary);
  const shown = summary ?? lastValid;
  const currency = shown.currency;
  const money = (n: number) => budgetMoney(n, currency, language);

  const edit = (change: (f: BudgetForm) => BudgetForm) => {
    setForm((f) => change(f));
    setDirty(true);
    setSaveError(null);
  };
  const setLine = (id: string, patch: Partial<LineForm>) =>
    edit((f) => ({ ...f, lines: f.lines.map((l) => (l.id === id ? { ...l, ...patch } : l)) }));
  const setPartner = (id: string, patch: Partial<PartnerForm>) =>
    edit((f) => ({ ...f, partners: f.partners.map((p) => (p.id === id ? { ...p, ...patch } : p)) }));
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
      queryClient.setQueryData(budgetKey(applicationId), next);
    } catch (error) {
      setSaveError(
        error instanceof ApiError
          ? t('budget.notSaved', {
              reason: translateMessage(error.body.message) ?? t('budget.notSavedReason'),
            })
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
  const yearsRange = Array.from({ length: form.years }, (_, i) => i);

  return (
    <div className="space-y-6" data-testid="budget-builder">
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

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">{t('budget.costs')}</legend>
          {form.lines.length === 0 ? <p className="text-sm text-slate-600">{t('budget.noLines')}</p> : null}
          {form.lines.map((l, index) => (
            <div key={l.id} className="rounded-md border border-slate-200 p-3" data-testid="budget-line">
              <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto]">
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
                caption={`${l.label || t('budget.lineName', { n: index + 1 })} (${currency})`}
                years={yearsRange}
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
                  { id: newId(), category: 'personnel', label: '', amounts: resize([], f.years), note: '' },
                ],
              }))
            }
          >
            {t('budget.addLine')}
          </Button>
        </fieldset>

        <fieldset className="space-y-3">
          <legend className="text-base font-semibold text-slate-900">{t('budget.partners')}</legend>
          {form.partners.map((p, index) => (
            <div key={p.id} className="rounded-md border border-slate-200 p-3" data-testid="budget-partner">
              <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem_auto]">
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
                  <FieldError id={`partner-${p.id}-name-error`}>
                    {fieldError(`partner-${p.id}-name`)}
                  </FieldError>
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
              <AmountRow
                prefix={`partner-${p.id}-cash`}
                caption={t('budget.cashCaption', {
                  name: p.name || t('budget.partner', { n: index + 1 }),
                  currency,
                })}
                years={yearsRange}
                values={p.cash}
                error={fieldError}
                onChange={(cash) => setPartner(p.id, { cash })}
              />
              <AmountRow
                prefix={`partner-${p.id}-inKind`}
                caption={t('budget.inKindCaption', {
                  name: p.name || t('budget.partner', { n: index + 1 }),
                  currency,
                })}
                years={yearsRange}
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
                  },
                ],
              }))
            }
          >
            {t('budget.addPartner')}
          </Button>
        </fieldset>

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
