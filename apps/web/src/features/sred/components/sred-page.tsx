import {
  computeSredCredits,
  money,
  SredInputError,
  type SredInput,
  type SredResult,
} from '@grantleaf/shared/sred/calculator';
import {
  claimSettingsSchema,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  JURISDICTION_LABELS,
  SRED_LIMITS,
  type ClaimSettings,
  type ClaimView,
  type ExpenseCategory,
  type ExpenseLine,
  type ImportMapping,
} from '@grantleaf/shared/sred/sred.schema';
import { SRED_SOURCES } from '@grantleaf/shared/sred/rules';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FileInput, Input, Label, Select } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import {
  auditPackageUrl,
  previewImport,
  useAddProject,
  useClaim,
  useClaims,
  useCreateClaim,
  useImport,
  useOverride,
  useSaveSettings,
  useSaveTime,
  type ImportPreview,
  type ImportResult,
} from '../api/sred.api.ts';
import { NarrativeEditor } from './narrative-editor.tsx';

const serverMessage = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

const SOURCE_URL = new Map(SRED_SOURCES.map((s) => [s.id, s] as const));
const CATEGORY_OPTIONS = EXPENSE_CATEGORIES.map((c) => ({ value: c, label: EXPENSE_CATEGORY_LABELS[c] }));
const JURISDICTION_OPTIONS = Object.entries(JURISDICTION_LABELS).map(([value, label]) => ({ value, label }));

/** The settings form holds dollars as typed; the claim stores cents. */
interface SettingsForm {
  name: string;
  taxYearStart: string;
  taxYearEnd: string;
  corporationType: ClaimSettings['corporationType'];
  method: ClaimSettings['method'];
  priorYearTaxableCapital: string;
  priorYearTaxableIncome: string;
  expenditureLimitSharePercent: string;
  qualifyingCorporation: boolean;
  defaultJurisdiction: ClaimSettings['defaultJurisdiction'];
  albertaPriorTwoYearsAverage: string;
  quebecPriorYearAssets: string;
  quebecForeignControlled: boolean;
}

const toCents = (dollars: string): number | null => {
  const s = dollars.replace(/[$,\s]/g, '');
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? Math.round(n * 100) : NaN;
};
const toDollars = (cents: number | null) => (cents === null ? '' : String(cents / 100));

function formOf(s?: ClaimSettings): SettingsForm {
  const year = new Date().getUTCFullYear() - 1;
  return {
    name: s?.name ?? `SR&ED claim ${year}`,
    taxYearStart: s?.taxYearStart ?? `${year}-01-01`,
    taxYearEnd: s?.taxYearEnd ?? `${year}-12-31`,
    corporationType: s?.corporationType ?? 'ccpc',
    method: s?.method ?? 'proxy',
    priorYearTaxableCapital: toDollars(s?.priorYearTaxableCapital ?? 0),
    priorYearTaxableIncome: toDollars(s?.priorYearTaxableIncome ?? null),
    expenditureLimitSharePercent: String(Math.round((s?.expenditureLimitShare ?? 1) * 10000) / 100),
    qualifyingCorporation: s?.qualifyingCorporation ?? false,
    defaultJurisdiction: s?.defaultJurisdiction ?? 'ON',
    albertaPriorTwoYearsAverage: toDollars(s?.albertaPriorTwoYearsAverage ?? null),
    quebecPriorYearAssets: toDollars(s?.quebecPriorYearAssets ?? null),
    quebecForeignControlled: s?.quebecForeignControlled ?? false,
  };
}

function settingsOf(f: SettingsForm) {
  return claimSettingsSchema.safeParse({
    name: f.name,
    taxYearStart: f.taxYearStart,
    taxYearEnd: f.taxYearEnd,
    corporationType: f.corporationType,
    method: f.method,
    priorYearTaxableCapital: toCents(f.priorYearTaxableCapital) ?? 0,
    priorYearTaxableIncome: toCents(f.priorYearTaxableIncome),
    expenditureLimitShare: (Number(f.expenditureLimitSharePercent) || 0) / 100,
    qualifyingCorporation: f.qualifyingCorporation,
    defaultJurisdiction: f.defaultJurisdiction,
    albertaPriorTwoYearsAverage: toCents(f.albertaPriorTwoYearsAverage),
    quebecPriorYearAssets: toCents(f.quebecPriorYearAssets),
    quebecForeignControlled: f.quebecForeignControlled,
  });
}

function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

function SettingsFields({ form, set }: { form: SettingsForm; set: (patch: Partial<SettingsForm>) => void }) {
  const text = (key: keyof SettingsForm, label: string, type = 'text', inputMode?: 'decimal') => (
    <Field id={`sred-${key}`} label={label}>
      <Input
        id={`sred-${key}`}
        type={type}
        inputMode={inputMode}
        value={form[key] as string}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </Field>
  );
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {text('name', 'Claim name')}
      {text('taxYearStart', 'Tax year starts', 'date')}
      {text('taxYearEnd', 'Tax year ends', 'date')}
      <Field id="sred-corporationType" label="Corporation type">
        <Select
          id="sred-corporationType"
          value={form.corporationType}
          onChange={(e) => set({ corporationType: e.target.value as SettingsForm['corporationType'] })}
          options={[
            { value: 'ccpc', label: 'Canadian-controlled private corporation (CCPC)' },
            { value: 'ecpc', label: 'Eligible Canadian public corporation' },
            { value: 'other', label: 'Other corporation' },
          ]}
        />
      </Field>
      <Field id="sred-method" label="Overhead method">
        <Select
          id="sred-method"
          value={form.method}
          onChange={(e) => set({ method: e.target.value as SettingsForm['method'] })}
          options={[
            { value: 'proxy', label: 'Proxy (prescribed proxy amount)' },
            { value: 'traditional', label: 'Traditional (overhead as incurred)' },
          ]}
        />
      </Field>
      <Field id="sred-defaultJurisdiction" label="Province of the work (default)">
        <Select
          id="sred-defaultJurisdiction"
          value={form.defaultJurisdiction}
          onChange={(e) =>
            set({ defaultJurisdiction: e.target.value as SettingsForm['defaultJurisdiction'] })
          }
          options={JURISDICTION_OPTIONS}
        />
      </Field>
      {text('priorYearTaxableCapital', 'Prior-year taxable capital, associated group ($)', 'text', 'decimal')}
      {text('priorYearTaxableIncome', 'Prior-year taxable income ($, Ontario OITC)', 'text', 'decimal')}
      {text('expenditureLimitSharePercent', 'Share of the expenditure limit (%)', 'text', 'decimal')}
      {text(
        'albertaPriorTwoYearsAverage',
        'Alberta: average R&D spend of the 2 prior years ($)',
        'text',
        'decimal',
      )}
      {text('quebecPriorYearAssets', 'Québec: prior-year total assets ($)', 'text', 'decimal')}
      <div className="flex flex-col gap-2 pt-5">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.qualifyingCorporation}
            onChange={(e) => set({ qualifyingCorporation: e.target.checked })}
          />
          Qualifying corporation (40% of the basic credit refunded)
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.quebecForeignControlled}
            onChange={(e) => set({ quebecForeignControlled: e.target.checked })}
          />
          Controlled by non-residents (Québec)
        </label>
      </div>
    </div>
  );
}

function Unverified({ verified }: { verified: boolean }) {
  return verified ? null : (
    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
      unverified
    </span>
  );
}

/** The calculation, line by line, with the sources of every rule (the preview and the record use it). */
function ResultView({ result, title, testId }: { result: SredResult; title: string; testId: string }) {
  return (
    <section aria-label={title} data-testid={testId} className="space-y-3">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {(
          [
            ['Refundable', result.totals.refundable],
            ['Non-refundable', result.totals.nonRefundable],
            ['Total credits', result.totals.total],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd
              className="text-lg font-semibold text-slate-900"
              data-testid={`${testId}-${label.toLowerCase().replace(/\W+/g, '-')}`}
            >
              {money(label === 'Total credits' ? value : value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        Filing deadline: <strong>{result.filingDeadline}</strong>
        {!result.verified && (
          <span className="ml-2 text-amber-900">
            Some rules in this calculation were read only on third parties’ pages and are marked unverified.
          </span>
        )}
      </p>
      <ol className="space-y-2 text-sm">
        {result.lines.map((l) => (
          <li key={l.key} className="rounded border border-slate-200 bg-white p-2">
            <div className="flex flex-wrap justify-between gap-2">
              <span className="font-medium text-slate-900">
                {l.label}
                <Unverified verified={l.verified} />
              </span>
              {l.key !== 'deadline' && <span className="font-mono">{money(l.amount)}</span>}
            </div>
            <p className="break-words text-xs text-slate-700">{l.formula}</p>
            <p className="text-xs text-slate-600">
              Sources:{' '}
              {[...new Set(l.sources)].map((id, i) => {
                const s = SOURCE_URL.get(id);
                return (
                  <span key={id}>
                    {i > 0 && ', '}
                    <a
                      className="underline"
                      href={s?.url}
                      target="_blank"
                      rel="noreferrer"
                      title={s?.publisher}
                    >
                      {s?.publisher.split(' (')[0] ?? id}
                    </a>{' '}
                    (read {s?.read})
                  </span>
                );
              })}
            </p>
          </li>
        ))}
      </ol>
      {result.notes.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-xs text-slate-700">
          {result.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function preview(
  input: SredInput,
  parsed: ReturnType<typeof settingsOf>,
): { result?: SredResult; error?: string } {
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Check the settings' };
  const s = parsed.data;
  try {
    return {
      result: computeSredCredits({
        ...input,
        taxYearStart: s.taxYearStart,
        taxYearEnd: s.taxYearEnd,
        corporationType: s.corporationType,
        method: s.method,
        priorYearTaxableCapital: s.priorYearTaxableCapital,
        priorYearTaxableIncome: s.priorYearTaxableIncome,
        expenditureLimitShare: s.expenditureLimitShare,
        qualifyingCorporation: s.qualifyingCorporation,
        alberta: { priorTwoYearsAverage: s.albertaPriorTwoYearsAverage },
        ...(s.quebecPriorYearAssets === null
          ? { quebec: undefined }
          : {
              quebec: {
                priorYearAssets: s.quebecPriorYearAssets,
                foreignControlled: s.quebecForeignControlled,
              },
            }),
      }),
    };
  } catch (err) {
    if (err instanceof SredInputError) return { error: err.message };
    throw err;
  }
}

function SettingsCard({ claim }: { claim: ClaimView }) {
  const [form, setForm] = useState(() => formOf(claim.settings));
  const save = useSaveSettings(claim.id);
  const parsed = settingsOf(form);
  const live = useMemo(
    () => preview(claim.calculatorInput as SredInput, parsed),
    [claim.calculatorInput, parsed],
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Check the settings');
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success('Claim saved and recalculated'),
      onError: (err) => toast.error(serverMessage(err, 'The claim could not be saved')),
    });
  }
  return (
    <Card className="space-y-4 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Claim settings</h2>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <SettingsFields form={form} set={(p) => setForm((f) => ({ ...f, ...p }))} />
        <Button type="submit" disabled={save.isPending}>
          Save settings
        </Button>
      </form>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div>
          {live.result ? (
            <ResultView
              result={live.result}
              title="Live preview (as typed, not saved)"
              testId="sred-preview"
            />
          ) : (
            <p role="alert" className="text-sm text-red-700">
              Preview unavailable: {live.error}
            </p>
          )}
        </div>
        <div>
          {claim.result ? (
            <ResultView
              result={claim.result as SredResult}
              title="Saved calculation (the server’s record)"
              testId="sred-record"
            />
          ) : (
            <p className="text-sm text-red-700">
              The saved claim could not be calculated: {claim.resultError}
            </p>
          )}
        </div>
      </div>
    </Card>
  );
}

function ImportCard({ claim }: { claim: ClaimView }) {
  const [source, setSource] = useState<'ledger' | 'payroll'>('ledger');
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState('');
  const [pv, setPv] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Partial<ImportMapping>>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useImport(claim.id);

  async function pick(file: File | undefined) {
    setResult(null);
    setPv(null);
    if (!file) return;
    if (file.size > SRED_LIMITS.csvBytes) {
      toast.error(
        `The file is larger than ${SRED_LIMITS.csvBytes / 1024 / 1024} MB. Split it and import each part.`,
      );
      return;
    }
    const text = await file.text();
    setFileName(file.name);
    setCsv(text);
    setBusy(true);
    try {
      const p = await previewImport(claim.id, source, text);
      setPv(p);
      setMapping(p.suggested);
    } catch (err) {
      toast.error(serverMessage(err, 'The file could not be read'));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!csv || !mapping.date || !mapping.amount) {
      toast.error('Choose the columns for the date and the amount');
      return;
    }
    run.mutate(
      {
        source,
        csv,
        mapping: {
          date: mapping.date,
          amount: mapping.amount,
          description: mapping.description ?? null,
          account: mapping.account ?? null,
          person: mapping.person ?? null,
          jurisdiction: mapping.jurisdiction ?? null,
          vendor: mapping.vendor ?? null,
        },
      },
      {
        onSuccess: (r) => {
          setResult(r);
          setPv(null);
          setCsv(null);
          toast.success(
            `${r.imported} rows imported${r.errors.length ? `, ${r.errors.length} with errors kept for review` : ''}`,
          );
        },
        onError: (err) => toast.error(serverMessage(err, 'The import failed; nothing was imported')),
      },
    );
  }

  const headerOptions = (pv?.headers ?? []).map((h) => ({ value: h, label: h }));
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Import the general ledger or payroll (CSV)</h2>
      <div className="flex flex-wrap items-end gap-3">
        <Field id="sred-import-source" label="File">
          <Select
            id="sred-import-source"
            value={source}
            onChange={(e) => setSource(e.target.value as 'ledger' | 'payroll')}
            options={[
              { value: 'ledger', label: 'General ledger' },
              { value: 'payroll', label: 'Payroll' },
            ]}
          />
        </Field>
        <Field id="sred-import-file" label="CSV file (UTF-8, header row first)">
          <FileInput
            id="sred-import-file"
            accept=".csv,text/csv"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </Field>
        {busy && <span className="text-sm text-slate-600">Reading…</span>}
      </div>
      {pv && (
        <form onSubmit={submit} className="space-y-3" aria-label="Column mapping">
          <p className="text-sm text-slate-700">
            {fileName}: {pv.rowCount} rows. Match the file’s columns to the fields (date and amount are
            required).
          </p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {IMPORT_FIELDS.map((f) => (
              <Field key={f} id={`sred-map-${f}`} label={IMPORT_FIELD_LABELS[f]}>
                <Select
                  id={`sred-map-${f}`}
                  value={mapping[f] ?? ''}
                  onChange={(e) => setMapping((m) => ({ ...m, [f]: e.target.value || null }))}
                  options={[{ value: '', label: '(none)' }, ...headerOptions]}
                />
              </Field>
            ))}
          </div>
          <div className="overflow-x-auto">
            <table className="min-w-full text-xs">
              <thead>
                <tr>
                  {pv.headers.map((h) => (
                    <th key={h} className="px-2 py-1 text-left font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {pv.rows.map((r, i) => (
                  <tr key={i} className="border-t border-slate-200">
                    {r.map((c, j) => (
                      <td key={j} className="px-2 py-1">
                        {c}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button type="submit" disabled={run.isPending}>
            Import {pv.rowCount} rows
          </Button>
        </form>
      )}
      {result && result.errors.length > 0 && (
        <div role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">
            {result.errors.length} rows could not be read. They are kept in the lines below with their error
            and count for nothing until corrected in the file and imported again:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {result.errors.slice(0, 50).map((e) => (
              <li key={e.row}>{e.message}</li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

function LineRow({ line, claimId }: { line: ExpenseLine; claimId: string }) {
  const [category, setCategory] = useState<ExpenseCategory>(line.category);
  const [reason, setReason] = useState('');
  const override = useOverride(claimId);
  const changed = category !== line.category;
  return (
    <li className="rounded border border-slate-200 bg-white p-3 text-sm" data-testid="sred-line">
      <div className="flex flex-wrap justify-between gap-2">
        <span className="font-medium text-slate-900">
          {line.source === 'payroll' ? line.person : line.description || line.account} ·{' '}
          {line.date ?? 'no date'} · {JURISDICTION_LABELS[line.jurisdiction]}
        </span>
        <span className="font-mono">
          {money(line.amount)} → counts {money(line.counted)}
          {line.sredShare !== null && ` (${Math.round(line.sredShare * 1000) / 10}% SR&ED time)`}
        </span>
      </div>
      {line.error && (
        <p role="alert" className="text-red-700">
          {line.error}
        </p>
      )}
      <p className="text-xs text-slate-700">
        Rule: {EXPENSE_CATEGORY_LABELS[line.ruleCategory]}. {line.ruleReason}
      </p>
      {(line.category === 'salary' || line.category === 'specified_salary') &&
        line.sredShare === null &&
        !line.error && (
          <p className="text-xs text-amber-900">
            No time records for {line.person}: add them below to count this salary.
          </p>
        )}
      {line.overrides.length > 0 && (
        <ul className="text-xs text-slate-700">
          {line.overrides.map((o) => (
            <li key={o.at}>
              Changed {o.at.slice(0, 10)} from {EXPENSE_CATEGORY_LABELS[o.from]} to{' '}
              {EXPENSE_CATEGORY_LABELS[o.to]}: {o.reason}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <Select
          aria-label={`Category of row ${line.row}`}
          value={category}
          onChange={(e) => setCategory(e.target.value as ExpenseCategory)}
          options={CATEGORY_OPTIONS}
          className="max-w-full"
        />
        {changed && (
          <>
            <Input
              aria-label={`Reason for the change of row ${line.row}`}
              placeholder="Why (kept with the line)"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="min-w-[12rem] flex-1"
            />
            <Button
              size="sm"
              disabled={override.isPending}
              onClick={() => {
                if (!reason.trim()) {
                  toast.error('Say why the category changes; the reason is kept with the line.');
                  return;
                }
                override.mutate(
                  { lineId: line.id, category, reason },
                  {
                    onSuccess: () => {
                      setReason('');
                      toast.success('Category changed and recalculated');
                    },
                    onError: (err) => toast.error(serverMessage(err, 'The change could not be saved')),
                  },
                );
              }}
            >
              Save category
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function TimeCard({ claim }: { claim: ClaimView }) {
  const [rows, setRows] = useState(() =>
    claim.time.map((t) => ({ person: t.person, projectId: t.projectId ?? '', hours: String(t.hours) })),
  );
  const save = useSaveTime(claim.id);
  const people = [
    ...new Set(claim.lines.filter((l) => l.source === 'payroll' && l.person).map((l) => l.person)),
  ];
  const projectOptions = [
    { value: '', label: 'Other (non-SR&ED) work' },
    ...claim.projects.map((p) => ({ value: p.id, label: p.title })),
  ];
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold text-slate-900">Time: hours per person per project</h2>
      <p className="text-sm text-slate-700">
        A salary counts by the person’s SR&ED hours over all their hours in the year. Enter their other work
        too.
      </p>
      <ul className="space-y-2">
        {rows.map((r, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2">
            <Input
              aria-label={`Person, row ${i + 1}`}
              list="sred-people"
              value={r.person}
              onChange={(e) =>
                setRows((rs) => rs.map((x, j) => (j === i ? { ...x, person: e.target.value } : x)))
              }
              className="min-w-[10rem] flex-1"
            />
            <Select
              aria-label={`Project, row ${i + 1}`}
              value={r.projectId}
              onChange={(e) =>
                setRows((rs) => rs.map((x, j) => (j === i ? { ...x, projectId: e.target.value } : x)))
              }
              options={projectOptions}
            />
            <Input
              aria-label={`Hours, row ${i + 1}`}
              inputMode="decimal"
              value={r.hours}
              onChange={(e) =>
                setRows((rs) => rs.map((x, j) => (j === i ? { ...x, hours: e.target.value } : x)))
              }
              className="w-24"
            />
            <Button variant="ghost" size="sm" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </li>
        ))}
      </ul>
      <datalist id="sred-people">
        {people.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setRows((rs) => [...rs, { person: '', projectId: '', hours: '' }])}
        >
          Add a row
        </Button>
        <Button
          size="sm"
          disabled={save.isPending}
          onClick={() => {
            const bad = rows.findIndex(
              (r) => !r.person.trim() || !(Number(r.hours) >= 0) || r.hours.trim() === '',
            );
            if (bad >= 0) {
              toast.error(`Row ${bad + 1}: name the person and give the hours.`);
              return;
            }
            save.mutate(
              rows.map((r) => ({
                person: r.person.trim(),
                projectId: r.projectId || null,
                hours: Number(r.hours),
              })),
              {
                onSuccess: () => toast.success('Time saved and recalculated'),
                onError: (err) => toast.error(serverMessage(err, 'The time records could not be saved')),
              },
            );
          }}
        >
          Save time
        </Button>
      </div>
    </Card>
  );
}

function ProjectsCard({ claim }: { claim: ClaimView }) {
  const [title, setTitle] = useState('');
  const add = useAddProject(claim.id);
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold text-slate-900">SR&ED projects</h2>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!title.trim()) {
            toast.error('Give the project a title');
            return;
          }
          add.mutate(
            { title: title.trim() },
            {
              onSuccess: () => {
                setTitle('');
                toast.success('Project added');
              },
              onError: (err) => toast.error(serverMessage(err, 'The project could not be added')),
            },
          );
        }}
      >
        <Field id="sred-project-title" label="New project title">
          <Input id="sred-project-title" value={title} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <Button type="submit" disabled={add.isPending}>
          Add project
        </Button>
      </form>
      <ul className="space-y-3">
        {claim.projects.map((p) => (
          <li key={p.id}>
            <NarrativeEditor claim={claim} project={p} />
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The audit-defence package (issue 30 §5, ADR 0470): one ZIP, with progress and failure said. */
function ExportCard({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'ok' | 'failed' | 'error'>('idle');
  async function exportPackage() {
    setState('busy');
    setState(
      await downloadFile(auditPackageUrl(claim.id), `sred-audit-package-${claim.settings.taxYearEnd}.zip`),
    );
  }
  return (
    <Card className="space-y-2 p-4">
      <Button onClick={() => void exportPackage()} disabled={state === 'busy'}>
        {state === 'busy' ? t('sred.exportingPackage') : t('sred.exportPackage')}
      </Button>
      <p className="text-sm text-slate-700">{t('sred.exportHint')}</p>
      <p role="status" className="text-sm text-slate-700">
        {state === 'ok' ? t('sred.exportDone') : state === 'busy' ? t('sred.exportingPackage') : ''}
      </p>
      {(state === 'failed' || state === 'error') && (
        <p role="alert" className="text-sm text-red-700">
          {state === 'failed' ? t('sred.exportFailed') : t('sred.exportError')}
        </p>
      )}
    </Card>
  );
}

function ClaimDetail({ id }: { id: string }) {
  const { data: claim, isLoading, error } = useClaim(id);
  if (isLoading) return <p className="text-sm text-slate-700">Loading…</p>;
  if (!claim) return <p role="alert">{serverMessage(error, 'This claim was not found.')}</p>;
  return (
    <div className="space-y-6">
      <SettingsCard key={claim.id} claim={claim} />
      <ExportCard claim={claim} />
      <ImportCard claim={claim} />
      <ProjectsCard claim={claim} />
      <TimeCard key={claim.time.length + claim.projects.length} claim={claim} />
      <Card className="space-y-3 p-4">
        <h2 className="text-lg font-semibold text-slate-900">Expense lines ({claim.lines.length})</h2>
        {claim.lines.length === 0 ? (
          <p className="text-sm text-slate-700">
            Import a ledger or payroll file to see its lines classified here.
          </p>
        ) : (
          <ul className="space-y-2">
            {claim.lines.map((l) => (
              <LineRow key={`${l.id}-${l.category}`} line={l} claimId={claim.id} />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function ClaimList() {
  const { data: claims } = useClaims();
  const [form, setForm] = useState(() => formOf());
  const create = useCreateClaim();
  const navigate = useNavigate();
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = settingsOf(form);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Check the settings');
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (view) => void navigate(`/sred/${view.id}`),
      onError: (err) => toast.error(serverMessage(err, 'The claim could not be created')),
    });
  }
  return (
    <div className="space-y-6">
      <Card className="space-y-3 p-4">
        <h2 className="text-lg font-semibold text-slate-900">Your claims</h2>
        {claims?.length ? (
          <ul className="space-y-2">
            {claims.map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 p-3"
              >
                <Link to={`/sred/${c.id}`} className="font-medium text-brand-700 underline">
                  {c.name}
                </Link>
                <span className="text-sm text-slate-700">
                  {c.taxYearStart} to {c.taxYearEnd} · credits {money(c.totalCredit)}
                  <Unverified verified={c.verified} /> · file by {c.filingDeadline}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">No claims yet. Start one for a tax year below.</p>
        )}
      </Card>
      <Card className="space-y-3 p-4">
        <h2 className="text-lg font-semibold text-slate-900">New claim</h2>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <SettingsFields form={form} set={(p) => setForm((f) => ({ ...f, ...p }))} />
          <Button type="submit" disabled={create.isPending}>
            Create claim
          </Button>
        </form>
      </Card>
    </div>
  );
}

/** /sred and /sred/:id: SR&ED claims (issue 30). */
export function SredPage() {
  const { data: user } = useCurrentUser();
  const { id } = useParams();
  if (!user) return <SignInRequired message="Access denied. Please log in to view your SR&ED claims." />;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <h1 className="text-xl font-bold text-slate-900">SR&ED claims</h1>
            <p className="text-sm text-slate-700">
              Import expenses, classify them, record time, and see the federal and provincial credits with the
              source of every rule.
            </p>
          </div>
          <div className="flex gap-2">
            {id && (
              <Link to="/sred" className={buttonClass('secondary', 'sm')}>
                All claims
              </Link>
            )}
            <Link to="/" className={buttonClass('secondary', 'sm')}>
              Home
            </Link>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">{id ? <ClaimDetail id={id} /> : <ClaimList />}</main>
    </div>
  );
}
