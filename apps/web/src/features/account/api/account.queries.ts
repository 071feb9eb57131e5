import type { LedgerPage } from '@grantleaf/shared/credits.schema';
import type { SessionList } from '@grantleaf/shared/auth.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

// The account's reads (ADR 1080): the credit history and the devices are display lists, drawn row by row
// as the server sends them, so typed casts.

export const LEDGER_PAGE_SIZE = 10;

/** GET /api/credits/ledger: the signed-in user's own credit history, newest first, a page at a time. */
export function creditLedgerQuery(page: number) {
  return queryOptions({
    queryKey: ['/api/credits/ledger', page],
    queryFn: () => api.get<LedgerPage>(`/api/credits/ledger?page=${page}&pageSize=${LEDGER_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/account/sessions: the user's signed-in sessions, this browser's marked `current`. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: ['/api/account/sessions'] as const,
    queryFn: () => api.get<SessionList>('/api/account/sessions'),
  });
