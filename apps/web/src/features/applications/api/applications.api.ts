import type {
  Application,
  AttachDocumentInput,
  CreateApplicationInput,
  UpdateApplicationInput,
} from '@grantleaf/shared/applications.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { applicationsQuery } from '../../../lib/queries/applications.queries.ts';

function useRefresh(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: applicationsQuery(userId).queryKey });
}

export function useCreateApplication(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (input: CreateApplicationInput) => api.post<Application>('/api/applications', input),
    onSuccess: refresh,
  });
}

export function useUpdateApplication(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateApplicationInput & { id: string }) =>
      api.patch<Application>(`/api/applications/${id}`, input),
    onSuccess: refresh,
  });
}

export function useDeleteApplication(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/applications/${id}`),
    onSuccess: refresh,
  });
}

export function useAttachDocument(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: async ({ id, file }: { id: string; file: File }) => {
      const body = new FormData();
      body.append('file', file);
      const { fileUrl } = await api.post<{ fileUrl: string }>('/api/upload', body);
      const input: AttachDocumentInput = { fileUrl, fileName: file.name };
      return api.post<Application>(`/api/applications/${id}/documents`, input);
    },
    onSuccess: refresh,
  });
}

export function useCalendarToken() {
  return useMutation({ mutationFn: () => api.post<{ token: string; url: string }>('/api/calendar-token') });
}
