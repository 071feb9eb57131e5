import type { SavedSearchQueryInput } from '@grantleaf/shared/alerts.schema';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import '../../../i18n/alerts-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';

// The form validates with the shared schema, which brings zod: not needed until the button is used,
// so it is not in the dashboard's chunk; pointing at the button fetches it ahead (ADR 190).
const loadForm = () => import('./save-search-form.tsx');
const SaveSearchForm = lazy(() => loadForm().then((m) => ({ default: m.SaveSearchForm })));

/**
 * "Save this search" under the catalogue's search: names the current search and filters; the
 * weekly e-mail then reports its new and soon-closing matches (issue 14 §4).
 */
export function SaveSearchButton({ query }: { query: SavedSearchQueryInput }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string>();

  if (!open)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          onPointerEnter={() => void loadForm()}
          onFocus={() => void loadForm()}
          onClick={() => {
            setOpen(true);
            setSaved(undefined);
          }}
        >
          {t('alerts.saveSearch.button')}
        </Button>
        {saved && (
          <p className="text-xs text-green-800" role="status">
            {t('alerts.saveSearch.saved', { name: saved })}{' '}
            <Link to="/alerts" className="underline">
              {t('alerts.saveSearch.manage')}
            </Link>
          </p>
        )}
      </div>
    );
  return (
    <Suspense
      fallback={
        <p className="text-xs text-slate-600" role="status">
          {t('alerts.saveSearch.loading')}
        </p>
      }
    >
      <SaveSearchForm
        query={query}
        onSaved={(name) => {
          setSaved(name);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </Suspense>
  );
}
