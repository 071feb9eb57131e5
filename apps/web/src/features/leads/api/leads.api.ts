import type {
  AdminLead,
  AdminZenoLead,
  LeadInput,
  LeadResponse,
  LeadStatus,
  ZenoLeadInput,
} from '@grantleaf/shared/leads.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const ADMIN_LEADS_KEY = ['/api/admin/leads'] as const;
export const ADMIN_ZENO_LEADS_KEY = ['/api/admin/zeno-leads'] as const;

export function useSubmitLead() {
  return useMutation({ mutationFn: (input: LeadInput) => api.post<LeadResponse>('/api/leads', input) });
}

export function useSubmitZenoLead() {
  return useMutation({
    mutationFn: (input: ZenoLeadInput) => api.post<LeadResponse>('/api/zeno-lead-submissions', input),
  });
}

export function useAdminLeads(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_LEADS_KEY,
    enabled,
    queryFn: async () => (await api.get<{ leads: AdminLead[] }>('/api/admin/leads')).leads,
  });
}

export function useAdminZenoLeads(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_ZENO_LEADS_KEY,
    enabled,
    queryFn: async () =>
      (await api.get<{ submissions: AdminZenoLead[] }>('/api/admin/zeno-leads')).submissions,
  });
}

export function useUpdateLeadStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: LeadStatus }) =>
      api.patch<AdminLead>(`/api/admin/leads/${id}`, { status }),
    onSuccess: (updated) =>
      queryClient.setQueryData<AdminLead[]>(ADMIN_LEADS_KEY, (old) =>
        old?.map((lead) => (lead.id === updated.id ? updated : lead)),
      ),
  });
}
