import type {
  AdminLead,
  LeadInput,
  LeadResponse,
  LeadStatus,
  ZenoLeadInput,
} from '@grantleaf/shared/leads.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { ADMIN_LEADS_KEY } from './leads.queries.ts';

export function useSubmitLead() {
  return useMutation({ mutationFn: (input: LeadInput) => api.post<LeadResponse>('/api/leads', input) });
}

export function useSubmitZenoLead() {
  return useMutation({
    mutationFn: (input: ZenoLeadInput) => api.post<LeadResponse>('/api/zeno-lead-submissions', input),
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
