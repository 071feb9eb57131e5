import type { Application } from '@grantleaf/shared/applications.schema';
import type { BudgetView } from '@grantleaf/shared/budget.schema';
import { queryOptions } from '@tanstack/react-query';
import { api, queryGet } from '../api.ts';

// Read by more than one feature (the tracker, the Analyze and Generate dialogs, the office's
// competitions), and features do not import each other: one key and one fetch here, so every
// reader shares one cache entry.

/**
 * The user's applications. A display list (titles, status badges from the tracker's own columns):
 * a typed cast, not parsed, because the dashboard renders it at first paint and stays free of zod
 * (ADR 190).
 */
export const applicationsQuery = (userId: string | undefined) =>
  queryOptions({
    queryKey: [`/api/users/${userId ?? ''}/applications`] as const,
    enabled: Boolean(userId),
    queryFn: async () =>
      (await queryGet<{ data: Application[] }>(`/api/users/${userId}/applications`, 'applications')).data,
  });

/**
 * An application's budget, its program's cost rules and the server's summary (ADR 0281): the
 * editor's builder and the Generate dialog (ADR 0453) read the same GET. Typed, not parsed: the
 * builder's own pure function recomputes every figure from it.
 */
export const applicationBudgetQuery = (applicationId: string | undefined) =>
  queryOptions({
    queryKey: [`/api/applications/${applicationId ?? ''}/budget`] as const,
    enabled: Boolean(applicationId),
    queryFn: () => api.get<BudgetView>(`/api/applications/${applicationId}/budget`),
  });
