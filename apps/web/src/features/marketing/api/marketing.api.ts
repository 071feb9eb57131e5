import type { MarketingRequestInput, MarketingRequestRecord } from '@grantleaf/shared/marketing.schema';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export function useCreateMarketingRequest() {
  return useMutation({
    mutationFn: (input: MarketingRequestInput) =>
      api.post<MarketingRequestRecord>('/api/marketing-requests', input),
  });
}
