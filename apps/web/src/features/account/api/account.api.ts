import type { AccountDeletion, AccountDeletionRequest } from '@grantleaf/shared/account.schema';
import type { LedgerPage } from '@grantleaf/shared/credits.schema';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useLocalSignOut } from '../../auth/api/auth.api.ts';

export const LEDGER_PAGE_SIZE = 10;

/** GET /api/credits/ledger: the signed-in user's own credit history, newest first, a page at a time. */
export function useCreditLedger(page: number) {
  return useQuery({
    queryKey: ['/api/credits/ledger', page],
    queryFn: () => api.get<LedgerPage>(`/api/credits/ledger?page=${page}&pageSize=${LEDGER_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
}

/** DELETE /api/account with the password; the server has ended every session, so this browser forgets its own. */
export function useDeleteAccount() {
  const signOut = useLocalSignOut();
  return useMutation({
    mutationFn: (input: AccountDeletionRequest) => api.delete<AccountDeletion>('/api/account', input),
    onSuccess: signOut,
  });
}
