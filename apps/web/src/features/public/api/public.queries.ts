import type { CatalogueProgram } from '@grantleaf/shared/marketing-content';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The landing page is pre-rendered and must paint without zod: its one read takes any answer and
// keeps only the entries that have a name (below), so no schema is needed.

function programList(body: unknown): CatalogueProgram[] {
  const list = Array.isArray(body)
    ? body
    : body && typeof body === 'object'
      ? (Object.values(body).find(Array.isArray) ?? [])
      : [];
  return list.filter(
    (p): p is CatalogueProgram =>
      Boolean(p) && typeof p === 'object' && typeof (p as CatalogueProgram).name === 'string',
  );
}

// One small query per group: the whole catalogue (with imported US opportunities) is far too big
// to fetch for a landing page.
const PROGRAM_QUERIES = [
  'jurisdiction=CA&pageSize=12',
  'q=SBIR%20STTR&pageSize=12',
  'programType=accelerator&pageSize=6',
  'programType=equity-investment&pageSize=6',
];

/** The landing page's program names, drawn from four small catalogue searches. */
export const landingProgramsQuery = () =>
  queryOptions({
    queryKey: ['/api/grant-programs', 'landing'] as const,
    queryFn: async () => {
      const settled = await Promise.allSettled(
        PROGRAM_QUERIES.map((q) => api.get<unknown>(`/api/grant-programs?${q}`)),
      );
      return settled.flatMap((r) => (r.status === 'fulfilled' ? programList(r.value) : []));
    },
    staleTime: 10 * 60 * 1000,
    retry: false,
  });
