import { requestStatus } from '@grantleaf/shared/display-rules';
import type { FundingRequest } from '@grantleaf/shared/funding.schema';
import { memo } from 'react';
import { DataTable } from '../../../components/data-table.tsx';
import { PaidWorkStatus } from '../../../components/status-cells.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useFundingRequests } from '../api/funding.api.ts';
import { FundingReportButton } from './funding-report-button.tsx';
import { FundingResultsView } from './funding-results.tsx';

/**
 * The dashboard's Funding Searches table (spec §2). Memoised: the dashboard hands it a stable
 * `onRetry`, so only this panel re-renders when its own query answers (ADR 190).
 */
export const FundingSearchesPanel = memo(function FundingSearchesPanel({
  onRetry,
}: {
  onRetry: (r: FundingRequest) => void;
}) {
  const funding = useFundingRequests();
  return (
    <DataTable<FundingRequest>
      title="Funding Searches"
      rows={funding.data}
      isLoading={funding.isLoading}
      error={funding.error}
      emptyText="No funding searches yet. Try the Funding Finder."
      rowKey={(r) => r.id}
      columns={[
        { header: 'Research topic', cell: (r) => r.researchTopic },
        { header: 'Submitted', cell: (r) => formatDateTime(r.submissionTimestamp) },
        {
          header: 'Status',
          cell: (r) => (
            <PaidWorkStatus
              status={requestStatus(r.fundingResults, r.status)}
              work={r}
              onRetry={() => onRetry(r)}
            />
          ),
        },
        {
          header: 'Report',
          cell: (r) => (r.fundingResults ? <FundingReportButton requestId={r.id} /> : null),
        },
      ]}
      expand={(r) => (r.fundingResults ? <FundingResultsView results={r.fundingResults} /> : null)}
    />
  );
});
