import {
  createApplicationSchema,
  otherStatuses,
  updateApplicationSchema,
  type Application,
  type ApplicationStatus,
} from '@grantleaf/shared/applications.schema';
import { checkUploadFile } from '@grantleaf/shared/submissions.schema';
import { approvedFunding, summariseApplications } from '@grantleaf/shared/display-rules';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FieldError, FileInput, FormField, Input, Label } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Pager, usePaged } from '../../../components/ui/pager.tsx';
import { ApplicationStatusBadge } from '../../../components/status-cells.tsx';
import '../../../i18n/applications-catalogue.ts';
import { t, useTranslation } from '../../../i18n/index.ts';
import { formatOneDecimal } from '../../../lib/format-number.ts';
import { messageOf } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import {
  useAttachDocument,
  useCalendarToken,
  useCreateApplication,
  useDeleteApplication,
  useUpdateApplication,
} from '../api/applications.api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { ReportsChart } from './reports-chart.tsx';
import { ProgramPicker } from '../../../components/program-picker.tsx';
import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { applicationsQuery } from '../../../lib/queries/applications.queries.ts';
import { useQuery } from '@tanstack/react-query';

const EMPTY_NEW = { title: '', program: '', amount: '', deadline: '', programId: '' };

function NewApplicationDialog({
  open,
  onOpenChange,
  userId,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  userId: string;
}) {
  const form = useSchemaForm({
    schema: createApplicationSchema,
    initial: EMPTY_NEW,
    id: 'app',
    toInput: (values) => ({
      ...values,
      deadline: values.deadline || null,
      programId: values.programId || undefined,
    }),
  });
  // The program the picker knows; it fills the form once per choice, here rather than in an effect
  // (the form's update is a new function each render, so it cannot be a stable callback).
  const [program, setProgram] = useState<GrantProgram | null>(null);
  const [filledFrom, setFilledFrom] = useState<GrantProgram | null>(null);
  if (program !== filledFrom) {
    setFilledFrom(program);
    /** A catalogue program fills the name and deadline; its template gives the sections to write. */
    if (program)
      form.update((f) => ({ ...f, program: program.name, deadline: f.deadline || (program.deadline ?? '') }));
  }
  const create = useCreateApplication(userId);
  useTranslation();
  function close(next: boolean) {
    onOpenChange(next);
    if (!next) form.reset();
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(t('applications.new.added'));
        close(false);
      },
      onError: (error) =>
        toast.error(t('applications.error'), { description: messageOf(error, t('applications.new.failed')) }),
    });
  }
  const field = (
    name: 'title' | 'program' | 'amount' | 'deadline',
    label: string,
    type = 'text',
    placeholder = '',
  ) => (
    <FormField label={label} {...form.slot(name)}>
      <Input {...form.input(name)} type={type} placeholder={placeholder} />
    </FormField>
  );
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('applications.new.title')}
      description={t('applications.new.description')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {field('title', t('applications.new.titleField'))}
        <div>
          <ProgramPicker
            id="app-program-id"
            optional
            value={form.values.programId}
            onChange={form.set('programId')}
            onProgram={setProgram}
          />
          <p className="mt-1 text-xs text-slate-600">{t('applications.new.programHint')}</p>
        </div>
        {field('program', t('applications.new.program'), 'text', t('applications.new.programPlaceholder'))}
        {field('amount', t('applications.new.amount'), 'text', t('applications.new.amountPlaceholder'))}
        {field('deadline', t('applications.new.deadline'), 'date')}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('applications.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? t('applications.submitting') : t('applications.new.add')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function UploadDocumentsDialog({
  open,
  onOpenChange,
  userId,
  applications,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  userId: string;
  applications: readonly Application[];
}) {
  const [appId, setAppId] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // No zod schema fits these two choices: the documents route reads the application from its path
  // and the upload's answer, and a file is checked by checkUploadFile (here and by the upload route).
  const [errors, setErrors] = useState<{ application?: string; file?: string }>({});
  const attach = useAttachDocument(userId);
  useTranslation();
  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setAppId('');
      setFile(null);
      setErrors({});
    }
  }
  function onFile(chosen: File | null) {
    setFile(null);
    const refusal = chosen && checkUploadFile(chosen);
    setErrors((e) => ({ ...e, file: refusal ?? undefined }));
    if (chosen && !refusal) setFile(chosen);
  }
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const missing = {
      application: appId ? undefined : t('applications.upload.chooseApplication'),
      file: file ? undefined : (errors.file ?? t('applications.upload.chooseFile')),
    };
    if (!appId || !file) {
      setErrors(missing);
      document.getElementById(missing.application ? 'doc-application' : 'doc-file')?.focus();
      return;
    }
    attach.mutate(
      { id: appId, file },
      {
        onSuccess: () => {
          toast.success(t('applications.upload.uploaded'));
          close(false);
        },
        onError: (error) => {
          setFile(null);
          // A refused file cannot pass on a retry: say why (spec §8's text is for failed uploads).
          toast.error(t('applications.upload.failed'), {
            description: messageOf(error, t('applications.upload.failedDescription')),
          });
        },
      },
    );
  }
  const selected = applications.find((a) => a.id === appId);
  return (
    <Modal
      open={open}
      onOpenChange={close}
      title={t('applications.upload.title')}
      description={t('applications.upload.description')}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div>
          <Label htmlFor="doc-application">{t('applications.upload.application')}</Label>
          <select
            id="doc-application"
            value={appId}
            aria-invalid={Boolean(errors.application)}
            aria-describedby={errors.application ? 'doc-application-error' : undefined}
            onChange={(e) => {
              setAppId(e.target.value);
              if (e.target.value) setErrors((current) => ({ ...current, application: undefined }));
            }}
            className="block h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm"
          >
            <option value="">{t('applications.upload.choose')}</option>
            {applications.map((a) => (
              <option key={a.id} value={a.id}>
                {a.title}
              </option>
            ))}
          </select>
          <FieldError id="doc-application-error">{errors.application}</FieldError>
        </div>
        <div>
          <Label htmlFor="doc-file">{t('applications.upload.file')}</Label>
          <FileInput
            id="doc-file"
            accept=".pdf,.doc,.docx,.txt"
            aria-invalid={Boolean(errors.file)}
            aria-describedby={errors.file ? 'doc-file-error' : undefined}
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          />
          <FieldError id="doc-file-error">{errors.file}</FieldError>
        </div>
        {selected && selected.documents.length > 0 && (
          <div>
            <p className="text-sm font-medium text-slate-800">{t('applications.upload.attached')}</p>
            <ul className="list-inside list-disc text-sm text-slate-700">
              {selected.documents.map((d) => (
                <li key={d.id}>
                  <DocumentLink fileUrl={d.fileUrl} fileName={d.fileName} />
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={() => close(false)}>
            {t('applications.cancel')}
          </Button>
          <Button type="submit" disabled={attach.isPending}>
            {attach.isPending ? t('applications.upload.uploading') : t('applications.upload.upload')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** An attached file, fetched with the session (the file route checks the owner). */
function DocumentLink({ fileUrl, fileName }: { fileUrl: string; fileName: string }) {
  return (
    <button
      type="button"
      className="text-left text-brand-800 underline hover:text-brand-900"
      onClick={async () => {
        const result = await downloadFile(fileUrl, fileName);
        if (result === 'failed') window.alert(t('applications.downloadFailed'));
        if (result === 'error') window.alert(t('applications.downloadError'));
      }}
    >
      {fileName}
    </button>
  );
}

/** A tracked row's title, amount and deadline, edited in place (issue 28 §4). */
function EditApplicationDialog({
  app,
  userId,
  onClose,
}: {
  app: Application;
  userId: string;
  onClose: () => void;
}) {
  const form = useSchemaForm({
    schema: updateApplicationSchema,
    initial: { title: app.title, amount: app.amount, deadline: app.deadline ?? '' },
    id: `edit-${app.id}`,
    toInput: (values) => ({ ...values, deadline: values.deadline || null }),
  });
  const update = useUpdateApplication(userId);
  useTranslation();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    update.mutate(
      { id: app.id, ...parsed.data },
      {
        onSuccess: () => {
          toast.success(t('applications.editDialog.updated'));
          onClose();
        },
        onError: (error) =>
          toast.error(t('applications.error'), {
            description: messageOf(error, t('applications.updateFailed')),
          }),
      },
    );
  }
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('applications.editDialog.title')}
      description={app.title}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField label={t('applications.new.titleField')} {...form.slot('title')}>
          <Input {...form.input('title')} />
        </FormField>
        <FormField label={t('applications.new.amount')} {...form.slot('amount')}>
          <Input {...form.input('amount')} placeholder={t('applications.new.amountPlaceholder')} />
        </FormField>
        <FormField label={t('applications.new.deadline')} {...form.slot('deadline')}>
          <Input {...form.input('deadline')} type="date" />
        </FormField>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('applications.cancel')}
          </Button>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? t('applications.submitting') : t('applications.editDialog.save')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function ApplicationRow({ app, userId }: { app: Application; userId: string }) {
  const { t } = useTranslation();
  const update = useUpdateApplication(userId);
  const remove = useDeleteApplication(userId);
  // Any status from any status (issue 28 §4): an award already won, a row moved back.
  const next = otherStatuses(app.status);
  const [editing, setEditing] = useState(false);
  return (
    <tr className="border-t border-slate-100 align-top">
      <td className="px-4 py-3">
        <Link to={`/applications/${app.id}`} className="font-medium text-brand-800 underline">
          {app.title}
        </Link>
        {app.documents.length > 0 && (
          <details className="text-xs text-slate-600">
            <summary className="cursor-pointer">
              {t('applications.documents', { count: app.documents.length })}
            </summary>
            <ul>
              {app.documents.map((d) => (
                <li key={d.id}>
                  <DocumentLink fileUrl={d.fileUrl} fileName={d.fileName} />
                </li>
              ))}
            </ul>
          </details>
        )}
      </td>
      {/* A catalogue program's name is the catalogue's (English, ADR 0730); a typed one the user's. */}
      <td className="px-4 py-3 text-slate-800" lang={app.programId ? 'en' : undefined}>
        {app.program}
      </td>
      <td className="px-4 py-3 text-slate-800">{app.amount || '—'}</td>
      <td className="px-4 py-3">
        <ApplicationStatusBadge status={app.status} />
        <details className="mt-1 text-xs text-slate-600">
          <summary className="cursor-pointer">
            {t('applications.history', { count: app.history.length })}
          </summary>
          <ol data-testid={`history-${app.id}`}>
            {app.history.map((h) => (
              <li key={`${h.status}-${h.at}`}>
                {t(`labels.applicationStatus.${h.status}`)} · {formatDateTime(h.at)}
              </li>
            ))}
          </ol>
        </details>
      </td>
      <td className="px-4 py-3 text-slate-800">{app.deadline ?? '—'}</td>
      <td className="px-4 py-3">
        <div className="flex flex-wrap items-center gap-2">
          {next.length > 0 && (
            <>
              <label htmlFor={`move-${app.id}`} className="sr-only">
                {t('applications.moveLabel', { title: app.title })}
              </label>
              <select
                id={`move-${app.id}`}
                value=""
                disabled={update.isPending}
                onChange={(e) =>
                  update.mutate(
                    { id: app.id, status: e.target.value as ApplicationStatus },
                    {
                      onError: (error) =>
                        toast.error(t('applications.error'), {
                          description: messageOf(error, t('applications.updateFailed')),
                        }),
                    },
                  )
                }
                className="h-8 rounded-md border border-slate-300 bg-white px-2 text-sm"
              >
                <option value="">{t('applications.moveTo')}</option>
                {next.map((s) => (
                  <option key={s} value={s}>
                    {t(`labels.applicationStatus.${s}`)}
                  </option>
                ))}
              </select>
            </>
          )}
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('applications.editLabel', { title: app.title })}
            onClick={() => setEditing(true)}
          >
            {t('applications.edit')}
          </Button>
          {editing && <EditApplicationDialog app={app} userId={userId} onClose={() => setEditing(false)} />}
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('applications.deleteLabel', { title: app.title })}
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t('applications.confirmDelete', { title: app.title })))
                remove.mutate(app.id);
            }}
          >
            {t('applications.delete')}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** The second dashboard, 'Grant Applications Dashboard' (spec §2, §4, §9). */
export function ApplicationsPage() {
  const { data: user } = useCurrentUser();
  const applications = useQuery(applicationsQuery(user?.id));
  const [dialog, setDialog] = useState<'new' | 'upload' | 'reports' | null>(null);
  const calendar = useCalendarToken();
  const list = applications.data ?? [];
  const paged = usePaged(list);
  const { t } = useTranslation();

  if (!user) {
    return <SignInRequired message={t('applications.signIn')} />;
  }

  const summary = summariseApplications(list);
  // Each card's test id stays its English name (spec §4's card names), whatever the language shown.
  const cards = [
    { id: 'Total Applications', label: t('applications.cards.total'), value: String(summary.total) },
    { id: 'In Progress', label: t('applications.cards.inProgress'), value: String(summary.inProgress) },
    { id: 'Approved', label: t('applications.cards.approved'), value: String(summary.approved) },
    {
      id: 'Total Funding',
      label: t('applications.cards.totalFunding'),
      // "$2.4M" in English (summariseApplications' text), "2,4 M$" in French.
      value: t('applications.reports.millions', { amount: formatOneDecimal(approvedFunding(list) / 1e6) }),
    },
  ];

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl items-center justify-between px-4 py-4">
          <h1 className="text-xl font-bold text-slate-900">{t('applications.heading')}</h1>
          <Link to="/" className={buttonClass('secondary', 'sm')}>
            {t('applications.home')}
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-7xl space-y-6 px-4 py-6">
        <section aria-label={t('applications.summary')} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map((c) => (
            <Card key={c.id} className="p-4">
              <p className="text-sm text-slate-600">{c.label}</p>
              <p className="mt-1 text-2xl font-bold text-slate-900" data-testid={`card-${c.id}`}>
                {applications.isLoading ? '…' : c.value}
              </p>
            </Card>
          ))}
        </section>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => setDialog('new')}>{t('applications.newApplication')}</Button>
          <Button variant="secondary" onClick={() => setDialog('upload')}>
            {t('applications.uploadDocuments')}
          </Button>
          <Button variant="secondary" onClick={() => setDialog('reports')}>
            {t('applications.viewReports')}
          </Button>
          <Button
            variant="ghost"
            disabled={calendar.isPending}
            onClick={() =>
              calendar.mutate(undefined, {
                onError: (error) =>
                  toast.error(t('applications.error'), {
                    description: messageOf(error, t('applications.calendarFailed')),
                  }),
              })
            }
          >
            {calendar.data ? t('applications.newCalendarLink') : t('applications.calendarFeed')}
          </Button>
        </div>
        {calendar.data && (
          <div className="rounded-md border border-slate-200 bg-white p-3 text-sm">
            <Label htmlFor="calendar-url">{t('applications.calendarLabel')}</Label>
            <Input id="calendar-url" readOnly value={calendar.data.url} className="font-mono text-xs" />
          </div>
        )}
        <Card>
          <h2 className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
            {t('applications.recent')}
          </h2>
          {applications.isLoading ? (
            <p className="p-4 text-sm text-slate-600">{t('applications.loading')}</p>
          ) : applications.isError ? (
            <p role="alert" className="p-4 text-sm text-red-700">
              {applications.error.message}
            </p>
          ) : list.length === 0 ? (
            <p className="p-4 text-sm text-slate-600">{t('applications.empty')}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-left text-sm">
                <thead className="bg-slate-50 text-xs uppercase text-slate-600">
                  <tr>
                    <th className="px-4 py-2">{t('applications.columns.title')}</th>
                    <th className="px-4 py-2">{t('applications.columns.program')}</th>
                    <th className="px-4 py-2">{t('applications.columns.amount')}</th>
                    <th className="px-4 py-2">{t('applications.columns.status')}</th>
                    <th className="px-4 py-2">{t('applications.columns.deadline')}</th>
                    <th className="px-4 py-2">{t('applications.columns.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {paged.rows.map((app) => (
                    <ApplicationRow key={app.id} app={app} userId={user.id} />
                  ))}
                </tbody>
              </table>
              <Pager label={t('applications.recent')} {...paged} />
            </div>
          )}
        </Card>
      </main>
      <NewApplicationDialog
        open={dialog === 'new'}
        onOpenChange={(o) => setDialog(o ? 'new' : null)}
        userId={user.id}
      />
      <UploadDocumentsDialog
        open={dialog === 'upload'}
        onOpenChange={(o) => setDialog(o ? 'upload' : null)}
        userId={user.id}
        applications={list}
      />
      <Modal
        open={dialog === 'reports'}
        onOpenChange={(o) => setDialog(o ? 'reports' : null)}
        title={t('applications.reports.title')}
        wide
      >
        <ReportsChart applications={list} />
      </Modal>
    </div>
  );
}
