import type { AuditLogPage } from '@grantleaf/shared/account.schema';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The audit log's read (ADR 1080): a display list of rows drawn as sent, so a typed cast.

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit-log, newest first, one page after another (admins only). */
export function auditLogQuery(enabled: boolean, subject: string) {
  return infiniteQueryOptions({
    queryKey: ['/api/admin/audit-log', subject],
    enabled,
    initialPageParam: undefined as number | undefined,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(AUDIT_PAGE_SIZE) });
      if (pageParam) params.set('before', String(pageParam));
      if (subject) params.set('subject', subject);
      return api.get<AuditLogPage>(`/api/admin/audit-log?${params}`);
    },
    getNextPageParam: (last) => last.nextBefore ?? undefined,
  });
}
