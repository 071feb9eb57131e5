import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import type { IdeaRequestRecord } from '@grantleaf/shared/ideas.schema';
import { memo, useEffect, useState } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { PaidWorkStatus } from '../../../components/status-cells.tsx';
import '../../../i18n/ideas-catalogue.ts';
import { t, useTranslation } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { ideaRequestsQuery } from '../api/ideas.queries.ts';
import { useQuery } from '@tanstack/react-query';

type IdeaView = typeof import('./idea-details.tsx');

/**
 * Reading a finished idea checks it against the shared schema, which brings zod: the module is
 * fetched only once the list holds an idea with results, so a dashboard without one never loads it
 * (ADR 190). Until it has arrived the table says it is loading rather than guess a status.
 */
function useIdeaView(needed: boolean): { view?: IdeaView; error: Error | null } {
  const [state, setState] = useState<{ view?: IdeaView; error: Error | null }>({ error: null });
  useEffect(() => {
    if (!needed || state.view || state.error) return;
    let live = true;
    import('./idea-details.tsx').then(
      (view) => live && setState({ view, error: null }),
      () => live && setState({ error: new Error(t('ideas.panel.viewFailed')) }),
    );
    return () => {
      live = false;
    };
  }, [needed, state.view, state.error]);
  return state;
}

/**
 * The dashboard's Generated Ideas table (spec §2). Memoised: the dashboard hands it a stable
 * `onRetry`, so only this panel re-renders when its own query answers (ADR 190).
 */
export const IdeasPanel = memo(function IdeasPanel({ onRetry }: { onRetry: (r: IdeaRequestRecord) => void }) {
  const { t } = useTranslation();
  const ideas = useQuery(ideaRequestsQuery());
  const needsView = Boolean(ideas.data?.some((r) => r.ideaResults));
  const { view, error: viewError } = useIdeaView(needsView);
  const parseIdeaResults = (text: string | null) => (view ? view.parseIdeaResults(text) : null);
  return (
    <DataTable<IdeaRequestRecord>
      title={t('ideas.panel.title')}
      rows={ideas.data}
      isLoading={ideas.isLoading || (needsView && !view && !viewError)}
      error={ideas.error ?? viewError}
      emptyText={t('ideas.panel.empty')}
      rowKey={(r) => r.id}
      columns={[
        {
          header: t('ideas.panel.idea'),
          // The engine's name for the idea (English today) or the user's own words, as written.
          cell: (r) => {
            const name = parseIdeaResults(r.ideaResults)?.research_topic.name;
            if (name) return <span lang="en">{name}</span>;
            return r.researchInterests.slice(0, 80) || t('ideas.panel.fallbackName');
          },
        },
        { header: t('ideas.panel.submitted'), cell: (r) => formatDateTime(r.submissionTimestamp) },
        {
          header: t('ideas.panel.status'),
          cell: (r) => (
            <PaidWorkStatus
              status={paidWorkDisplay({ results: parseIdeaResults(r.ideaResults), status: r.status })}
              work={r}
              onRetry={() => onRetry(r)}
            />
          ),
        },
        {
          header: t('ideas.panel.downloads'),
          cell: (r) =>
            parseIdeaResults(r.ideaResults) ? (
              <div className="flex gap-2">
                <DownloadButton
                  url={`/api/idea-generator-requests/${r.id}/download?format=pdf`}
                  name="idea.pdf"
                  label="PDF"
                />
                <DownloadButton
                  url={`/api/idea-generator-requests/${r.id}/download?format=md`}
                  name="idea.md"
                  label="Markdown"
                />
              </div>
            ) : null,
        },
      ]}
      expand={(r) => {
        const idea = parseIdeaResults(r.ideaResults);
        return idea && view ? <view.IdeaDetails idea={idea} /> : null;
      }}
    />
  );
});
