import type { ApplicationAnalysis } from '@grantleaf/shared/submissions.schema';
import type {
  ApplicationDetail,
  CheckRequest,
  CheckResult,
  SaveSectionsInput,
  VersionDetail,
  VersionSummary,
} from '@grantleaf/shared/application-document.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const applicationKey = (id: string) => [`/api/applications/${id}`] as const;
export const versionsKey = (id: string) => [`/api/applications/${id}/versions`] as const;

/** `fresh`: a reader (the draft viewer) wants the saved version now, not what the editor cached. */
export function useApplicationDetail(id: string, { fresh = false }: { fresh?: boolean } = {}) {
  return useQuery<ApplicationDetail>({
    queryKey: applicationKey(id),
    queryFn: () => api.get<ApplicationDetail>(`/api/applications/${id}`),
    // The editor holds the text; a background refetch must not replace what is being typed.
    refetchOnWindowFocus: false,
    staleTime: fresh ? 0 : Infinity,
  });
}

export const saveSections = (id: string, input: SaveSectionsInput) =>
  api.put<{ version: number; updatedAt: string }>(`/api/applications/${id}/sections`, input);

export const runChecks = (id: string, input: CheckRequest, signal?: AbortSignal) =>
  api.post<CheckResult>(`/api/applications/${id}/check`, input, { signal });

/** The analyses attached to this application (issue 16 §1), newest first. */
export function useApplicationAnalyses(id: string) {
  return useQuery<ApplicationAnalysis[]>({
    queryKey: [`/api/applications/${id}/analyses`],
    queryFn: async () =>
      (await api.get<{ analyses: ApplicationAnalysis[] }>(`/api/applications/${id}/analyses`)).analyses,
  });
}

export function useVersions(id: string, enabled: boolean) {
  return useQuery<VersionSummary[]>({
    queryKey: versionsKey(id),
    enabled,
    queryFn: async () => (await api.get<{ data: VersionSummary[] }>(`/api/applications/${id}/versions`)).data,
  });
}

export function useVersion(id: string, version: number | null) {
  return useQuery<VersionDetail>({
    queryKey: [`/api/applications/${id}/versions/${version}`],
    enabled: version !== null,
    queryFn: () => api.get<VersionDetail>(`/api/applications/${id}/versions/${version}`),
  });
}

export function useRestoreVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, baseVersion }: { version: number; baseVersion: number }) =>
      api.post<{ version: number }>(`/api/applications/${id}/versions/${version}/restore`, { baseVersion }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: versionsKey(id) }),
  });
}
