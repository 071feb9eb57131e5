import {
  createSavedSearchSchema,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchQueryInput,
} from '@grantleaf/shared/alerts.schema';
import { useId, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import '../../../i18n/alerts-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { fieldErrorsOf, messageOf } from '../../../lib/api.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { useCreateSavedSearch } from '../api/alerts.api.ts';

/**
 * The opened "Save this search": names the current search and filters. Its own chunk (with the
 * schema, and so zod), loaded when the button is pointed at or opened (ADR 190).
 */
export function SaveSearchForm({
  query,
  onSaved,
  onCancel,
}: {
  query: SavedSearchQueryInput;
  onSaved: (name: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateSavedSearch();
  // The search itself is the catalogue's, not typed here: the schema reads the current one, and its
  // refusal (an empty search) shows as the form's `query` message.
  const form = useSchemaForm({
    schema: createSavedSearchSchema,
    initial: { name: '', query: undefined as unknown },
    id: useId(),
    toInput: ({ name }) => ({ name, query }),
  });
  const { name } = form.values;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.parse({ focus: true }).success) return;
    try {
      const search = await create.mutateAsync({ name, query });
      onSaved(search.name);
    } catch (err) {
      form.show({
        name:
          translateMessage(fieldErrorsOf(err)[0]?.message) ?? messageOf(err, t('alerts.saveSearch.failed')),
      });
    }
  }

  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2"
      aria-label={t('alerts.saveSearch.form')}
      noValidate
    >
      <div className="min-w-0 flex-1 basis-48">
        <Label htmlFor={form.field('name').id}>{t('alerts.saveSearch.name')}</Label>
        <Input
          {...form.input('name', form.errors.query && form.errorId('query'))}
          maxLength={SAVED_SEARCH_NAME_MAX}
          autoFocus
          placeholder={t('alerts.saveSearch.placeholder')}
        />
      </div>
      <Button size="md" type="submit" disabled={create.isPending}>
        {create.isPending ? t('alerts.saveSearch.saving') : t('alerts.saveSearch.save')}
      </Button>
      <Button size="md" variant="ghost" onClick={onCancel}>
        {t('alerts.saveSearch.cancel')}
      </Button>
      <div className="basis-full">
        {/* The row under the field, so a message does not push the buttons out of line. */}
        <FieldError id={form.errorId('name')}>{form.errors.name}</FieldError>
        <FieldError id={form.errorId('query')}>{form.errors.query}</FieldError>
        <p className="text-xs text-slate-600">{t('alerts.saveSearch.weekly')}</p>
      </div>
    </form>
  );
}
