import type { AffiliateRequestInput, AffiliateStatus } from '@grantleaf/shared/affiliate.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const AFFILIATE_KEY = ['/api/affiliate'] as const;

export function useAffiliateStatus(enabled: boolean) {
  return useQuery<AffiliateStatus>({
    queryKey: AFFILIATE_KEY,
    enabled,
    queryFn: () => api.get<AffiliateStatus>('/api/affiliate'),
  });
}

export function useJoinAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AffiliateRequestInput) => api.post<AffiliateStatus>('/api/affiliate-requests', input),
    onSuccess: (status) => queryClient.setQueryData(AFFILIATE_KEY, status),
  });
}
