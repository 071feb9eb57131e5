import type { FundingRequest } from '@grantleaf/shared/funding.schema';
import { PAID_WORK_CATALOGUE } from '@grantleaf/shared/paid-work-catalogue';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { paidListQuery } from '../../../lib/queries/paid-list.queries.ts';

const LIST = PAID_WORK_CATALOGUE.funding.listKey;

/** The signed-in user's funding searches (the shared paid-list factory). */
export const fundingRequestsQuery = () =>
  paidListQuery(LIST, 'funding requests', (r: FundingRequest) => r.fundingResults);

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
