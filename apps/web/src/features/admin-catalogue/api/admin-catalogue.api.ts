import type { AdminProgram, AdminProgramSummary, ProgramEdit } from '@grantleaf/shared/catalogue.schema';
import type { ProgramSyncStatus } from '@grantleaf/shared/program-sync.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const ADMIN_CATALOGUE_PAGE_SIZE = 20;
const KEY = '/api/admin/programs';

export type CatalogueFilter = 'active' | 'unverified' | 'retired';

/** GET /api/admin/programs: one page of the catalogue as admins see it (retired and flagged too). */
export function useAdminPrograms(enabled: boolean, q: string, filter: CatalogueFilter, page: number) {
  const params = new URLSearchParams({
    filter,
    page: String(page),
    pageSize: String(ADMIN_CATALOGUE_PAGE_SIZE),
  });
  if (q) params.set('q', q);
  return useQuery({
    queryKey: [KEY, 'list', params.toString()],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => api.get<{ programs: AdminProgramSummary[]; total: number }>(`${KEY}?${params.toString()}`),
  });
}

export function useAdminProgram(enabled: boolean, id: string) {
  return useQuery({
    queryKey: [KEY, 'one', id],
    enabled,
    queryFn: () => api.get<AdminProgram>(`${KEY}/${encodeURIComponent(id)}`),
  });
}

/** Edit, verify, retire and restore answer with the program as it now is; the lists refresh. */
function useProgramMutation<V>(id: string, send: (vars: V) => Promise<AdminProgram>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (program) => {
      client.setQueryData([KEY, 'one', id], program);
      void client.invalidateQueries({ queryKey: [KEY, 'list'] });
      // Users' lists show the change too.
      void client.invalidateQueries({ queryKey: ['/api/grant-programs'] });
    },
  });
}

export function useEditProgram(id: string) {
  return useProgramMutation(id, (edit: ProgramEdit) =>
    api.patch<AdminProgram>(`${KEY}/${encodeURIComponent(id)}`, edit),
  );
}

export function useProgramAction(id: string) {
  return useProgramMutation(id, (action: 'verify' | 'retire' | 'restore') =>
    api.post<AdminProgram>(`${KEY}/${encodeURIComponent(id)}/${action}`),
  );
}

/** GET /api/admin/program-syncs: the simpler.grants.gov sync's latest runs (ADR 170). */
export function useProgramSyncs(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/admin/program-syncs'],
    enabled,
    queryFn: () => api.get<ProgramSyncStatus>('/api/admin/program-syncs'),
  });
}
