import type { PublicConfig } from '@grantleaf/shared/leads.schema';
import { useQuery } from '@tanstack/react-query';
import { publicConfigQuery } from './queries/public-config.queries.ts';
import { useAfterHydration } from './use-hydrated.ts';

/**
 * Operator settings (promo video, booking page, addresses, whether an AI model runs): served by
 * the API, never built in. In lib/ because the public site and the paid dialogs both word their
 * claims by it (issue 28 item 3).
 */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  const query = useQuery(publicConfigQuery());
  return { data: useAfterHydration(query.data) };
}
