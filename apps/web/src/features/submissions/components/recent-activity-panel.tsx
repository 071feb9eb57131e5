import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import { tryParseModelJson } from '@grantleaf/shared/model-json';
import type { Submission } from '@grantleaf/shared/submissions.schema';
import { memo } from 'react';
import { Link } from 'react-router';
import { DataTable } from '../../../components/data-table.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { EvaluationDetails, PaidWorkStatus } from '../../../components/status-cells.tsx';
import { buttonClass, Button } from '../../../components/ui/button.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import '../../../i18n/submissions-catalogue.ts';
import { t as translate, useTranslation } from '../../../i18n/index.ts';
import { submissionsQuery } from '../api/submissions.queries.ts';
import { useInfiniteQuery } from '@tanstack/react-query';

function parseResults(results: unknown): Record<string, unknown> | null {
  const value = typeof results === 'string' ? tryParseModelJson(results) : results;
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/** The first few words of a text, on one line, with an ellipsis when there is more. */
export function openingWords(text: string, words = 8): string {
  const all = text
    .replace(/[#*_>`]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  return all.slice(0, words).join(' ') + (all.length > words ? '…' : '');
}

/** What a row is about: the draft's title, the analysed file's name, or pasted text (issue 16 §7). */
function activityTitle(s: Submission): string {
  const content = (s.contentJson ?? {}) as {
    projectTitle?: unknown;
    originalFileName?: unknown;
    content?: unknown;
  };
  if (typeof content.projectTitle === 'string' && content.projectTitle.trim()) return content.projectTitle;
  if (typeof content.originalFileName === 'string' && content.originalFileName)
    return content.originalFileName;
  // Several pasted texts must be told apart (issue 28 item 10): their opening words.
  if (s.type === 'analysis' && typeof content.content === 'string' && content.content.trim())
    return translate('recentActivity.pastedOpening', { words: openingWords(content.content) });
  return s.type === 'analysis'
    ? translate('recentActivity.pastedText')
    : translate('recentActivity.untitled');
}

/**
 * The dashboard's Recent Activity table (spec §2): the user's drafts and analyses. Memoised: the
 * dashboard hands it stable props, so only this panel re-renders when its own query answers (ADR 190).
 */
export const RecentActivityPanel = memo(function RecentActivityPanel({
  programNames,
  applicationOf,
  onRetry,
}: {
  programNames: ReadonlyMap<string, string>;
  /** A finished draft's application (the applications list makes it one), by submission id. */
  applicationOf: ReadonlyMap<string, string>;
  onRetry: (s: Submission) => void;
}) {
  const { t } = useTranslation();
  const submissions = useInfiniteQuery(submissionsQuery());
  return (
    <div className="space-y-2">
      <DataTable<Submission>
        title={t('recentActivity.title')}
        rows={submissions.data}
        isLoading={submissions.isLoading}
        error={submissions.error}
        emptyText={t('recentActivity.empty')}
        rowKey={(s) => s.id}
        columns={[
          {
            header: t('recentActivity.columns.title'),
            cell: (s) => {
              const id = applicationOf.get(s.id);
              return id ? (
                <Link to={`/applications/${id}`} className="font-medium text-brand-800 underline">
                  {activityTitle(s)}
                </Link>
              ) : (
                <span className="font-medium">{activityTitle(s)}</span>
              );
            },
          },
          {
            header: t('recentActivity.columns.type'),
            cell: (s) =>
              s.type === 'generation'
                ? t('recentActivity.generation')
                : s.type === 'analysis'
                  ? t('recentActivity.analysis')
                  : s.type,
          },
          {
            header: t('recentActivity.columns.program'),
            // The catalogue's program name, in the funder's English (ADR 0640).
            cell: (s) => <span lang="en">{programNames.get(s.programId) ?? s.programId}</span>,
          },
          {
            header: t('recentActivity.columns.submitted'),
            cell: (s) => formatDateTime(s.submissionTimestamp),
          },
          {
            header: t('recentActivity.columns.status'),
            cell: (s) => <PaidWorkStatus status={paidWorkDisplay(s)} work={s} onRetry={() => onRetry(s)} />,
          },
          {
            header: t('recentActivity.columns.downloads'),
            cell: (s) =>
              paidWorkDisplay(s) === 'complete' ? (
                <div className="flex flex-wrap gap-2">
                  <a
                    href={`/submissions/${s.id}/view`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClass('ghost', 'sm')}
                  >
                    {t('recentActivity.view')}
                  </a>
                  {s.type === 'generation' && (
                    <>
                      <DownloadButton
                        url={`/api/submissions/${s.id}/export?format=docx`}
                        name="application.docx"
                        label="DOCX"
                      />
                      <DownloadButton
                        url={`/api/submissions/${s.id}/export?format=pdf`}
                        name="application.pdf"
                        label="PDF"
                      />
                    </>
                  )}
                  {s.type === 'generation' && s.fileUrl && (
                    <DownloadButton
                      url={s.fileUrl}
                      name="application.pdf"
                      label={t('viewer.downloadApplication')}
                      variant="primary"
                    />
                  )}
                </div>
              ) : null,
          },
        ]}
        expand={(s) => {
          if (paidWorkDisplay(s) !== 'complete') return null;
          const results = parseResults(s.results);
          return results ? (
            <EvaluationDetails results={results} />
          ) : (
            <p className="text-sm text-slate-600">{t('viewer.noContent')}</p>
          );
        }}
      />
      {submissions.hasNextPage && (
        <Button
          size="sm"
          variant="secondary"
          disabled={submissions.isFetchingNextPage}
          onClick={() => void submissions.fetchNextPage()}
        >
          {submissions.isFetchingNextPage ? t('recentActivity.loadingMore') : t('recentActivity.loadOlder')}
        </Button>
      )}
    </div>
  );
});
