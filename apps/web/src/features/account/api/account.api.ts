import type { AccountDeletion, AccountDeletionRequest } from '@grantleaf/shared/account.schema';
import type { LedgerPage } from '@grantleaf/shared/credits.schema';
import type { ChangePasswordInput, SessionList } from '@grantleaf/shared/auth.schema';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

const SESSIONS_KEY = ['/api/account/sessions'] as const;

/** GET /api/account/sessions: the user's signed-in sessions, this browser's marked `current`. */
export function useSessions() {
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: () => api.get<SessionList>('/api/account/sessions') });
}

function useSessionMutation<T>(mutationFn: (input: T) => Promise<{ signedOut: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** Signs out one other device. */
export const useEndSession = () =>
  useSessionMutation((id: string) => api.delete<{ signedOut: number }>(`/api/account/sessions/${id}`));

/** Signs out every device but this one. */
export const useEndOtherSessions = () =>
  useSessionMutation(() => api.post<{ signedOut: number }>('/api/account/sessions/sign-out-others'));

/** POST /api/account/password: the other devices are signed out, this one stays. */
export const useChangePassword = () =>
  useSessionMutation((input: ChangePasswordInput) =>
    api.post<{ signedOut: number }>('/api/account/password', input),
  );
