import type { SectionActionRequest, Suggestion } from '@grantleaf/shared/section-actions.schema';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';
import { suggestionsQuery } from './applications.queries.ts';

const suggestionsKey = (id: string) => suggestionsQuery(id).queryKey;

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
