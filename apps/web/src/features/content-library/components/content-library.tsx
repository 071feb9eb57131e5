import {
  BLOCK_TAGS_MAX,
  blockInputSchema,
  LIBRARY_CATEGORIES,
  LIBRARY_CATEGORY_LABELS,
  type Block,
  type LibraryCategory,
} from '@grantleaf/shared/content-library.schema';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField, Input, Label, Select, Textarea } from '../../../components/ui/input.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ToneBadge } from '../../../components/ui/tone-badge.tsx';
import { ApiError } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useBlocks, useCreateBlock, useDeleteBlock, useUpdateBlock } from '../api/content-library.api.ts';

export interface InsertableBlock {
  /** For POST /api/library/blocks/:id/uses once the editor knows the section (useRecordBlockUse). */
  id: string;
  title: string;
  text: string;
}

const SEARCH_DELAY_MS = 250;
const PREVIEW_CHARS = 280;
const CATEGORY_OPTIONS = LIBRARY_CATEGORIES.map((c) => ({ value: c, label: LIBRARY_CATEGORY_LABELS[c] }));

const serverMessage = (error: unknown, fallback: string) =>
  (error instanceof ApiError && error.serverMessage) || fallback;

/** The tags field as the schema reads it: a list, without blanks. */
const tagsOf = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

function BlockForm({ block, onDone }: { block?: Block; onDone: () => void }) {
  const form = useSchemaForm({
    schema: blockInputSchema,
    initial: {
      title: block?.title ?? '',
      category: block?.category ?? 'other',
      tags: block?.tags.join(', ') ?? '',
      text: block?.text ?? '',
    },
    id: useId(),
    toInput: (values) => ({ ...values, tags: tagsOf(values.tags) }),
  });
  const create = useCreateBlock();
  const update = useUpdateBlock();
  const pending = create.isPending || update.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = form.parse({ focus: true });
    if (!parsed.success) return;
    const done = {
      onSuccess: () => {
        toast.success(block ? 'Block saved' : 'Block added to your library');
        onDone();
      },
      onError: (err: unknown) => toast.error(serverMessage(err, 'The block could not be saved')),
    };
    if (block) update.mutate({ id: block.id, ...parsed.data }, done);
    else create.mutate(parsed.data, done);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label="Title" {...form.slot('title')}>
        <Input {...form.input('title')} />
      </FormField>
      <FormField label="Category" {...form.slot('category')}>
        <Select {...form.input('category')} options={CATEGORY_OPTIONS} />
      </FormField>
      <FormField label={`Tags (comma-separated, up to ${BLOCK_TAGS_MAX})`} {...form.slot('tags')}>
        <Input {...form.input('tags')} />
      </FormField>
      <FormField label="Text" {...form.slot('text')}>
        <Textarea {...form.input('text')} className="min-h-[200px]" />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Saving…' : block ? 'Save block' : 'Add block'}
        </Button>
      </div>
    </form>
  );
}

function Uses({ block }: { block: Block }) {
  if (block.uses.length === 0) return <p className="text-xs text-slate-600">Not used yet</p>;
  return (
    <div className="text-xs text-slate-700">
      <p>
        Used in {block.uses.length} section{block.uses.length === 1 ? '' : 's'}:
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
        {block.uses.map((u) => (
          <li key={`${u.applicationId}-${u.section}`}>
            <Link to={`/applications/${u.applicationId}`} className="text-brand-800 underline">
              {u.section}
            </Link>{' '}
            <span className="text-slate-600">({formatDateTime(u.usedAt)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function BlockCard({
  block,
  onInsert,
  onEdit,
  onDelete,
}: {
  block: Block;
  onInsert?: (block: InsertableBlock) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [full, setFull] = useState(false);
  const long = block.text.length > PREVIEW_CHARS;
  return (
    <Card className="space-y-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">{block.title}</h3>
        <ToneBadge tone="blue">{LIBRARY_CATEGORY_LABELS[block.category]}</ToneBadge>
      </div>
      <p className="whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]">
        {full || !long ? block.text : `${block.text.slice(0, PREVIEW_CHARS)}…`}
      </p>
      {long && (
        <Button variant="ghost" size="sm" onClick={() => setFull(!full)} aria-expanded={full}>
          {full ? 'Show less' : 'Show all'}
        </Button>
      )}
      {block.tags.length > 0 && (
        <p className="text-xs text-slate-700">
          <span className="sr-only">Tags: </span>
          {block.tags.map((t) => `#${t}`).join(' ')}
        </p>
      )}
      <Uses block={block} />
      <div className="flex flex-wrap gap-2 pt-1">
        {onInsert && (
          <Button
            size="sm"
            aria-label={`Insert “${block.title}”`}
            onClick={() => onInsert({ id: block.id, title: block.title, text: block.text })}
          >
            Insert
          </Button>
        )}
        <Button variant="secondary" size="sm" aria-label={`Edit “${block.title}”`} onClick={onEdit}>
          Edit
        </Button>
        <Button variant="ghost" size="sm" aria-label={`Delete “${block.title}”`} onClick={onDelete}>
          Delete
        </Button>
      </div>
    </Card>
  );
}

/**
 * The user's reusable blocks: search by words (title, tags, text) and category, add, edit and
 * delete, and, with `onInsert`, hand one to the editor.
 */
export function ContentLibrary({ onInsert }: { onInsert?: (block: InsertableBlock) => void }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<LibraryCategory | ''>('');
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'edit' | 'delete'; block: Block } | null>(
    null,
  );
  useEffect(() => {
    const timer = setTimeout(() => setQ(search), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const blocks = useBlocks({ q, category });
  const remove = useDeleteBlock();
  const list = blocks.data ?? [];
  const filtered = Boolean(q.trim() || category);

  return (
    <div className="space-y-4" data-testid="content-library">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <Label htmlFor={`${id}-search`}>Search the library</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            maxLength={200}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="e.g. facilities, data management"
          />
        </div>
        <div className="basis-44">
          <Label htmlFor={`${id}-category`}>Category</Label>
          <Select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value as LibraryCategory | '')}
            anyOption="All categories"
            options={CATEGORY_OPTIONS}
          />
        </div>
        <Button onClick={() => setDialog({ kind: 'new' })}>New block</Button>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {blocks.isLoading
          ? 'Loading your library…'
          : blocks.isError
            ? 'Your library could not be loaded. Please try again.'
            : list.length === 0
              ? filtered
                ? 'No block matches this search.'
                : 'Your library is empty. Add a team bio, your institution or facilities once, and reuse them in every application.'
              : `${list.length} block${list.length === 1 ? '' : 's'}`}
      </p>
      <ul className="grid gap-3" aria-label="Library blocks">
        {list.map((block) => (
          <li key={block.id}>
            <BlockCard
              block={block}
              onInsert={onInsert}
              onEdit={() => setDialog({ kind: 'edit', block })}
              onDelete={() => setDialog({ kind: 'delete', block })}
            />
          </li>
        ))}
      </ul>
      <Modal
        open={dialog?.kind === 'new' || dialog?.kind === 'edit'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.kind === 'edit' ? 'Edit block' : 'New block'}
        wide
      >
        {dialog && dialog.kind !== 'delete' && (
          <BlockForm
            key={dialog.kind === 'edit' ? dialog.block.id : 'new'}
            block={dialog.kind === 'edit' ? dialog.block : undefined}
            onDone={() => setDialog(null)}
          />
        )}
      </Modal>
      <Modal
        open={dialog?.kind === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Delete this block?"
        description="It leaves your library; text already inserted into applications stays there."
      >
        {dialog?.kind === 'delete' && (
          <div className="space-y-4">
            <p className="text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
              {dialog.block.title}
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setDialog(null)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(dialog.block.id, {
                    onSuccess: () => setDialog(null),
                    onError: (err) => toast.error(serverMessage(err, 'The block could not be deleted')),
                  })
                }
              >
                Delete block
              </Button>
            </div>
          </div>
        )}
      </Modal>
    </div>
  );
}

/** The library beside the application editor: `onInsert` puts a block into the current section. */
export function ContentLibraryPanel({ onInsert }: { onInsert: (block: InsertableBlock) => void }) {
  return <ContentLibrary onInsert={onInsert} />;
}
