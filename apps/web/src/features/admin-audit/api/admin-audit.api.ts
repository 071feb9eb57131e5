import type { AuditLogPage } from '@grantleaf/shared/account.schema';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit-log, newest first, one page after another (admins only). */
export function useAuditLog(enabled: boolean, subject: string) {
  return useInfiniteQuery({
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
