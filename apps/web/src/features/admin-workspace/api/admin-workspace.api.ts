import type { AdminAffiliateList, AdminCommissionList } from '@grantleaf/shared/affiliate.schema';
import type { AdminMarketingRequestList } from '@grantleaf/shared/marketing.schema';
import { useQuery } from '@tanstack/react-query';
import { queryGet } from '../../../lib/api.ts';

export function useAdminMarketingRequests(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/marketing-requests'],
    enabled,
    queryFn: () => queryGet<AdminMarketingRequestList>('/api/admin/marketing-requests', 'marketing requests'),
  });
}

export function useAdminAffiliates(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/affiliates'],
    enabled,
    queryFn: () => queryGet<AdminAffiliateList>('/api/admin/affiliates', 'affiliates'),
  });
}

export function useAdminCommissions(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/commissions'],
    enabled,
    queryFn: () => queryGet<AdminCommissionList>('/api/admin/commissions', 'commissions'),
  });
}
