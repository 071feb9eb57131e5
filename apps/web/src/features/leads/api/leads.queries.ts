import type { AdminLead, AdminZenoLead } from '@grantleaf/shared/leads.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The admin leads' reads (ADR 1080): display lists, so typed casts.

export const ADMIN_LEADS_KEY = ['/api/admin/leads'] as const;

export const ADMIN_ZENO_LEADS_KEY = ['/api/admin/zeno-leads'] as const;

export function adminLeadsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ADMIN_LEADS_KEY,
    enabled,
    queryFn: async () => (await api.get<{ leads: AdminLead[] }>('/api/admin/leads')).leads,
  });
}

export function adminZenoLeadsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ADMIN_ZENO_LEADS_KEY,
    enabled,
    queryFn: async () =>
      (await api.get<{ submissions: AdminZenoLead[] }>('/api/admin/zeno-leads')).submissions,
  });
}
