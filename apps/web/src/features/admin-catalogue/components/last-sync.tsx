import type { ProgramSyncRun } from '@grantleaf/shared/program-sync.schema';
import '../../../i18n/admin-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { formatCount } from '../../../lib/format-number.ts';
import { programSyncsQuery } from '../api/admin-catalogue.queries.ts';
import { useQuery } from '@tanstack/react-query';

const COUNTS = ['inserted', 'updated', 'unchanged', 'curated', 'failed', 'closed'] as const;

/** One line on the catalogue page: when the US federal sync last ran and what it did (ADR 170). */
export function LastSync({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const counts = (run: ProgramSyncRun) =>
    COUNTS.map((key) => t(`adminCatalogue.sync.${key}`, { n: formatCount(run[key]) })).join(', ');
  const syncs = useQuery(programSyncsQuery(enabled));
  if (!syncs.data) return null;
  const last = syncs.data.runs[0];
  if (!last)
    return (
      <p className="text-sm text-slate-700" data-testid="last-sync">
        {t('adminCatalogue.sync.none')}{' '}
        {syncs.data.configured ? t('adminCatalogue.sync.daily') : t('adminCatalogue.sync.notSynced')}
      </p>
    );
  return (
    <p className="text-sm text-slate-700" data-testid="last-sync">
      {t('adminCatalogue.sync.last', { date: formatDateTime(last.finishedAt), counts: counts(last) })}
      {last.error && (
        <span className="text-red-700"> {t('adminCatalogue.sync.stopped', { error: last.error })}</span>
      )}
    </p>
  );
}
