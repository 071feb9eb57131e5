import { TABLE_PAGE_SIZE } from '@grantleaf/shared/constants';
import type { GrantProgram, Jurisdiction, ProgramType } from '@grantleaf/shared/programs.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, apiResponse } from '../../../lib/api.ts';

// The catalogue table's read (ADR 1080): on the dashboard, which paints without zod (ADR 190): a typed cast.

export interface ProgramFilters {
  q: string;
  jurisdiction: Jurisdiction | '';
  programType: ProgramType | '';
}

export interface ProgramPage {
  programs: GrantProgram[];
  /** Programs the filters page through (X-Total-Count). */
  total: number;
  /** A broad text search stopped counting at the server's cap. */
  capped: boolean;
  /** A province's search: federal programs the same words match (X-Federal-Matches). */
  federalMatches?: number;
}

/** Spec §8's message for any failure to read the catalogue. */
export const FAILED = 'Failed to fetch programs';

/**
 * One page of the catalogue, searched and filtered on the server (issue 14 §4): the dashboard
 * never downloads the whole catalogue, which may hold 100,000 programs.
 */
export function programPageQuery(filters: ProgramFilters, page: number) {
  const params = new URLSearchParams({ page: String(page), pageSize: String(TABLE_PAGE_SIZE) });
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.jurisdiction) params.set('jurisdiction', filters.jurisdiction);
  if (filters.programType) params.set('programType', filters.programType);
  const path = `/api/grant-programs?${params}`;
  return queryOptions<ProgramPage>({
    queryKey: ['/api/grant-programs', 'page', path],
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
    queryFn: async () => {
      try {
        const { data, headers } = await apiResponse<GrantProgram[]>('GET', path);
        return {
          programs: data,
          total: Number(headers.get('x-total-count') ?? data.length),
          capped: headers.get('x-total-capped') === 'true',
          federalMatches: headers.has('x-federal-matches')
            ? Number(headers.get('x-federal-matches'))
            : undefined,
        };
      } catch {
        throw new Error(FAILED);
      }
    },
  });
}

/** The programs the given ids name (a user's submissions), retired ones too; a display list: typed. */
export function programNamesQuery(ids: readonly string[]) {
  const wanted = [...new Set(ids)].sort().slice(0, 100);
  return queryOptions({
    queryKey: ['/api/grant-programs', 'ids', wanted.join(',')] as const,
    enabled: wanted.length > 0,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        return await api.get<GrantProgram[]>(
          `/api/grant-programs?ids=${wanted.join(',')}&pageSize=${wanted.length}`,
        );
      } catch {
        throw new Error(FAILED);
      }
    },
  });
}
