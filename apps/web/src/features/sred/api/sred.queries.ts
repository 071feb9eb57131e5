import type { ClaimSummary, ClaimView } from '@grantleaf/shared/sred/sred.schema';
import { narrativeDraftListSchema } from '@grantleaf/shared/sred/narrative-draft.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const CLAIMS = '/api/sred/claims';

// The SR&ED claims' reads (ADR 1080). The claim list and a claim's view are drawn as the server
// computed them (its record, its totals, each line's category): typed casts, not parsed; every
// change answers the fresh view, which replaces the cached one under the same key.

export const claimsQuery = () =>
  queryOptions({ queryKey: [CLAIMS] as const, queryFn: () => api.get<ClaimSummary[]>(CLAIMS) });

export const claimQuery = (id: string) =>
  queryOptions({ queryKey: [CLAIMS, id] as const, queryFn: () => api.get<ClaimView>(`${CLAIMS}/${id}`) });

/** How often the page asks after a narrative draft being written, like the editor's AI actions. */
const DRAFT_POLL_MS = 2000;

/**
 * The claim's open model drafts of T661 narratives (ADR 0710), polled while one is being written:
 * the panel branches on each draft's status, so the answer is parsed.
 */
export const narrativeDraftsQuery = (id: string) =>
  queryOptions({
    queryKey: [`${CLAIMS}/${id}/narrative-drafts`] as const,
    queryFn: async () => narrativeDraftListSchema.parse(await api.get(`${CLAIMS}/${id}/narrative-drafts`)),
    refetchInterval: (query) =>
      query.state.data?.data.some((d) => d.status === 'processing') ? DRAFT_POLL_MS : false,
  });
