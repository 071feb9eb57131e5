import type { AdminProgram, AdminProgramSummary } from '@grantleaf/shared/catalogue.schema';
import type { ProgramSyncStatus } from '@grantleaf/shared/program-sync.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The admin catalogue's reads (ADR 1080): a program's record and the sync runs are shown field by field for
// an admin to edit, as the server sends them; typed casts.

export const ADMIN_CATALOGUE_PAGE_SIZE = 20;

export const KEY = '/api/admin/programs';

export type CatalogueFilter = 'active' | 'unverified' | 'retired';

/** GET /api/admin/programs: one page of the catalogue as admins see it (retired and flagged too). */
export function adminProgramsQuery(enabled: boolean, q: string, filter: CatalogueFilter, page: number) {
  const params = new URLSearchParams({
    filter,
    page: String(page),
    pageSize: String(ADMIN_CATALOGUE_PAGE_SIZE),
  });
  if (q) params.set('q', q);
  return queryOptions({
    queryKey: [KEY, 'list', params.toString()],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: () => api.get<{ programs: AdminProgramSummary[]; total: number }>(`${KEY}?${params.toString()}`),
  });
}

export function adminProgramQuery(enabled: boolean, id: string) {
  return queryOptions({
    queryKey: [KEY, 'one', id],
    enabled,
    queryFn: () => api.get<AdminProgram>(`${KEY}/${encodeURIComponent(id)}`),
  });
}

/** GET /api/admin/program-syncs: the simpler.grants.gov sync's latest runs (ADR 170). */
export function programSyncsQuery(enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/admin/program-syncs'],
    enabled,
    queryFn: () => api.get<ProgramSyncStatus>('/api/admin/program-syncs'),
  });
}
