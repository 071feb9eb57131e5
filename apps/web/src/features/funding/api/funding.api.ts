import { PAID_WORK_CATALOGUE } from '@grantleaf/shared/paid-work-catalogue';
import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import type { FundingFinderInput, FundingRequest } from '@grantleaf/shared/funding.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, PENDING_POLL_MS, queryGet } from '../../../lib/api.ts';
import { fileAttempt, usePaidMutation } from '../../../lib/paid-mutation.ts';
import { refreshAfterSubmit } from '../../../lib/query-client.ts';

// The list's key is the paid-work catalogue's (ADR 0811), which also refreshes it after a submit.
export const FUNDING_REQUESTS_KEY = [PAID_WORK_CATALOGUE.funding.listKey] as const;

/** The signed-in user's funding searches, newest first (spec §7: retry once, no caching). */
export function useFundingRequests(enabled = true) {
  return useQuery<FundingRequest[]>({
    queryKey: FUNDING_REQUESTS_KEY,
    enabled,
    staleTime: 0,
    queryFn: () => queryGet<FundingRequest[]>('/api/funding-finder-requests', 'funding requests'),
    refetchInterval: (query) =>
      query.state.data?.some(
        (r) => paidWorkDisplay({ results: r.fundingResults, status: r.status }) === 'processing',
      )
        ? PENDING_POLL_MS
        : false,
  });
}

/**
 * Submits a search, with the file the dialog uploaded first. One attempt is the form with the
 * chosen file, not its upload (a retry uploads anew), so a retried click is charged once.
 */
export function useCreateFundingRequest() {
  const queryClient = useQueryClient();
  return usePaidMutation<{ input: FundingFinderInput; file: File | null }, FundingRequest>({
    request: ({ input }) => ({ path: '/api/funding-finder-requests', body: input }),
    attempt: ({ input, file }) => ({ ...input, fileUrl: undefined, file: fileAttempt(file) }),
    // Spec §7: the lists and the balance are fetched again after a successful submission.
    onSuccess: () => refreshAfterSubmit(queryClient),
  });
}

/** The PDF report of one search (owner only), for lib/download.ts. */
export const fundingReportUrl = (id: string) =>
  `/api/funding-finder-requests/${encodeURIComponent(id)}/report`;

/** A supporting document goes through POST /api/upload and its checks; the request names its URL. */
export function useUploadFundingFile() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<{ fileUrl: string }>('/api/upload', form);
    },
  });
}
