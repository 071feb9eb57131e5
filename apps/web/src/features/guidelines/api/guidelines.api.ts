import type {
  Checklist,
  ChecklistCoverage,
  ChecklistItem,
  CreateChecklistItemInput,
  ExtractionResult,
  UpdateChecklistItemInput,
} from '@grantleaf/shared/guidelines.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { checklistQuery } from './guidelines.queries.ts';
import { checklistUrl, checklistKey } from './guidelines.queries.ts';

/** Ticked over all items, for the editor's readiness summary (same query, so it follows every tick). */
export function useChecklistCoverage(applicationId: string): ChecklistCoverage | undefined {
  return useQuery(checklistQuery(applicationId)).data?.coverage;
}

function useSetChecklist(applicationId: string) {
  const client = useQueryClient();
  return {
    set: (checklist: Checklist) => client.setQueryData(checklistKey(applicationId), checklist),
    refresh: () => client.invalidateQueries({ queryKey: checklistKey(applicationId) }),
  };
}

/**
 * Uploads the call through POST /api/upload (its checks and parser pool), then splits its text: by
 * the model when one is configured (the answer says when the rules stepped in instead).
 */
export function useExtractGuidelines(applicationId: string) {
  const { set } = useSetChecklist(applicationId);
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      const { fileUrl } = await api.post<{ fileUrl: string }>('/api/upload', body);
      return api.post<ExtractionResult>(`${checklistUrl(applicationId)}/extract`, { fileUrl });
    },
    onSuccess: ({ items, coverage, modelAvailable }) => set({ items, coverage, modelAvailable }),
  });
}

export function useAddChecklistItem(applicationId: string) {
  const { refresh } = useSetChecklist(applicationId);
  return useMutation({
    mutationFn: (input: CreateChecklistItemInput) =>
      api.post<ChecklistItem>(`${checklistUrl(applicationId)}/items`, input),
    onSuccess: refresh,
  });
}

/** A tick shows at once; the server's answer (or a failure) then settles the list. */
export function useUpdateChecklistItem(applicationId: string) {
  const client = useQueryClient();
  const { refresh } = useSetChecklist(applicationId);
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateChecklistItemInput & { id: string }) =>
      api.patch<ChecklistItem>(`${checklistUrl(applicationId)}/items/${id}`, input),
    onMutate: async ({ id, done }) => {
      if (done === undefined) return;
      await client.cancelQueries({ queryKey: checklistKey(applicationId) });
      client.setQueryData<Checklist>(checklistKey(applicationId), (old) => {
        if (!old) return old;
        const items = old.items.map((i) => (i.id === id ? { ...i, done } : i));
        return {
          ...old,
          items,
          coverage: { done: items.filter((i) => i.done).length, total: items.length },
        };
      });
    },
    onSettled: refresh,
  });
}

export function useDeleteChecklistItem(applicationId: string) {
  const { refresh } = useSetChecklist(applicationId);
  return useMutation({
    mutationFn: (id: string) => api.delete(`${checklistUrl(applicationId)}/items/${id}`),
    onSuccess: refresh,
  });
}
