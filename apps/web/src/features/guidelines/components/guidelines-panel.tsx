import {
  CHECKLIST_TEXT_MAX,
  createChecklistItemSchema,
  EXTRACTION_METHOD_NOTE,
  GUIDELINES_MODEL_BUILDS_PER_DAY,
  MODEL_EXTRACTION_NOTE,
  REQUIREMENT_KIND_LABELS,
  type ChecklistItem,
  type RequirementKind,
  updateChecklistItemSchema,
} from '@grantleaf/shared/guidelines.schema';
import { checkUploadFile } from '@grantleaf/shared/submissions.schema';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, FileInput, Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { ToneBadge, type BadgeTone } from '../../../components/ui/tone-badge.tsx';
import { messageOf } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/guidelines-catalogue.ts';
import {
  useAddChecklistItem,
  useDeleteChecklistItem,
  useExtractGuidelines,
  useUpdateChecklistItem,
} from '../api/guidelines.api.ts';
import { checklistQuery } from '../api/guidelines.queries.ts';
import { useQuery } from '@tanstack/react-query';

const KIND_TONES: Record<RequirementKind, BadgeTone> = {
  eligibility: 'blue',
  deadline: 'red',
  limit: 'orange',
  format: 'yellow',
  must: 'grey',
  should: 'green',
  content: 'blue',
  other: 'grey',
};

function UploadCall({ applicationId, modelAvailable }: { applicationId: string; modelAvailable: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState('');
  const extract = useExtractGuidelines(applicationId);

  function choose(chosen: File | null) {
    setStatus('');
    setFile(null);
    if (!chosen) return setError(undefined);
    const refusal = checkUploadFile(chosen);
    setError(refusal ?? undefined);
    if (!refusal) setFile(chosen);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setError(t('guidelines.upload.chooseFirst'));
    extract.mutate(file, {
      onSuccess: (result) => {
        // The rules' wording is unchanged (ADR 0115); the model's names itself.
        const found = { count: result.found, file: file.name, added: result.added };
        setStatus(
          [
            translateMessage(result.fallback ?? undefined),
            result.method === 'model'
              ? t('guidelines.upload.foundModel', found)
              : t('guidelines.upload.foundRules', found),
            result.dropped > 0 && t('guidelines.upload.dropped', { count: result.dropped }),
          ]
            .filter(Boolean)
            .join(' '),
        );
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (err) => setError(messageOf(err, t('guidelines.upload.readFailed'))),
    });
  }

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <Label htmlFor={`${id}-file`}>{t('guidelines.upload.label')}</Label>
      <FileInput
        ref={input}
        id={`${id}-file`}
        accept=".pdf,.doc,.docx,.txt"
        aria-describedby={error ? `${id}-hint ${id}-file-error` : `${id}-hint`}
        aria-invalid={error ? true : undefined}
        onChange={(e) => choose(e.target.files?.[0] ?? null)}
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {modelAvailable
          ? t('guidelines.upload.hintModel', { perDay: GUIDELINES_MODEL_BUILDS_PER_DAY })
          : t('guidelines.upload.hintRules')}
      </p>
      {/* A file is checked by checkUploadFile here and by the upload route, not by a zod schema. */}
      <FieldError id={`${id}-file-error`}>{error}</FieldError>
      <Button type="submit" size="sm" disabled={extract.isPending}>
        {extract.isPending ? t('guidelines.upload.reading') : t('guidelines.upload.build')}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {status}
      </p>
    </form>
  );
}

function Item({
  item,
  applicationId,
  datalistId,
}: {
  item: ChecklistItem;
  applicationId: string;
  datalistId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateChecklistItem(applicationId);
  const remove = useDeleteChecklistItem(applicationId);
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm({ schema: updateChecklistItemSchema, initial: { text: item.text }, id });
  // The tick changes in the click's own render: a controlled box that waited for the cache update
  // (one async hop away) was put back by React first, and the click looked lost.
  const [ticked, setTicked] = useState(item.done);
  useEffect(() => setTicked(item.done), [item.done]);
  const failed = (fallback: string) => (err: unknown) => toast.error(messageOf(err, fallback));

  function saveText(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    update.mutate(
      { id: item.id, text: parsed.data.text },
      { onSuccess: () => setEditing(false), onError: failed(t('guidelines.item.saveFailed')) },
    );
  }

  function saveSection(value: string) {
    const section = value.trim() || null;
    if (section !== item.section)
      update.mutate({ id: item.id, section }, { onError: failed(t('guidelines.item.sectionFailed')) });
  }

  return (
    <li className="space-y-2 py-3">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-done`}
          type="checkbox"
          className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
          checked={ticked}
          // While the text is being edited its label is the text box's; the tick keeps a name.
          aria-label={editing ? item.text : undefined}
          onChange={(e) => {
            setTicked(e.target.checked);
            update.mutate(
              { id: item.id, done: e.target.checked },
              {
                onError: (err) => {
                  setTicked(item.done);
                  failed(t('guidelines.item.tickFailed'))(err);
                },
              },
            );
          }}
        />
        {editing ? (
          <form onSubmit={saveText} className="min-w-0 flex-1 space-y-2" noValidate>
            <Label htmlFor={form.field('text').id} className="sr-only">
              {t('guidelines.item.textLabel')}
            </Label>
            <Textarea {...form.input('text')} className="min-h-[80px]" autoFocus />
            <FieldError id={form.errorId('text')}>{form.errors.text}</FieldError>
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={update.isPending}>
                {t('guidelines.item.save')}
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  form.reset({ text: item.text });
                  setEditing(false);
                }}
              >
                {t('guidelines.item.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <label
            htmlFor={`${id}-done`}
            className={`min-w-0 flex-1 text-sm [overflow-wrap:anywhere] ${item.done ? 'text-slate-600 line-through' : 'text-slate-900'}`}
          >
            {item.text}
          </label>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-8 text-xs text-slate-700">
        <ToneBadge tone={KIND_TONES[item.kind]}>
          {translateMessage(REQUIREMENT_KIND_LABELS[item.kind])}
        </ToneBadge>
        {item.page !== null && <span>{t('guidelines.item.page', { page: item.page })}</span>}
        {item.sourceName && (
          <span className="[overflow-wrap:anywhere]">
            {t('guidelines.item.from', { name: item.sourceName })}
          </span>
        )}
        {item.origin === 'user' && <span>{t('guidelines.item.byYou')}</span>}
        {item.origin === 'model' && <span>{t('guidelines.item.byModel')}</span>}
      </div>
      <div className="flex flex-wrap items-end gap-2 pl-8">
        <div className="min-w-0 flex-1 basis-48">
          <Label htmlFor={`${id}-section`} className="text-xs">
            {t('guidelines.item.section')}
          </Label>
          <Input
            key={item.section ?? ''}
            id={`${id}-section`}
            list={datalistId}
            defaultValue={item.section ?? ''}
            placeholder={t('guidelines.item.sectionPlaceholder')}
            className="h-9"
            maxLength={200}
            onBlur={(e) => saveSection(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                saveSection(e.currentTarget.value);
              }
            }}
          />
        </div>
        {!editing && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={t('guidelines.item.editLabel', { text: item.text })}
          >
            {t('guidelines.item.edit')}
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          aria-label={t('guidelines.item.removeLabel', { text: item.text })}
          onClick={() => remove.mutate(item.id, { onError: failed(t('guidelines.item.removeFailed')) })}
        >
          {t('guidelines.item.remove')}
        </Button>
      </div>
    </li>
  );
}

function AddItem({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const id = useId();
  const form = useSchemaForm({ schema: createChecklistItemSchema, initial: { text: '' }, id });
  const add = useAddChecklistItem(applicationId);
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    add.mutate(parsed.data, {
      onSuccess: () => form.reset(),
      onError: (err) => form.show({ text: messageOf(err, t('guidelines.add.failed')) }),
    });
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-1">
      <Label htmlFor={form.field('text').id}>{t('guidelines.add.label')}</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          {...form.input('text')}
          maxLength={CHECKLIST_TEXT_MAX}
          className="min-w-0 flex-1 basis-56"
          placeholder={t('guidelines.add.placeholder')}
        />
        <Button type="submit" disabled={add.isPending}>
          {t('guidelines.add.button')}
        </Button>
      </div>
      <FieldError id={form.errorId('text')}>{form.errors.text}</FieldError>
    </form>
  );
}

/**
 * The funder's call as a checklist (issue 16 §3): upload it, tick each requirement, edit or add
 * items, and map each to the section that answers it (one of `sections`, or any name typed).
 */
export function GuidelinesPanel({
  applicationId,
  sections = [],
}: {
  applicationId: string;
  /** The application's section headers, offered for the mapping. */
  sections?: readonly string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const checklist = useQuery(checklistQuery(applicationId));
  const items = checklist.data?.items ?? [];
  const coverage = checklist.data?.coverage ?? { done: 0, total: 0 };
  const datalistId = `${id}-sections`;
  const choices = [...new Set([...sections, ...items.flatMap((i) => (i.section ? [i.section] : []))])];
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-testid="guidelines-panel">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {t('guidelines.panel.title')}
        </h2>
        <p className="text-sm text-slate-700" data-testid="checklist-coverage">
          {t('guidelines.panel.coverage', { done: coverage.done, total: coverage.total })}
        </p>
        {coverage.total > 0 && (
          <div className="mt-1 h-2 overflow-hidden rounded bg-slate-200" aria-hidden="true">
            <div
              className="h-full bg-brand-700"
              style={{ width: `${Math.round((coverage.done / coverage.total) * 100)}%` }}
            />
          </div>
        )}
      </div>
      <UploadCall applicationId={applicationId} modelAvailable={checklist.data?.modelAvailable ?? false} />
      {items.some((i) => i.origin === 'model') && (
        <p className="rounded-md bg-blue-50 p-3 text-sm text-blue-900" data-testid="checklist-source-model">
          {translateMessage(MODEL_EXTRACTION_NOTE)}
        </p>
      )}
      {items.some((i) => i.origin === 'rules') && (
        <p
          className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900"
          data-testid="checklist-source-rules"
        >
          {translateMessage(EXTRACTION_METHOD_NOTE)}
        </p>
      )}
      {checklist.isError && (
        <p role="alert" className="text-sm text-red-700">
          {t('guidelines.panel.loadFailed')}
        </p>
      )}
      <datalist id={datalistId}>
        {choices.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      {items.length > 0 ? (
        <ul className="divide-y divide-slate-200" aria-label={t('guidelines.panel.requirements')}>
          {items.map((item) => (
            <Item key={item.id} item={item} applicationId={applicationId} datalistId={datalistId} />
          ))}
        </ul>
      ) : (
        !checklist.isLoading && <p className="text-sm text-slate-600">{t('guidelines.panel.empty')}</p>
      )}
      <AddItem applicationId={applicationId} />
    </section>
  );
}
