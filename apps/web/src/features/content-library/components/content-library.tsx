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
import { messageOf } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/library-catalogue.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateBlock, useDeleteBlock, useUpdateBlock } from '../api/content-library.api.ts';
import { blocksQuery } from '../api/content-library.queries.ts';
import { useQuery } from '@tanstack/react-query';

export interface InsertableBlock {
  /** For POST /api/library/blocks/:id/uses once the editor knows the section (useRecordBlockUse). */
  id: string;
  title: string;
  text: string;
}

const SEARCH_DELAY_MS = 250;
const PREVIEW_CHARS = 280;
/** The shared English label, in French through fr.messages.json (ADR 0360). */
const categoryLabel = (c: LibraryCategory) => translateMessage(LIBRARY_CATEGORY_LABELS[c]);
const categoryOptions = () => LIBRARY_CATEGORIES.map((c) => ({ value: c, label: categoryLabel(c) }));

/** The tags field as the schema reads it: a list, without blanks. */
const tagsOf = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

function BlockForm({ block, onDone }: { block?: Block; onDone: () => void }) {
  const { t } = useTranslation();
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
        toast.success(block ? t('library.form.saved') : t('library.form.added'));
        onDone();
      },
      onError: (err: unknown) => toast.error(messageOf(err, t('library.form.saveFailed'))),
    };
    if (block) update.mutate({ id: block.id, ...parsed.data }, done);
    else create.mutate(parsed.data, done);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormField label={t('library.form.title')} {...form.slot('title')}>
        <Input {...form.input('title')} />
      </FormField>
      <FormField label={t('library.form.category')} {...form.slot('category')}>
        <Select {...form.input('category')} options={categoryOptions()} />
      </FormField>
      <FormField label={t('library.form.tags', { max: BLOCK_TAGS_MAX })} {...form.slot('tags')}>
        <Input {...form.input('tags')} />
      </FormField>
      <FormField label={t('library.form.text')} {...form.slot('text')}>
        <Textarea {...form.input('text')} className="min-h-[200px]" />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('library.form.cancel')}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? t('library.form.saving') : block ? t('library.form.save') : t('library.form.add')}
        </Button>
      </div>
    </form>
  );
}

function Uses({ block }: { block: Block }) {
  const { t } = useTranslation();
  if (block.uses.length === 0) return <p className="text-xs text-slate-600">{t('library.uses.none')}</p>;
  return (
    <div className="text-xs text-slate-700">
      <p>{t('library.uses.usedIn', { count: block.uses.length })}</p>
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
  const { t } = useTranslation();
  const [full, setFull] = useState(false);
  const long = block.text.length > PREVIEW_CHARS;
  return (
    <Card className="space-y-2 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="min-w-0 font-semibold text-slate-900 [overflow-wrap:anywhere]">{block.title}</h3>
        <ToneBadge tone="blue">{categoryLabel(block.category)}</ToneBadge>
      </div>
      <p className="whitespace-pre-line text-sm text-slate-800 [overflow-wrap:anywhere]">
        {full || !long ? block.text : `${block.text.slice(0, PREVIEW_CHARS)}…`}
      </p>
      {long && (
        <Button variant="ghost" size="sm" onClick={() => setFull(!full)} aria-expanded={full}>
          {full ? t('library.card.showLess') : t('library.card.showAll')}
        </Button>
      )}
      {block.tags.length > 0 && (
        <p className="text-xs text-slate-700">
          <span className="sr-only">{t('library.card.tags')}</span>
          {block.tags.map((t) => `#${t}`).join(' ')}
        </p>
      )}
      <Uses block={block} />
      <div className="flex flex-wrap gap-2 pt-1">
        {onInsert && (
          <Button
            size="sm"
            aria-label={t('library.card.insertLabel', { title: block.title })}
            onClick={() => onInsert({ id: block.id, title: block.title, text: block.text })}
          >
            {t('library.card.insert')}
          </Button>
        )}
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('library.card.editLabel', { title: block.title })}
          onClick={onEdit}
        >
          {t('library.card.edit')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('library.card.deleteLabel', { title: block.title })}
          onClick={onDelete}
        >
          {t('library.card.delete')}
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
  const { t } = useTranslation();
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
  const blocks = useQuery(blocksQuery({ q, category }));
  const remove = useDeleteBlock();
  const list = blocks.data ?? [];
  const filtered = Boolean(q.trim() || category);

  return (
    <div className="space-y-4" data-testid="content-library">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <Label htmlFor={`${id}-search`}>{t('library.list.search')}</Label>
          <Input
            id={`${id}-search`}
            type="search"
            value={search}
            maxLength={200}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('library.list.placeholder')}
          />
        </div>
        <div className="basis-44">
          <Label htmlFor={`${id}-category`}>{t('library.list.category')}</Label>
          <Select
            id={`${id}-category`}
            value={category}
            onChange={(e) => setCategory(e.target.value as LibraryCategory | '')}
            anyOption={t('library.list.all')}
            options={categoryOptions()}
          />
        </div>
        <Button onClick={() => setDialog({ kind: 'new' })}>{t('library.list.new')}</Button>
      </div>
      <p role="status" className="text-sm text-slate-700">
        {blocks.isLoading
          ? t('library.list.loading')
          : blocks.isError
            ? t('library.list.error')
            : list.length === 0
              ? filtered
                ? t('library.list.noMatch')
                : t('library.list.empty')
              : t('library.list.count', { count: list.length })}
      </p>
      <ul className="grid gap-3" aria-label={t('library.list.label')}>
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
        title={dialog?.kind === 'edit' ? t('library.list.editTitle') : t('library.list.newTitle')}
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
        title={t('library.list.deleteTitle')}
        description={t('library.list.deleteDescription')}
      >
        {dialog?.kind === 'delete' && (
          <div className="space-y-4">
            <p className="text-sm font-medium text-slate-900 [overflow-wrap:anywhere]">
              {dialog.block.title}
            </p>
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={() => setDialog(null)}>
                {t('library.form.cancel')}
              </Button>
              <Button
                variant="danger"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(dialog.block.id, {
                    onSuccess: () => setDialog(null),
                    onError: (err) => toast.error(messageOf(err, t('library.list.deleteFailed'))),
                  })
                }
              >
                {t('library.list.deleteButton')}
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
