import type { PublicConfig } from '@grantleaf/shared/leads.schema';
import { groupProgramNames, type CatalogueProgram } from '@grantleaf/shared/marketing-content';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Operator settings (promo video, booking page, addresses): served by the API, never built in. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['/api/public-config'],
    queryFn: () => api.get<PublicConfig>('/api/public-config'),
    staleTime: Infinity,
  });
}

function programList(body: unknown): CatalogueProgram[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? (Object.values(body).find(Array.isArray) ?? [])
      : [];
  return list.filter(
    (p): p is CatalogueProgram => Boolean(p) && typeof p === 'object' && typeof (p as CatalogueProgram).name === 'string',
  );
}

/**
 * The landing page's program names, drawn from the catalogue. Until the catalogue answers (or if
 * it fails) each group shows the names of the content module.
 */
export function useProgramGroups() {
  const query = useQuery({
    queryKey: ['/api/grant-programs'],
    queryFn: async () => programList(await api.get<unknown>('/api/grant-programs')),
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
  return groupProgramNames(query.data ?? []);
}
