import type { ProgramSyncRun } from '@grantleaf/shared/program-sync.schema';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useProgramSyncs } from '../api/admin-catalogue.api.ts';

const n = (value: number) => value.toLocaleString('en-CA');

function counts(run: ProgramSyncRun): string {
  return [
    `${n(run.inserted)} new`,
    `${n(run.updated)} updated`,
    `${n(run.unchanged)} unchanged`,
    `${n(run.curated)} kept as curated`,
    `${n(run.failed)} unreadable, skipped`,
    `${n(run.closed)} closed`,
  ].join(', ');
}

/** One line on the catalogue page: when the US federal sync last ran and what it did (ADR 170). */
export function LastSync({ enabled }: { enabled: boolean }) {
  const syncs = useProgramSyncs(enabled);
  if (!syncs.data) return null;
  const last = syncs.data.runs[0];
  if (!last)
    return (
      <p className="text-sm text-slate-700" data-testid="last-sync">
        US federal opportunities (simpler.grants.gov):{' '}
        {syncs.data.configured
          ? 'synced daily at 06:30 UTC; no run yet.'
          : 'not synced (set SIMPLER_GRANTS_API_KEY to sync them daily).'}
      </p>
    );
  return (
    <p className="text-sm text-slate-700" data-testid="last-sync">
      Last US federal sync (simpler.grants.gov), {formatDateTime(last.finishedAt)}: {counts(last)}.
      {last.error && <span className="text-red-700"> Stopped: {last.error}</span>}
    </p>
  );
}
