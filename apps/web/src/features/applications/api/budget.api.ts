import type { BudgetView, SaveBudget } from '@grantleaf/shared/budget.schema';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const budgetKey = (id: string) => [`/api/applications/${id}/budget`] as const;

/** The application's budget, its program's cost rules and the server's summary (ADR 0281). */
export function useBudget(id: string) {
  return useQuery<BudgetView>({
    queryKey: budgetKey(id),
    queryFn: () => api.get<BudgetView>(`/api/applications/${id}/budget`),
    // The builder holds what is typed; a background refetch must not replace it.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export const saveBudget = (id: string, input: SaveBudget) =>
  api.put<BudgetView>(`/api/applications/${id}/budget`, input);
