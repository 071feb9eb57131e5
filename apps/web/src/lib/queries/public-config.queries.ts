import type { PublicConfig } from '@grantleaf/shared/leads.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api.ts';

/**
 * Operator settings (promo video, booking page, addresses, whether an AI model runs). Typed, not
 * parsed: the pre-rendered public pages and the dashboard read it before any zod loads (ADR 190).
 */
export const publicConfigQuery = () =>
  queryOptions({
    queryKey: ['/api/public-config'] as const,
    queryFn: () => api.get<PublicConfig>('/api/public-config'),
    staleTime: Infinity,
  });
