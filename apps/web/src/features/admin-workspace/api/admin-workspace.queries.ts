import type { AdminAffiliateList, AdminCommissionList } from '@grantleaf/shared/affiliate.schema';
import type { AdminMarketingRequestList } from '@grantleaf/shared/marketing.schema';
import { queryOptions } from '@tanstack/react-query';
import { queryGet } from '../../../lib/api.ts';

// The dashboard's admin lists (ADR 1080): display lists on the dashboard, which paints without zod
// (ADR 190): typed casts.

export function adminMarketingRequestsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/admin/marketing-requests'],
    enabled,
    queryFn: () => queryGet<AdminMarketingRequestList>('/api/admin/marketing-requests', 'marketing requests'),
  });
}

export function adminAffiliatesQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/admin/affiliates'],
    enabled,
    queryFn: () => queryGet<AdminAffiliateList>('/api/admin/affiliates', 'affiliates'),
  });
}

export function adminCommissionsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/admin/commissions'],
    enabled,
    queryFn: () => queryGet<AdminCommissionList>('/api/admin/commissions', 'commissions'),
  });
}
