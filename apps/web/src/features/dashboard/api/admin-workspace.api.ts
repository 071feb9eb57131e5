import type { AdminAffiliateList, AdminCommissionList } from '@grantleaf/shared/affiliate.schema';
import type { AdminMarketingRequestList } from '@grantleaf/shared/marketing.schema';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api.ts';

async function get<T>(path: string, what: string): Promise<T> {
  try {
    return await api.get<T>(path);
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`Failed to fetch ${what}: ${error.status}`);
    throw error;
  }
}

export function useAdminMarketingRequests(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/marketing-requests'],
    enabled,
    queryFn: () => get<AdminMarketingRequestList>('/api/admin/marketing-requests', 'marketing requests'),
  });
}

export function useAdminAffiliates(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/affiliates'],
    enabled,
    queryFn: () => get<AdminAffiliateList>('/api/admin/affiliates', 'affiliates'),
  });
}

export function useAdminCommissions(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/commissions'],
    enabled,
    queryFn: () => get<AdminCommissionList>('/api/admin/commissions', 'commissions'),
  });
}
