import { PAID_WORK_CATALOGUE } from '@grantleaf/shared/paid-work-catalogue';
import type { IdeaRequestRecord } from '@grantleaf/shared/ideas.schema';
import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import { queryOptions } from '@tanstack/react-query';
import { PENDING_POLL_MS, queryGet } from '../../../lib/api.ts';

const LIST = PAID_WORK_CATALOGUE.idea.listKey;

/**
 * The idea requests, newest first, polled while one is processing (ADR 1080). The dashboard's list
 * at first paint, which stays free of zod (ADR 190): a typed cast read by the one status rule; the
 * panel parses a finished idea's results with the schema it loads once the list holds one.
 * The key is the paid-work catalogue's list key (ADR 0811), which refreshes it after a submit.
 */
export const ideaRequestsQuery = () =>
  queryOptions({
    queryKey: [LIST] as const,
    staleTime: 0,
    queryFn: () => queryGet<IdeaRequestRecord[]>(LIST, 'idea requests'),
    refetchInterval: (query) =>
      query.state.data?.some(
        (r) => paidWorkDisplay({ results: r.ideaResults, status: r.status }) === 'processing',
      )
        ? PENDING_POLL_MS
        : false,
  });
