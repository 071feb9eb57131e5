import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import type { FundingRequest } from '@grantleaf/shared/funding.schema';
import { memo } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { PaidWorkStatus } from '../../../components/status-cells.tsx';
import '../../../i18n/funding-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { FundingReportButton } from './funding-report-button.tsx';
import { FundingResultsView } from './funding-results.tsx';
import { fundingRequestsQuery } from '../api/funding.queries.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * The dashboard's Funding Searches table (spec §2). Memoised: the dashboard hands it a stable
 * `onRetry`, so only this panel re-renders when its own query answers (ADR 190).
 */
export const FundingSearchesPanel = memo(function FundingSearchesPanel({
  onRetry,
}: {
  onRetry: (r: FundingRequest) => void;
}) {
  const funding = useQuery(fundingRequestsQuery());
  const { t } = useTranslation();
  return (
    <DataTable<FundingRequest>
      title={t('fundingSearches.title')}
      rows={funding.data}
      isLoading={funding.isLoading}
      error={funding.error}
      emptyText={t('fundingSearches.empty')}
      rowKey={(r) => r.id}
      columns={[
        { header: t('fundingSearches.topic'), cell: (r) => r.researchTopic },
        { header: t('fundingSearches.submitted'), cell: (r) => formatDateTime(r.submissionTimestamp) },
        {
          header: t('fundingSearches.status'),
          cell: (r) => (
            <PaidWorkStatus
              status={paidWorkDisplay({ results: r.fundingResults, status: r.status })}
              work={r}
              onRetry={() => onRetry(r)}
            />
          ),
        },
        {
          header: t('fundingSearches.report'),
          cell: (r) => (r.fundingResults ? <FundingReportButton requestId={r.id} /> : null),
        },
      ]}
      expand={(r) => (r.fundingResults ? <FundingResultsView results={r.fundingResults} /> : null)}
    />
  );
});
