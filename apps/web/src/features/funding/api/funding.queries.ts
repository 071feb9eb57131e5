import type { FundingRequest } from '@grantleaf/shared/funding.schema';
import { PAID_WORK_CATALOGUE } from '@grantleaf/shared/paid-work-catalogue';
import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import { queryOptions } from '@tanstack/react-query';
import { api, PENDING_POLL_MS, queryGet } from '../../../lib/api.ts';

const LIST = PAID_WORK_CATALOGUE.funding.listKey;

/**
 * The signed-in user's funding searches, newest first (spec §7: retry once, no caching), polled
 * while one is processing (ADR 1080). The dashboard's list at first paint, which stays free of zod
 * (ADR 190): a typed cast read by the one status rule. The key is the paid-work catalogue's list
 * key (ADR 0811), which refreshes it after a submit.
 */
export const fundingRequestsQuery = () =>
  queryOptions({
    queryKey: [LIST] as const,
    staleTime: 0,
    queryFn: () => queryGet<FundingRequest[]>(LIST, 'funding requests'),
    refetchInterval: (query) =>
      query.state.data?.some(
        (r) => paidWorkDisplay({ results: r.fundingResults, status: r.status }) === 'processing',
      )
        ? PENDING_POLL_MS
        : false,
  });

/**
 * GET /api/applicant-profile: the stated facts (null before the first save) and what the account
 * suggests. The finder branches on it (ask once, or prefill), so it is parsed; this file is the
 * dashboard's, so the schema loads with the first read, not with the page (ADR 190).
 */
export const applicantProfileQuery = (enabled = true) =>
  queryOptions({
    queryKey: ['/api/applicant-profile'] as const,
    enabled,
    queryFn: async () => {
      const [{ applicantProfileSchema }, answer] = await Promise.all([
        import('@grantleaf/shared/applicant-profile.schema'),
        api.get('/api/applicant-profile'),
      ]);
      return applicantProfileSchema.parse(answer);
    },
  });
