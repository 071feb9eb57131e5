import { PAID_WORK_CATALOGUE } from '@grantleaf/shared/paid-work-catalogue';
import type { IdeaRequestInput, IdeaRequestRecord } from '@grantleaf/shared/ideas.schema';
import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PENDING_POLL_MS, queryGet } from '../../../lib/api.ts';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';
import { refreshAfterSubmit } from '../../../lib/query-client.ts';

// The list's key is the paid-work catalogue's (ADR 0811), which also refreshes it after a submit.
export const IDEAS_KEY = [PAID_WORK_CATALOGUE.idea.listKey] as const;

export function useIdeaRequests(enabled = true) {
  return useQuery<IdeaRequestRecord[]>({
    queryKey: IDEAS_KEY,
    enabled,
    staleTime: 0,
    queryFn: () => queryGet<IdeaRequestRecord[]>('/api/idea-generator-requests', 'idea requests'),
    refetchInterval: (query) =>
      query.state.data?.some(
        (r) => paidWorkDisplay({ results: r.ideaResults, status: r.status }) === 'processing',
      )
        ? PENDING_POLL_MS
        : false,
  });
}

export function useCreateIdeaRequest() {
  const queryClient = useQueryClient();
  return usePaidMutation<IdeaRequestInput, IdeaRequestRecord>({
    request: (input) => ({ path: '/api/idea-generator-requests', body: input }),
    onSuccess: () => refreshAfterSubmit(queryClient),
  });
}
