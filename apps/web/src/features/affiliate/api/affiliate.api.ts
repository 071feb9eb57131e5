import type { AffiliateRequestInput, AffiliateStatus } from '@grantleaf/shared/affiliate.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { AFFILIATE_KEY } from './affiliate.queries.ts';

export function useJoinAffiliate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AffiliateRequestInput) => api.post<AffiliateStatus>('/api/affiliate-requests', input),
    onSuccess: (status) => queryClient.setQueryData(AFFILIATE_KEY, status),
  });
}
