import type {
  SectionActionRequest,
  Suggestion,
  SuggestionList,
} from '@grantleaf/shared/section-actions.schema';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';

/** How often the editor asks after a running AI action, like the dashboard's paid work. */
export const SUGGESTION_POLL_MS = 2000;

export const suggestionsKey = (id: string) => [`/api/applications/${id}/suggestions`] as const;

export function useSuggestions(id: string, enabled = true) {
  return useQuery<SuggestionList>({
    queryKey: suggestionsKey(id),
    // Only the owner runs AI actions; a shared copy asks for none (issue 32 §2).
    enabled,
    queryFn: () => api.get<SuggestionList>(`/api/applications/${id}/suggestions`),
    refetchInterval: (query) =>
      query.state.data?.data.some((s) => s.status === 'processing') ? SUGGESTION_POLL_MS : false,
  });
}

/** Starts an AI action on a section: paid work, so a retried click is charged once. */
export function useStartSectionAction(id: string) {
  const queryClient = useQueryClient();
  return usePaidMutation<{ sectionId: string; input: SectionActionRequest }, Suggestion>({
    request: ({ sectionId, input }) => ({
      path: `/api/applications/${id}/sections/${encodeURIComponent(sectionId)}/actions`,
      body: input,
    }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suggestionsKey(id) }),
  });
}

export function useSuggestionActions(id: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: suggestionsKey(id) });
  return {
    async accept(suggestionId: string) {
      const saved = await api.post<{ version: number }>(
        `/api/applications/${id}/suggestions/${suggestionId}/accept`,
      );
      await refresh();
      return saved;
    },
    async dismiss(suggestionId: string) {
      await api.post(`/api/applications/${id}/suggestions/${suggestionId}/dismiss`);
      await refresh();
    },
  };
}
