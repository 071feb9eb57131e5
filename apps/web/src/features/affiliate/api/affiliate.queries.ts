import type { AffiliateStatus } from '@grantleaf/shared/affiliate.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The affiliate status (ADR 1080): typed; the dialog only reads whether a code is there.

export const AFFILIATE_KEY = ['/api/affiliate'] as const;

export function affiliateStatusQuery(enabled: boolean) {
  return queryOptions<AffiliateStatus>({
    queryKey: AFFILIATE_KEY,
    enabled,
    queryFn: () => api.get<AffiliateStatus>('/api/affiliate'),
  });
}
