import { programEditSchema, type AdminProgram } from '@grantleaf/shared/catalogue.schema';
import { FUNDING_PERIODS, PROGRAM_TYPES } from '@grantleaf/shared/programs.schema';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError, Input, Label, Select, Textarea } from '../../../components/ui/input.tsx';
import { NotAuthorised } from '../../../components/not-authorised.tsx';
import { fieldErrorsOf, messageOf, statusOf } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import '../../../i18n/admin-catalogue.ts';
import '../../../i18n/dashboard-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { useEditProgram, useProgramAction } from '../api/admin-catalogue.api.ts';
import { CurationBadges } from './admin-catalogue-page.tsx';
import { adminProgramQuery } from '../api/admin-catalogue.queries.ts';
import { useQuery } from '@tanstack/react-query';

/** The form holds text; numbers and lists are read from it when it is sent. */
type Form = Record<
  | 'name'
  | 'agency'
  | 'jurisdiction'
  | 'country'
  | 'programType'
  | 'currency'
  | 'fundingMin'
  | 'fundingMax'
  | 'fundingPeriod'
  | 'deadlinePattern'
  | 'nextDeadlines'
  | 'eligibility'
  | 'url'
  | 'sources'
  | 'status'
  | 'notes',
  string
>;

function formOf(p: AdminProgram): Form {
  return {
    name: p.name,
    agency: p.agency,
    jurisdiction: p.jurisdiction,
    country: p.country,
    programType: p.programType,
    currency: p.currency,
    fundingMin: p.fundingMin === null ? '' : String(p.fundingMin),
    fundingMax: p.fundingMax === null ? '' : String(p.fundingMax),
    fundingPeriod: p.fundingPeriod,
    deadlinePattern: p.deadlinePattern,
    nextDeadlines: p.nextDeadlines.join('\n'),
    eligibility: p.eligibility,
    url: p.url,
    sources: p.sources.join('\n'),
    status: p.status,
    notes: p.notes ?? '',
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const amount = (text: string) => (text.trim() === '' ? null : Number(text.replace(/[\s,$]/g, '')));

function editOf(form: Form, updatedAt: string): Record<string, unknown> {
  return {
    ...form,
    fundingMin: amount(form.fundingMin),
    fundingMax: amount(form.fundingMax),
    nextDeadlines: lines(form.nextDeadlines),
    sources: lines(form.sources),
    notes: form.notes.trim() === '' ? null : form.notes,
    updatedAt,
  };
}

/** The form's fields and the history's edited fields, named by the catalogue (`adminProgram.fields`). */
const FIELDS = new Set([
  'name',
  'agency',
  'jurisdiction',
  'country',
  'programType',
  'currency',
  'fundingMin',
  'fundingMax',
  'fundingPeriod',
  'deadlinePattern',
  'nextDeadlines',
  'eligibility',
  'url',
  'sources',
  'status',
  'notes',
  'lastVerified',
] as const);
type Field = typeof FIELDS extends Set<infer F> ? F : never;
const isField = (name: string): name is Field => (FIELDS as Set<string>).has(name);

/** /admin/catalogue/:id: edit one program, mark it verified, retire or restore it, read its history. */
export function AdminProgramPage() {
  const { id = '' } = useParams();
  const { data: user } = useCurrentUser();
  const isAdmin = Boolean(user?.isAdmin);
  const program = useQuery(adminProgramQuery(isAdmin, id));
  const { t } = useTranslation();
  if (!isAdmin) return <NotAuthorised />;
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Link to="/admin/catalogue" className="text-sm font-medium text-brand-800 underline">
        {t('adminProgram.back')}
      </Link>
      {program.isLoading ? (
        <p className="text-sm text-slate-700">{t('common.loading')}</p>
      ) : program.isError || !program.data ? (
        <>
          <h1 className="text-2xl font-bold text-slate-900">{t('adminProgram.heading')}</h1>
          <p className="text-sm text-red-700" role="alert">
            {statusOf(program.error) === 404
              ? t('adminProgram.notFound')
              : t('adminProgram.failed', { message: program.error?.message ?? '' })}
          </p>
        </>
      ) : (
        <ProgramEditor key={program.data.id} program={program.data} reload={program.refetch} />
      )}
    </main>
  );
}

function ProgramEditor({
  program,
  reload,
}: {
  program: AdminProgram;
  reload: () => Promise<{ data?: AdminProgram }>;
}) {
  // The version the form was filled from: a save from it is refused if someone saved since.
  const [base, setBase] = useState(program.updatedAt);
  const form = useSchemaForm({
    schema: programEditSchema,
    initial: formOf(program),
    id: 'program',
    toInput: (values) => editOf(values, base),
  });
  const [notice, setNotice] = useState<string | null>(null);
  const [confirmRetire, setConfirmRetire] = useState(false);
  const { t } = useTranslation();
  const edit = useEditProgram(program.id);
  const action = useProgramAction(program.id);
  const failure = (edit.error ?? action.error) as Error | null;
  const stale = statusOf(failure) === 409;

  const onReload = async () => {
    const { data } = await reload();
    if (!data) return;
    form.reset(formOf(data));
    setBase(data.updatedAt);
    edit.reset();
    setNotice(t('adminProgram.reloaded'));
  };
  // Verifying, retiring and restoring change the version, not the form's fields.
  const run = (name: 'verify' | 'retire' | 'restore', done: string) =>
    action.mutate(name, {
      onSuccess: (saved) => {
        setBase(saved.updatedAt);
        setConfirmRetire(false);
        setNotice(done);
      },
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    edit.mutate(parsed.data, {
      onSuccess: (saved) => {
        form.reset(formOf(saved));
        setBase(saved.updatedAt);
        setNotice(
          saved.history[0]?.id === program.history[0]?.id
            ? t('adminProgram.nothingChanged')
            : t('adminProgram.saved'),
        );
      },
      onError: (error) => {
        const found: Partial<Form> = {};
        for (const e of fieldErrorsOf(error)) found[e.path.split('.')[0] as keyof Form] ??= e.message;
        if (Object.keys(found).length > 0) form.show(found);
      },
    });
  };

  const field = (key: keyof Form, input: (props: Record<string, unknown>) => ReactNode, hint?: string) => (
    <div>
      <Label htmlFor={`program-${key}`}>{t(`adminProgram.fields.${key}`)}</Label>
      {hint && (
        <p id={`program-${key}-hint`} className="mb-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {input(form.input(key, hint && `program-${key}-hint`))}
      <FieldError id={form.errorId(key)}>{form.errors[key]}</FieldError>
    </div>
  );
  const text = (key: keyof Form, hint?: string) => field(key, (p) => <Input {...p} />, hint);
  const area = (key: keyof Form, hint?: string) => field(key, (p) => <Textarea {...p} />, hint);
  const select = (key: keyof Form, options: ReadonlyArray<{ value: string; label: string }>) =>
    field(key, (p) => <Select {...p} options={options} />);

  return (
    <>
      <div className="space-y-2">
        <h1 className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]">{program.name}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span>{program.agency}</span>
          <span aria-hidden="true">·</span>
          <span data-testid="last-verified">
            {t('adminProgram.lastVerified', { date: program.lastVerified ?? t('adminProgram.never') })}
          </span>
          <CurationBadges program={program} />
        </p>
        <p className="text-sm text-slate-700">
          {t('adminProgram.nextDeadline', {
            deadline: program.deadline ?? program.intake ?? t('adminProgram.none'),
          })}
        </p>
      </div>
      <section aria-label={t('adminProgram.curation')} className="flex flex-wrap gap-3">
        <Button onClick={() => run('verify', t('adminProgram.verifiedToday'))} disabled={action.isPending}>
          {t('adminProgram.markVerified')}
        </Button>
        {program.retired ? (
          <Button
            variant="secondary"
            onClick={() => run('restore', t('adminProgram.restored'))}
            disabled={action.isPending}
          >
            {t('adminProgram.restore')}
          </Button>
        ) : confirmRetire ? (
          <span
            className="flex flex-wrap items-center gap-2 text-sm text-slate-800"
            role="group"
            aria-label={t('adminProgram.confirmRetiring')}
          >
            {t('adminProgram.retireWarning')}
            <Button
              variant="danger"
              autoFocus
              onClick={() => run('retire', t('adminProgram.retiredNotice'))}
              disabled={action.isPending}
            >
              {t('adminProgram.retireIt')}
            </Button>
            <Button variant="secondary" onClick={() => setConfirmRetire(false)}>
              {t('adminProgram.cancel')}
            </Button>
          </span>
        ) : (
          <Button variant="secondary" onClick={() => setConfirmRetire(true)}>
            {t('adminProgram.retire')}
          </Button>
        )}
      </section>
      {notice && (
        <p
          role="status"
          className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
        >
          {notice}
        </p>
      )}
      {failure && (
        <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p>{messageOf(failure, failure.message)}</p>
          {stale && (
            <Button size="sm" variant="secondary" className="mt-2" onClick={() => void onReload()}>
              {t('adminProgram.reload')}
            </Button>
          )}
        </div>
      )}
      <Card className="p-4">
        <form
          noValidate
          onSubmit={submit}
          className="grid gap-4 sm:grid-cols-2"
          aria-label={t('adminProgram.editProgram')}
        >
          <div className="sm:col-span-2">{text('name')}</div>
          {text('agency')}
          {text('jurisdiction', t('adminProgram.jurisdictionHint'))}
          {select('country', [
            { value: 'CA', label: t('adminProgram.country.CA') },
            { value: 'US', label: t('adminProgram.country.US') },
          ])}
          {select(
            'programType',
            PROGRAM_TYPES.map((p) => ({ value: p.value, label: t(`labels.programType.${p.value}`) })),
          )}
          {select('currency', [
            { value: 'CAD', label: 'CAD' },
            { value: 'USD', label: 'USD' },
          ])}
          {/* The stored slug ("per_project") shown as words; a value the list lacks stays choosable. */}
          {select('fundingPeriod', [
            { value: '', label: t('labels.fundingPeriod.notStated') },
            ...FUNDING_PERIODS.map((p) => ({ value: p.value, label: t(`labels.fundingPeriod.${p.value}`) })),
            ...(form.values.fundingPeriod &&
            !FUNDING_PERIODS.some((p) => p.value === form.values.fundingPeriod)
              ? [{ value: form.values.fundingPeriod, label: form.values.fundingPeriod }]
              : []),
          ])}
          {text('fundingMin', t('adminProgram.unitsHint'))}
          {text('fundingMax', t('adminProgram.unitsHint'))}
          <div className="sm:col-span-2">{text('deadlinePattern')}</div>
          <div className="sm:col-span-2">
            {area(
              'nextDeadlines',
              program.hasDeadlineRule ? t('adminProgram.datesRuleHint') : t('adminProgram.datesHint'),
            )}
          </div>
          <div className="sm:col-span-2">{area('eligibility')}</div>
          <div className="sm:col-span-2">{text('url')}</div>
          <div className="sm:col-span-2">{area('sources', t('adminProgram.sourcesHint'))}</div>
          <div className="sm:col-span-2">{text('status')}</div>
          <div className="sm:col-span-2">{area('notes', t('adminProgram.notesHint'))}</div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={edit.isPending}>
              {edit.isPending ? t('adminProgram.saving') : t('adminProgram.save')}
            </Button>
          </div>
        </form>
      </Card>
      <ApplicationSections application={program.application} />
      <section aria-labelledby="history-heading" className="space-y-2">
        <h2 id="history-heading" className="text-lg font-semibold text-slate-900">
          {t('adminProgram.history')}
        </h2>
        {program.history.length === 0 ? (
          <p className="text-sm text-slate-700">{t('adminProgram.noHistory')}</p>
        ) : (
          <ol className="space-y-1 text-sm text-slate-800" data-testid="program-history">
            {program.history.map((h) => (
              <li key={h.id}>
                {formatDateTime(h.at)} · {h.actorEmail ?? h.actorId ?? t('adminProgram.deletedAccount')} ·{' '}
                {t(`adminProgram.actions.${h.action}`)}
                {h.fields.length > 0 && h.action === 'edit'
                  ? t('adminProgram.editedFields', {
                      fields: h.fields
                        .map((f) => (isField(f) ? t(`adminProgram.fields.${f}`) : f))
                        .join(', '),
                    })
                  : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}

/** Which sections drafts and checks use for this program, and which source wins (issue 24 §2). */
function ApplicationSections({ application }: { application: AdminProgram['application'] }) {
  const { t } = useTranslation();
  const listed = (s: { name: string; limit: string | null }) => (s.limit ? `${s.name} (${s.limit})` : s.name);
  return (
    <section aria-labelledby="application-heading" className="space-y-2">
      <h2 id="application-heading" className="text-lg font-semibold text-slate-900">
        {t('adminProgram.sections.title')}
      </h2>
      <p className="text-sm text-slate-700" data-testid="sections-from">
        {t(`adminProgram.sections.${application.sectionsFrom}`)}
      </p>
      <ol
        className="list-decimal space-y-1 pl-5 text-sm text-slate-800"
        aria-label={t('adminProgram.sections.used')}
      >
        {application.sections.map((s) => (
          <li key={s.name} className="[overflow-wrap:anywhere]">
            {listed(s)}
            {s.attachment ? t('adminProgram.sections.attachment') : ''}
          </li>
        ))}
      </ol>
      {application.sectionsFrom === 'program' && application.recordSections.length > 0 && (
        <details className="text-sm text-slate-700">
          <summary>{t('adminProgram.sections.recordList')}</summary>
          <ul className="list-disc space-y-1 pl-5 [overflow-wrap:anywhere]">
            {application.recordSections.map((s) => (
              <li key={s.name}>{listed(s)}</li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
