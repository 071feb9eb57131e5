import {
  computeSredCredits,
  SredInputError,
  type SredInput,
  type SredResult,
} from '@grantleaf/shared/sred/calculator';
import {
  claimSettingsSchema,
  EXPENSE_CATEGORIES,
  IMPORT_FIELDS,
  JURISDICTION_LABELS,
  SRED_LIMITS,
  type ClaimSettings,
  type ClaimView,
  type ExpenseCategory,
  type ExpenseLine,
  type ImportFile,
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
import { t as translate, translateMessage, useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/sred-catalogue.ts';
import { messageOf } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatMoney } from '../../../lib/format-number.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import {
  auditPackageUrl,
  previewImport,
  useAddProject,
  useCreateClaim,
  useImport,
  useOverride,
  useSaveSettings,
  useSaveTime,
  type ImportPreview,
  type ImportResult,
} from '../api/sred.api.ts';
import { GrantsCard } from './grants-card.tsx';
import { NarrativeEditor } from './narrative-editor.tsx';
import { claimQuery, claimsQuery } from '../api/sred.queries.ts';
import { useQuery } from '@tanstack/react-query';

const SOURCE_URL = new Map(SRED_SOURCES.map((s) => [s.id, s] as const));
type Jurisdiction = keyof typeof JURISDICTION_LABELS;
const JURISDICTIONS = Object.keys(JURISDICTION_LABELS) as Jurisdiction[];

/** Cents in the interface's language ("$1,234.56", "1 234,56 $"); the calculator's record keeps cents. */
const cad = (cents: number) => formatMoney(cents / 100);
const categoryLabel = (c: ExpenseCategory) => translate(`sred.categories.${c}`);
const jurisdictionLabel = (j: string) =>
  j in JURISDICTION_LABELS ? translate(`sred.jurisdictions.${j as Jurisdiction}`) : j;

type CalcKey =
  | 'federal_limit'
  | 'federal_qualified'
  | 'federal_enhanced'
  | 'federal_basic'
  | 'federal_refundable'
  | 'ON_limit'
  | 'ON_oitc'
  | 'ON_ordtc'
  | 'BC_credit'
  | 'AB_ieg'
  | 'QC_salaries';
const CALC_KEYS = new Set<string>([
  'federal_limit',
  'federal_qualified',
  'federal_enhanced',
  'federal_basic',
  'federal_refundable',
  'ON_limit',
  'ON_oitc',
  'ON_ordtc',
  'BC_credit',
  'AB_ieg',
  'QC_salaries',
]);

/**
 * A calculation line's label in the interface's language, by the line's key (the calculator's
 * record keeps its English label). A key the catalogue does not know yet shows the record's English.
 */
function lineLabel(line: SredResult['lines'][number]): string {
  const perPlace = /^(\w+)\.(qualified|assistance)$/.exec(line.key);
  if (perPlace) {
    const place = jurisdictionLabel(perPlace[1]!);
    return perPlace[2] === 'qualified'
      ? translate('sred.calc.qualified', { place })
      : translate('sred.calc.assistance', { place });
  }
  if (line.key === 'deadline') {
    const months = /\((\d+) months/.exec(line.label)?.[1];
    return months ? translate('sred.calc.deadline', { months }) : line.label;
  }
  const key = line.key.replace('.', '_');
  return CALC_KEYS.has(key) ? translate(`sred.calc.${key as CalcKey}`) : line.label;
}

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
    name: s?.name ?? translate('sred.defaultName', { year }),
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

type TextField =
  | 'name'
  | 'taxYearStart'
  | 'taxYearEnd'
  | 'priorYearTaxableCapital'
  | 'priorYearTaxableIncome'
  | 'expenditureLimitSharePercent'
  | 'albertaPriorTwoYearsAverage'
  | 'quebecPriorYearAssets';

function SettingsFields({ form, set }: { form: SettingsForm; set: (patch: Partial<SettingsForm>) => void }) {
  const { t } = useTranslation();
  const text = (key: TextField, type = 'text', inputMode?: 'decimal') => (
    <Field id={`sred-${key}`} label={t(`sred.fields.${key}`)}>
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
      {text('name')}
      {text('taxYearStart', 'date')}
      {text('taxYearEnd', 'date')}
      <Field id="sred-corporationType" label={t('sred.fields.corporationType')}>
        <Select
          id="sred-corporationType"
          value={form.corporationType}
          onChange={(e) => set({ corporationType: e.target.value as SettingsForm['corporationType'] })}
          options={[
            { value: 'ccpc', label: t('sred.fields.ccpc') },
            { value: 'ecpc', label: t('sred.fields.ecpc') },
            { value: 'other', label: t('sred.fields.otherCorporation') },
          ]}
        />
      </Field>
      <Field id="sred-method" label={t('sred.fields.method')}>
        <Select
          id="sred-method"
          value={form.method}
          onChange={(e) => set({ method: e.target.value as SettingsForm['method'] })}
          options={[
            { value: 'proxy', label: t('sred.fields.proxy') },
            { value: 'traditional', label: t('sred.fields.traditional') },
          ]}
        />
      </Field>
      <Field id="sred-defaultJurisdiction" label={t('sred.fields.defaultJurisdiction')}>
        <Select
          id="sred-defaultJurisdiction"
          value={form.defaultJurisdiction}
          onChange={(e) =>
            set({ defaultJurisdiction: e.target.value as SettingsForm['defaultJurisdiction'] })
          }
          options={JURISDICTIONS.map((value) => ({ value, label: jurisdictionLabel(value) }))}
        />
      </Field>
      {text('priorYearTaxableCapital', 'text', 'decimal')}
      {text('priorYearTaxableIncome', 'text', 'decimal')}
      {text('expenditureLimitSharePercent', 'text', 'decimal')}
      {text('albertaPriorTwoYearsAverage', 'text', 'decimal')}
      {text('quebecPriorYearAssets', 'text', 'decimal')}
      <div className="flex flex-col gap-2 pt-5">
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.qualifyingCorporation}
            onChange={(e) => set({ qualifyingCorporation: e.target.checked })}
          />
          {t('sred.fields.qualifyingCorporation')}
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.quebecForeignControlled}
            onChange={(e) => set({ quebecForeignControlled: e.target.checked })}
          />
          {t('sred.fields.quebecForeignControlled')}
        </label>
      </div>
    </div>
  );
}

function Unverified({ verified }: { verified: boolean }) {
  const { t } = useTranslation();
  return verified ? null : (
    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
      {t('sred.result.unverified')}
    </span>
  );
}

/**
 * The calculation, line by line, with the sources of every rule (the preview and the record use it).
 * Exported for its French test (ADR 1042).
 */
export function ResultView({ result, title, testId }: { result: SredResult; title: string; testId: string }) {
  const { t, language } = useTranslation();
  return (
    <section aria-label={title} data-testid={testId} className="space-y-3">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {(
          [
            ['refundable', t('sred.result.refundable'), result.totals.refundable],
            ['non-refundable', t('sred.result.nonRefundable'), result.totals.nonRefundable],
            ['total-credits', t('sred.result.total'), result.totals.total],
          ] as const
        ).map(([id, label, value]) => (
          <div key={id} className="rounded border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900" data-testid={`${testId}-${id}`}>
              {cad(value)}
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-slate-700">
        {t('sred.result.filingDeadline')} <strong>{result.filingDeadline}</strong>
        {!result.verified && <span className="ml-2 text-amber-900">{t('sred.result.someUnverified')}</span>}
      </p>
      <p className="text-xs text-slate-600">{t('sred.calc.inEnglish')}</p>
      <ol className="space-y-2 text-sm">
        {result.lines.map((l) => (
          <li key={l.key} className="rounded border border-slate-200 bg-white p-2">
            <div className="flex flex-wrap justify-between gap-2">
              <span className="font-medium text-slate-900">
                {lineLabel(l)}
                <Unverified verified={l.verified} />
              </span>
              {l.key !== 'deadline' && <span className="font-mono">{cad(l.amount)}</span>}
            </div>
            {/* The calculator's records are English (said above); lang tells screen readers so. */}
            <p lang="en" className="break-words text-xs text-slate-700">
              {l.formula}
            </p>
            <p className="text-xs text-slate-600">
              {t('sred.result.sources')}{' '}
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
                    {t('sred.result.read', { date: s?.read })}
                  </span>
                );
              })}
            </p>
          </li>
        ))}
      </ol>
      {result.notes.length > 0 && (
        // Each note has its French in fr.messages.json, a note with figures by its template (ADR 1086); one without stays English.
        <ul
          lang={language === 'en' ? 'en' : undefined}
          className="list-disc space-y-1 pl-5 text-xs text-slate-700"
        >
          {result.notes.map((n) => {
            const shown = translateMessage(n);
            return (
              <li key={n} lang={language === 'fr' && shown === n ? 'en' : undefined}>
                {shown}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function preview(
  input: SredInput,
  parsed: ReturnType<typeof settingsOf>,
): { result?: SredResult; error?: string } {
  if (!parsed.success)
    return { error: translateMessage(parsed.error.issues[0]?.message) ?? translate('sred.checkSettings') };
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
  const { t } = useTranslation();
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
      toast.error(translateMessage(parsed.error.issues[0]?.message) ?? t('sred.checkSettings'));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: () => toast.success(t('sred.settings.saved')),
      onError: (err) => toast.error(messageOf(err, t('sred.settings.saveFailed'))),
    });
  }
  return (
    <Card className="space-y-4 p-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('sred.settings.title')}</h2>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <SettingsFields form={form} set={(p) => setForm((f) => ({ ...f, ...p }))} />
        <Button type="submit" disabled={save.isPending}>
          {t('sred.settings.save')}
        </Button>
      </form>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div>
          {live.result ? (
            <ResultView result={live.result} title={t('sred.settings.previewTitle')} testId="sred-preview" />
          ) : (
            <p role="alert" className="text-sm text-red-700">
              {t('sred.settings.previewUnavailable', { error: live.error })}
            </p>
          )}
        </div>
        <div>
          {claim.result ? (
            <ResultView
              result={claim.result as SredResult}
              title={t('sred.settings.recordTitle')}
              testId="sred-record"
            />
          ) : (
            <p className="text-sm text-red-700">
              {t('sred.settings.recordFailed', { error: claim.resultError })}
            </p>
          )}
        </div>
      </div>
    </Card>
  );
}

const XLSX_FILE = /\.xlsx$/i;

/** A file's bytes in base64, for the JSON body (an Excel workbook, ADR 0661). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).slice(String(reader.result).indexOf(',') + 1));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function ImportCard({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation();
  const [source, setSource] = useState<'ledger' | 'payroll'>('ledger');
  const [file, setFile] = useState<ImportFile | null>(null);
  const [fileName, setFileName] = useState('');
  const [pv, setPv] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<Partial<ImportMapping>>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useImport(claim.id);

  async function pick(picked: File | undefined) {
    setResult(null);
    setPv(null);
    if (!picked) return;
    if (picked.size > SRED_LIMITS.csvBytes) {
      toast.error(t('sred.import.tooLarge', { size: SRED_LIMITS.csvBytes / 1024 / 1024 }));
      return;
    }
    const body: ImportFile = XLSX_FILE.test(picked.name)
      ? { xlsx: await base64Of(picked) }
      : { csv: await picked.text() };
    setFileName(picked.name);
    setFile(body);
    setBusy(true);
    try {
      const p = await previewImport(claim.id, source, body);
      setPv(p);
      setMapping(p.suggested);
    } catch (err) {
      toast.error(messageOf(err, t('sred.import.readFailed')));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!file || !mapping.date || !mapping.amount) {
      toast.error(t('sred.import.chooseColumns'));
      return;
    }
    run.mutate(
      {
        source,
        file,
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
          setFile(null);
          const imported = t('sred.import.imported', { count: r.imported });
          toast.success(
            r.errors.length
              ? `${imported}, ${t('sred.import.withErrors', { count: r.errors.length })}`
              : imported,
          );
        },
        onError: (err) => toast.error(messageOf(err, t('sred.import.failed'))),
      },
    );
  }

  const headerOptions = (pv?.headers ?? []).map((h) => ({ value: h, label: h }));
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('sred.import.title')}</h2>
      <div className="flex flex-wrap items-end gap-3">
        <Field id="sred-import-source" label={t('sred.import.file')}>
          <Select
            id="sred-import-source"
            value={source}
            onChange={(e) => setSource(e.target.value as 'ledger' | 'payroll')}
            options={[
              { value: 'ledger', label: t('sred.import.ledger') },
              { value: 'payroll', label: t('sred.import.payroll') },
            ]}
          />
        </Field>
        <Field id="sred-import-file" label={t('sred.import.csvFile')}>
          <FileInput
            id="sred-import-file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => void pick(e.target.files?.[0])}
          />
        </Field>
        {busy && <span className="text-sm text-slate-600">{t('sred.import.reading')}</span>}
      </div>
      {pv && (
        <form onSubmit={submit} className="space-y-3" aria-label={t('sred.import.mapping')}>
          <p className="text-sm text-slate-700">
            {t('sred.import.matchColumns', { file: fileName, rows: pv.rowCount })}
          </p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            {IMPORT_FIELDS.map((f) => (
              <Field key={f} id={`sred-map-${f}`} label={t(`sred.importFields.${f}`)}>
                <Select
                  id={`sred-map-${f}`}
                  value={mapping[f] ?? ''}
                  onChange={(e) => setMapping((m) => ({ ...m, [f]: e.target.value || null }))}
                  options={[{ value: '', label: t('sred.import.none') }, ...headerOptions]}
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
            {t('sred.import.importRows', { rows: pv.rowCount })}
          </Button>
        </form>
      )}
      {result && result.errors.length > 0 && (
        <div role="alert" className="rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-medium">{t('sred.import.rowErrors', { count: result.errors.length })}</p>
          <ul lang="en" className="mt-1 list-disc pl-5">
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
  const { t } = useTranslation();
  const [category, setCategory] = useState<ExpenseCategory>(line.category);
  const [reason, setReason] = useState('');
  const override = useOverride(claimId);
  const changed = category !== line.category;
  return (
    <li className="rounded border border-slate-200 bg-white p-3 text-sm" data-testid="sred-line">
      <div className="flex flex-wrap justify-between gap-2">
        <span className="font-medium text-slate-900">
          {line.source === 'payroll' ? line.person : line.description || line.account} ·{' '}
          {line.date ?? t('sred.line.noDate')} · {jurisdictionLabel(line.jurisdiction)}
        </span>
        <span className="font-mono">
          {t('sred.line.counts', { amount: cad(line.amount), counted: cad(line.counted) })}
          {line.sredShare !== null &&
            ` ${t('sred.line.timeShare', { percent: Math.round(line.sredShare * 1000) / 10 })}`}
        </span>
      </div>
      {line.error && (
        <p role="alert" lang="en" className="text-red-700">
          {line.error}
        </p>
      )}
      <p className="text-xs text-slate-700">
        {t('sred.line.rule', { category: categoryLabel(line.ruleCategory) })}{' '}
        <span lang="en">{line.ruleReason}</span>
      </p>
      {(line.category === 'salary' || line.category === 'specified_salary') &&
        line.sredShare === null &&
        !line.error && (
          <p className="text-xs text-amber-900">{t('sred.line.noTime', { person: line.person })}</p>
        )}
      {line.overrides.length > 0 && (
        <ul className="text-xs text-slate-700">
          {line.overrides.map((o) => (
            <li key={o.at}>
              {t('sred.line.changed', {
                date: o.at.slice(0, 10),
                from: categoryLabel(o.from),
                to: categoryLabel(o.to),
                reason: o.reason,
              })}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <Select
          aria-label={t('sred.line.category', { row: line.row })}
          value={category}
          onChange={(e) => setCategory(e.target.value as ExpenseCategory)}
          options={EXPENSE_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }))}
          className="max-w-full"
        />
        {changed && (
          <>
            <Input
              aria-label={t('sred.line.reason', { row: line.row })}
              placeholder={t('sred.line.reasonPlaceholder')}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className="min-w-[12rem] flex-1"
            />
            <Button
              size="sm"
              disabled={override.isPending}
              onClick={() => {
                if (!reason.trim()) {
                  toast.error(t('sred.line.reasonRequired'));
                  return;
                }
                override.mutate(
                  { lineId: line.id, category, reason },
                  {
                    onSuccess: () => {
                      setReason('');
                      toast.success(t('sred.line.changedToast'));
                    },
                    onError: (err) => toast.error(messageOf(err, t('sred.line.changeFailed'))),
                  },
                );
              }}
            >
              {t('sred.line.saveCategory')}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

function TimeCard({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState(() =>
    claim.time.map((t) => ({ person: t.person, projectId: t.projectId ?? '', hours: String(t.hours) })),
  );
  const save = useSaveTime(claim.id);
  const people = [
    ...new Set(claim.lines.filter((l) => l.source === 'payroll' && l.person).map((l) => l.person)),
  ];
  const projectOptions = [
    { value: '', label: t('sred.time.otherWork') },
    ...claim.projects.map((p) => ({ value: p.id, label: p.title })),
  ];
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('sred.time.title')}</h2>
      <p className="text-sm text-slate-700">{t('sred.time.intro')}</p>
      <ul className="space-y-2">
        {rows.map((r, i) => (
          <li key={i} className="flex flex-wrap items-end gap-2">
            <Input
              aria-label={t('sred.time.person', { row: i + 1 })}
              list="sred-people"
              value={r.person}
              onChange={(e) =>
                setRows((rs) => rs.map((x, j) => (j === i ? { ...x, person: e.target.value } : x)))
              }
              className="min-w-[10rem] flex-1"
            />
            <Select
              aria-label={t('sred.time.project', { row: i + 1 })}
              value={r.projectId}
              onChange={(e) =>
                setRows((rs) => rs.map((x, j) => (j === i ? { ...x, projectId: e.target.value } : x)))
              }
              options={projectOptions}
            />
            <Input
              aria-label={t('sred.time.hours', { row: i + 1 })}
              inputMode="decimal"
              value={r.hours}
              onChange={(e) =>
                setRows((rs) => rs.map((x, j) => (j === i ? { ...x, hours: e.target.value } : x)))
              }
              className="w-24"
            />
            <Button variant="ghost" size="sm" onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}>
              {t('sred.time.remove')}
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
          {t('sred.time.addRow')}
        </Button>
        <Button
          size="sm"
          disabled={save.isPending}
          onClick={() => {
            const bad = rows.findIndex(
              (r) => !r.person.trim() || !(Number(r.hours) >= 0) || r.hours.trim() === '',
            );
            if (bad >= 0) {
              toast.error(t('sred.time.rowInvalid', { row: bad + 1 }));
              return;
            }
            save.mutate(
              rows.map((r) => ({
                person: r.person.trim(),
                projectId: r.projectId || null,
                hours: Number(r.hours),
              })),
              {
                onSuccess: () => toast.success(t('sred.time.saved')),
                onError: (err) => toast.error(messageOf(err, t('sred.time.saveFailed'))),
              },
            );
          }}
        >
          {t('sred.time.save')}
        </Button>
      </div>
    </Card>
  );
}

function ProjectsCard({ claim }: { claim: ClaimView }) {
  const { t } = useTranslation();
  const [title, setTitle] = useState('');
  const add = useAddProject(claim.id);
  return (
    <Card className="space-y-3 p-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('sred.projects.title')}</h2>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (!title.trim()) {
            toast.error(t('sred.projects.titleRequired'));
            return;
          }
          add.mutate(
            { title: title.trim() },
            {
              onSuccess: () => {
                setTitle('');
                toast.success(t('sred.projects.added'));
              },
              onError: (err) => toast.error(messageOf(err, t('sred.projects.addFailed'))),
            },
          );
        }}
      >
        <Field id="sred-project-title" label={t('sred.projects.newTitle')}>
          <Input id="sred-project-title" value={title} onChange={(e) => setTitle(e.target.value)} />
        </Field>
        <Button type="submit" disabled={add.isPending}>
          {t('sred.projects.add')}
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
  const { t } = useTranslation();
  const { data: claim, isLoading, error } = useQuery(claimQuery(id));
  if (isLoading) return <p className="text-sm text-slate-700">{t('sred.loading')}</p>;
  if (!claim) return <p role="alert">{messageOf(error, t('sred.notFound'))}</p>;
  return (
    <div className="space-y-6">
      <SettingsCard key={claim.id} claim={claim} />
      <ExportCard claim={claim} />
      <ImportCard claim={claim} />
      <GrantsCard claim={claim} />
      <ProjectsCard claim={claim} />
      <TimeCard key={claim.time.length + claim.projects.length} claim={claim} />
      <Card className="space-y-3 p-4">
        <h2 className="text-lg font-semibold text-slate-900">
          {t('sred.lines.title', { number: claim.lines.length })}
        </h2>
        {claim.lines.length === 0 ? (
          <p className="text-sm text-slate-700">{t('sred.lines.empty')}</p>
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
  const { t } = useTranslation();
  const { data: claims } = useQuery(claimsQuery());
  const [form, setForm] = useState(() => formOf());
  const create = useCreateClaim();
  const navigate = useNavigate();
  function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = settingsOf(form);
    if (!parsed.success) {
      toast.error(translateMessage(parsed.error.issues[0]?.message) ?? t('sred.checkSettings'));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (view) => void navigate(`/sred/${view.id}`),
      onError: (err) => toast.error(messageOf(err, t('sred.createFailed'))),
    });
  }
  return (
    <div className="space-y-6">
      <Card className="space-y-3 p-4">
        <h2 className="text-lg font-semibold text-slate-900">{t('sred.yourClaims')}</h2>
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
                  {t('sred.claimSummary', {
                    start: c.taxYearStart,
                    end: c.taxYearEnd,
                    credits: cad(c.totalCredit),
                  })}
                  <Unverified verified={c.verified} /> · {t('sred.fileBy', { date: c.filingDeadline })}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-700">{t('sred.noClaims')}</p>
        )}
      </Card>
      <Card className="space-y-3 p-4">
        <h2 className="text-lg font-semibold text-slate-900">{t('sred.newClaim')}</h2>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <SettingsFields form={form} set={(p) => setForm((f) => ({ ...f, ...p }))} />
          <Button type="submit" disabled={create.isPending}>
            {t('sred.createClaim')}
          </Button>
        </form>
      </Card>
    </div>
  );
}

/** /sred and /sred/:id: SR&ED claims (issue 30). */
export function SredPage() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const { id } = useParams();
  if (!user) return <SignInRequired message={t('sred.signInRequired')} />;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-4">
          <div>
            <h1 className="text-xl font-bold text-slate-900">{t('sred.title')}</h1>
            <p className="text-sm text-slate-700">{t('sred.intro')}</p>
          </div>
          <div className="flex gap-2">
            {id && (
              <Link to="/sred" className={buttonClass('secondary', 'sm')}>
                {t('sred.allClaims')}
              </Link>
            )}
            <Link to="/" className={buttonClass('secondary', 'sm')}>
              {t('sred.home')}
            </Link>
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6">{id ? <ClaimDetail id={id} /> : <ClaimList />}</main>
    </div>
  );
}
