import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api.ts';

// The catalogue's searches that a shared component asks (the program picker). Display lists (agency and name): typed casts; the catalogue table is the dashboard's
// and stays free of zod (ADR 190).

/** Programs in a picker's page: at most this many per answer; typing narrows on the server. */
export const PICKER_PAGE_SIZE = 100;

/** One page of the catalogue for the program picker, searched on the server (issue 14 §4). */
export const programPickerQuery = (q: string) => {
  const query = new URLSearchParams({ pageSize: String(PICKER_PAGE_SIZE) });
  if (q.trim()) query.set('q', q.trim());
  return queryOptions({
    queryKey: ['/api/grant-programs', 'picker', q.trim()] as const,
    queryFn: async () => {
      try {
        return await api.get<GrantProgram[]>(`/api/grant-programs?${query.toString()}`);
      } catch {
        throw new Error('Failed to fetch programs');
      }
    },
    placeholderData: (previous: GrantProgram[] | undefined) => previous,
  });
};
