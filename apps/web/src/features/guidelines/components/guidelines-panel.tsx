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
import { ApiError } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import {
  useAddChecklistItem,
  useChecklist,
  useDeleteChecklistItem,
  useExtractGuidelines,
  useUpdateChecklistItem,
} from '../api/guidelines.api.ts';

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

const message = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

function UploadCall({ applicationId, modelAvailable }: { applicationId: string; modelAvailable: boolean }) {
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
    if (!file) return setError('Please choose the funder’s call or guidelines first');
    extract.mutate(file, {
      onSuccess: (result) => {
        // The rules' wording is unchanged (ADR 0115); the model's names itself.
        const by = result.method === 'model' ? 'The AI model found' : 'Found';
        setStatus(
          [
            result.fallback,
            `${by} ${result.found} requirement statement${result.found === 1 ? '' : 's'} in ${file.name}; ${result.added} new on the checklist.`,
            result.dropped > 0 &&
              `${result.dropped} statement${result.dropped === 1 ? '' : 's'} the model gave ${result.dropped === 1 ? 'was' : 'were'} not found in the document and ${result.dropped === 1 ? 'was' : 'were'} left out.`,
          ]
            .filter(Boolean)
            .join(' '),
        );
        setFile(null);
        if (input.current) input.current.value = '';
      },
      onError: (err) => setError(message(err, 'The document could not be read. Please try again.')),
    });
  }

  return (
    <form onSubmit={submit} className="space-y-2" noValidate>
      <Label htmlFor={`${id}-file`}>Funder’s call or guidelines</Label>
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
          ? `PDF, Word or text, up to 10 MB. The AI model picks out the requirements and maps them to your sections (free, ${GUIDELINES_MODEL_BUILDS_PER_DAY} a day; then by rules). Each one is checked against the document's text.`
          : 'PDF, Word or text, up to 10 MB. Requirement sentences are picked out by rules, without an AI model.'}
      </p>
      {/* A file is checked by checkUploadFile here and by the upload route, not by a zod schema. */}
      <FieldError id={`${id}-file-error`}>{error}</FieldError>
      <Button type="submit" size="sm" disabled={extract.isPending}>
        {extract.isPending ? 'Reading the document…' : 'Build checklist'}
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
  const id = useId();
  const update = useUpdateChecklistItem(applicationId);
  const remove = useDeleteChecklistItem(applicationId);
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm({ schema: updateChecklistItemSchema, initial: { text: item.text }, id });
  // The tick changes in the click's own render: a controlled box that waited for the cache update
  // (one async hop away) was put back by React first, and the click looked lost.
  const [ticked, setTicked] = useState(item.done);
  useEffect(() => setTicked(item.done), [item.done]);
  const failed = (fallback: string) => (err: unknown) => toast.error(message(err, fallback));

  function saveText(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    update.mutate(
      { id: item.id, text: parsed.data.text },
      { onSuccess: () => setEditing(false), onError: failed('The requirement could not be saved') },
    );
  }

  function saveSection(value: string) {
    const section = value.trim() || null;
    if (section !== item.section)
      update.mutate({ id: item.id, section }, { onError: failed('The section could not be saved') });
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
                  failed('The tick could not be saved')(err);
                },
              },
            );
          }}
        />
        {editing ? (
          <form onSubmit={saveText} className="min-w-0 flex-1 space-y-2" noValidate>
            <Label htmlFor={form.field('text').id} className="sr-only">
              Requirement text
            </Label>
            <Textarea {...form.input('text')} className="min-h-[80px]" autoFocus />
            <FieldError id={form.errorId('text')}>{form.errors.text}</FieldError>
            <div className="flex gap-2">
              <Button type="submit" size="sm" disabled={update.isPending}>
                Save
              </Button>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  form.reset({ text: item.text });
                  setEditing(false);
                }}
              >
                Cancel
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
        <ToneBadge tone={KIND_TONES[item.kind]}>{REQUIREMENT_KIND_LABELS[item.kind]}</ToneBadge>
        {item.page !== null && <span>p. {item.page}</span>}
        {item.sourceName && <span className="[overflow-wrap:anywhere]">from {item.sourceName}</span>}
        {item.origin === 'user' && <span>added by you</span>}
        {item.origin === 'model' && <span>found by the AI model</span>}
      </div>
      <div className="flex flex-wrap items-end gap-2 pl-8">
        <div className="min-w-0 flex-1 basis-48">
          <Label htmlFor={`${id}-section`} className="text-xs">
            Answered in section
          </Label>
          <Input
            key={item.section ?? ''}
            id={`${id}-section`}
            list={datalistId}
            defaultValue={item.section ?? ''}
            placeholder="Choose or type a section"
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
            aria-label={`Edit: ${item.text}`}
          >
            Edit
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={remove.isPending}
          aria-label={`Remove: ${item.text}`}
          onClick={() => remove.mutate(item.id, { onError: failed('The requirement could not be removed') })}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

function AddItem({ applicationId }: { applicationId: string }) {
  const id = useId();
  const form = useSchemaForm({ schema: createChecklistItemSchema, initial: { text: '' }, id });
  const add = useAddChecklistItem(applicationId);
  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    add.mutate(parsed.data, {
      onSuccess: () => form.reset(),
      onError: (err) => form.show({ text: message(err, 'The requirement could not be added') }),
    });
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-1">
      <Label htmlFor={form.field('text').id}>Add a requirement</Label>
      <div className="flex flex-wrap gap-2">
        <Input
          {...form.input('text')}
          maxLength={CHECKLIST_TEXT_MAX}
          className="min-w-0 flex-1 basis-56"
          placeholder="e.g. Two letters of support from partners"
        />
        <Button type="submit" disabled={add.isPending}>
          Add
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
  const id = useId();
  const checklist = useChecklist(applicationId);
  const items = checklist.data?.items ?? [];
  const coverage = checklist.data?.coverage ?? { done: 0, total: 0 };
  const datalistId = `${id}-sections`;
  const choices = [...new Set([...sections, ...items.flatMap((i) => (i.section ? [i.section] : []))])];
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4" data-testid="guidelines-panel">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Guidelines checklist
        </h2>
        <p className="text-sm text-slate-700" data-testid="checklist-coverage">
          {coverage.done} of {coverage.total} requirements ticked
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
          {MODEL_EXTRACTION_NOTE}
        </p>
      )}
      {items.some((i) => i.origin === 'rules') && (
        <p
          className="rounded-md bg-yellow-50 p-3 text-sm text-yellow-900"
          data-testid="checklist-source-rules"
        >
          {EXTRACTION_METHOD_NOTE}
        </p>
      )}
      {checklist.isError && (
        <p role="alert" className="text-sm text-red-700">
          The checklist could not be loaded. Please reload the page.
        </p>
      )}
      <datalist id={datalistId}>
        {choices.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      {items.length > 0 ? (
        <ul className="divide-y divide-slate-200" aria-label="Requirements">
          {items.map((item) => (
            <Item key={item.id} item={item} applicationId={applicationId} datalistId={datalistId} />
          ))}
        </ul>
      ) : (
        !checklist.isLoading && (
          <p className="text-sm text-slate-600">
            No requirements yet: upload the call above, or add them one by one.
          </p>
        )
      )}
      <AddItem applicationId={applicationId} />
    </section>
  );
}
