import type { FundingRequest } from '@grantleaf/shared/funding.schema';
import { requestStatus } from '@grantleaf/shared/display-rules';
import { useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api.ts';

/** While something is still processing its list is fetched again this often; never otherwise. */
export const PENDING_POLL_MS = 3000;

async function getList<T>(path: string, what: string): Promise<T> {
  try {
    return await api.get<T>(path);
  } catch (error) {
    // Spec §8: 'Failed to fetch ... : {status}'.
    if (error instanceof ApiError) throw new Error(`Failed to fetch ${what}: ${error.status}`);
    throw error;
  }
}

export function useFundingRequests() {
  return useQuery<FundingRequest[]>({
    queryKey: ['/api/funding-finder-requests'],
    staleTime: 0,
    queryFn: () => getList<FundingRequest[]>('/api/funding-finder-requests', 'funding requests'),
    refetchInterval: (query) =>
      query.state.data?.some((r) => requestStatus(r.fundingResults, r.status) === 'processing')
        ? PENDING_POLL_MS
        : false,
  });
}
