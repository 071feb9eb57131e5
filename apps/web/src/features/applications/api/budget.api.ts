import type { BudgetView, SaveBudget } from '@grantleaf/shared/budget.schema';
import { api } from '../../../lib/api.ts';

export const saveBudget = (id: string, input: SaveBudget) =>
  api.put<BudgetView>(`/api/applications/${id}/budget`, input);
