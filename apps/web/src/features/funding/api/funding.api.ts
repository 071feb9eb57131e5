import type { FundingFinderInput, FundingRequest } from '@grantleaf/shared/funding.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fileAttempt, usePaidMutation } from '../../../lib/paid-mutation.ts';
import { refreshAfterSubmit } from '../../../lib/query-client.ts';

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
