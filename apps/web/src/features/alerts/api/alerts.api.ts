import type {
  AlertPreferences,
  CreateSavedSearchInput,
  ProgramFollow,
  SavedSearch,
} from '@grantleaf/shared/alerts.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { alertsQuery } from './alerts.queries.ts';

function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: alertsQuery().queryKey });
}

export function useCreateSavedSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateSavedSearchInput) => api.post<SavedSearch>('/api/saved-searches', input),
    onSuccess: refresh,
  });
}

export function useDeleteSavedSearch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/saved-searches/${id}`),
    onSuccess: refresh,
  });
}

/**
 * Follow or unfollow. An unfollow leaves the list in the click's own render; a follow shows once
 * the server answers with the list (it knows the program's deadline). A failure reloads the list.
 */
export function useFollow() {
  const client = useQueryClient();
  const refresh = useRefresh();
  const setFollows = (update: (follows: ProgramFollow[]) => ProgramFollow[]) =>
    client.setQueryData(alertsQuery().queryKey, (old) => old && { ...old, follows: update(old.follows) });
  return useMutation({
    mutationFn: ({ programId, follow }: { programId: string; follow: boolean }) =>
      follow
        ? api.put<ProgramFollow[]>(`/api/program-follows/${programId}`)
        : api.delete<null>(`/api/program-follows/${programId}`),
    onMutate: ({ programId, follow }) => {
      if (!follow) setFollows((follows) => follows.filter((f) => f.programId !== programId));
    },
    onSuccess: (follows) => {
      if (follows) setFollows(() => follows);
    },
    onError: refresh,
  });
}

/**
 * Saves the e-mail choices with the cache updated at once (the page also holds the shown choice
 * itself, for the click's own render); a failure puts the stored choice back.
 */
export function useSetAlertPreferences() {
  const client = useQueryClient();
  const setPreferences = (preferences: AlertPreferences) =>
    client.setQueryData(alertsQuery().queryKey, (old) => old && { ...old, preferences });
  return useMutation({
    mutationFn: (preferences: AlertPreferences) =>
      api.put<AlertPreferences>('/api/alerts/preferences', preferences),
    onMutate: (preferences) => {
      // An answer already on its way (a refetch after a follow, say) would put the old choice
      // back over this one: stop it first (TanStack Query's optimistic-update recipe).
      void client.cancelQueries({ queryKey: alertsQuery().queryKey });
      const before = client.getQueryData(alertsQuery().queryKey)?.preferences;
      setPreferences(preferences);
      return { before };
    },
    onSuccess: setPreferences,
    onError: (_err, _preferences, context) => {
      if (context?.before) setPreferences(context.before);
    },
  });
}
