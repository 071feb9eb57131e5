import type { AccountDeletion, AccountDeletionRequest } from '@grantleaf/shared/account.schema';
import type { ChangePasswordInput } from '@grantleaf/shared/auth.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { useLocalSignOut } from '../../auth/api/auth.api.ts';
import { sessionsQuery } from './account.queries.ts';

/** DELETE /api/account with the password; the server has ended every session, so this browser forgets its own. */
export function useDeleteAccount() {
  const signOut = useLocalSignOut();
  return useMutation({
    mutationFn: (input: AccountDeletionRequest) => api.delete<AccountDeletion>('/api/account', input),
    onSuccess: signOut,
  });
}

function useSessionMutation<T>(mutationFn: (input: T) => Promise<{ signedOut: number }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery().queryKey }),
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
