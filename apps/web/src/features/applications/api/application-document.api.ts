import type {
  CheckRequest,
  CheckResult,
  SaveSectionsInput,
} from '@grantleaf/shared/application-document.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { versionsQuery } from './applications.queries.ts';

export const saveSections = (id: string, input: SaveSectionsInput) =>
  api.put<{ version: number; updatedAt: string }>(`/api/applications/${id}/sections`, input);

export const runChecks = (id: string, input: CheckRequest, signal?: AbortSignal) =>
  api.post<CheckResult>(`/api/applications/${id}/check`, input, { signal });

export function useRestoreVersion(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ version, baseVersion }: { version: number; baseVersion: number }) =>
      api.post<{ version: number }>(`/api/applications/${id}/versions/${version}/restore`, { baseVersion }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: versionsQuery(id).queryKey }),
  });
}
