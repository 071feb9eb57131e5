import {
  createSavedSearchSchema,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearchQueryInput,
} from '@grantleaf/shared/alerts.schema';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useCreateSavedSearch } from '../api/alerts.api.ts';

/**
 * "Save this search" under the catalogue's search: names the current search and filters; the
 * weekly e-mail then reports its new and soon-closing matches (issue 14 §4).
 */
export function SaveSearchButton({ query }: { query: SavedSearchQueryInput }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const create = useCreateSavedSearch();
  const id = useId();
  const nameId = `${id}-name`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = createSavedSearchSchema.safeParse({ name, query });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const search = await create.mutateAsync({ name, query });
      setSaved(search.name);
      setName('');
      setOpen(false);
    } catch (err) {
      setError(
        err instanceof ApiError
          ? (err.body.errors?.[0]?.message ?? err.serverMessage ?? err.message)
          : 'Could not save the search. Try again.',
      );
    }
  }

  if (!open)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setOpen(true);
            setSaved(undefined);
          }}
        >
          Save this search
        </Button>
        {saved && (
          <p className="text-xs text-green-800" role="status">
            Saved "{saved}".{' '}
            <Link to="/alerts" className="underline">
              Manage saved searches
            </Link>
          </p>
        )}
      </div>
    );
  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-2"
      aria-label="Save this search"
      noValidate
    >
      <div className="min-w-0 flex-1 basis-48">
        <Label htmlFor={nameId}>Name this search</Label>
        <Input
          id={nameId}
          value={name}
          maxLength={SAVED_SEARCH_NAME_MAX}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${nameId}-error` : undefined}
          placeholder="e.g. Ocean sensors in Canada"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <Button size="md" type="submit" disabled={create.isPending}>
        {create.isPending ? 'Saving...' : 'Save'}
      </Button>
      <Button
        size="md"
        variant="ghost"
        onClick={() => {
          setOpen(false);
          setError(undefined);
        }}
      >
        Cancel
      </Button>
      <div className="basis-full">
        <FieldError id={`${nameId}-error`}>{error}</FieldError>
        <p className="text-xs text-slate-600">
          We e-mail you once a week when it has new or soon-closing programs.
        </p>
      </div>
    </form>
  );
}
