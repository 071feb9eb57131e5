import type { AlertsOverview } from '@grantleaf/shared/alerts.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * The session user's saved searches, follows and e-mail opt-outs (ADR 1080). Read by the
 * catalogue table's follow buttons at the dashboard's first paint, which stays free of zod
 * (ADR 190): a typed cast; the buttons only look up ids in it.
 */
export const alertsQuery = (enabled = true) =>
  queryOptions({
    queryKey: ['/api/alerts'] as const,
    queryFn: () => api.get<AlertsOverview>('/api/alerts'),
    enabled,
  });
