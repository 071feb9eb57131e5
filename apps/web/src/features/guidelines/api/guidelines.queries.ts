import type { Checklist } from '@grantleaf/shared/guidelines.schema';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The checklist's read (ADR 1080): items drawn as sent and ticked in place; a typed cast.

export const checklistUrl = (applicationId: string) => `/api/applications/${applicationId}/checklist`;

export const checklistKey = (applicationId: string) => [checklistUrl(applicationId)] as const;

export function checklistQuery(applicationId: string) {
  return queryOptions<Checklist>({
    queryKey: checklistKey(applicationId),
    queryFn: () => api.get<Checklist>(checklistUrl(applicationId)),
  });
}
