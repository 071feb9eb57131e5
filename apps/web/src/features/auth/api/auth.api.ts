import type {
  AuthResponse,
  ForgotPasswordInput,
  LoginInput,
  ResetPasswordInput,
  RegisterInput,
  RegisterResponse,
  User,
  VerificationResponse,
} from '@grantleaf/shared/auth.schema';
import type { Language } from '@grantleaf/shared/language';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { applyLanguage, currentLanguage } from '../../../i18n/index.ts';
import { api } from '../../../lib/api.ts';
import { setSessionId } from '../../../lib/session.ts';
import { CURRENT_USER_KEY, currentUserQuery } from './auth.queries.ts';

// The current user's key and read live in auth.queries.ts with the feature's other reads; other
// features reach them through this file, the one door eslint opens into another feature.
export { CURRENT_USER_KEY } from './auth.queries.ts';

/** The signed-in user, or null. A 401 or 404 signs the visitor out (spec §4). */
export function useCurrentUser() {
  return useQuery(currentUserQuery(useQueryClient()));
}

function useSessionStart() {
  const queryClient = useQueryClient();
  return (result: AuthResponse) => {
    setSessionId(result.sessionId);
    queryClient.setQueryData(CURRENT_USER_KEY, result.user);
    if (result.user.language !== currentLanguage()) void applyLanguage(result.user.language);
  };
}

/**
 * The header's language switch (ADR 0360): the page changes language where it is (same URL, same
 * data, nothing refetched), this browser remembers it, and a signed-in account saves it, so its
 * e-mails and exports follow. A failed save keeps the choice here and reports the failure.
 */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (language: Language) => {
      await applyLanguage(language);
      if (!queryClient.getQueryData<User | null>(CURRENT_USER_KEY)) return null;
      return api.put<User>('/api/account/language', { language });
    },
    onSuccess: (user) => {
      if (user) queryClient.setQueryData(CURRENT_USER_KEY, user);
    },
  });
}

export function useLogin() {
  const start = useSessionStart();
  return useMutation({
    mutationFn: (input: LoginInput) => api.post<AuthResponse>('/api/auth/login', input),
    onSuccess: start,
  });
}

export function useRegister() {
  const start = useSessionStart();
  return useMutation({
    // The account starts in the language the visitor is reading (ADR 0360).
    mutationFn: (input: RegisterInput & { ref?: string }) =>
      api.post<RegisterResponse>('/api/auth/register', { ...input, language: currentLanguage() }),
    onSuccess: start,
  });
}

/** Forgets the session in this browser, after a logout or once the server has ended it. */
export function useLocalSignOut() {
  const queryClient = useQueryClient();
  return () => {
    setSessionId(null);
    // Drop every cached answer but keep the current-user entry (now null), so the observers
    // mounted on it see the sign-out instead of a removed query.
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== CURRENT_USER_KEY[0] });
  };
}

export function useLogout() {
  const signOut = useLocalSignOut();
  return useMutation({
    mutationFn: async () => {
      try {
        await api.post('/api/auth/logout');
      } catch {
        // The local sign-out below happens whatever the server says.
      }
    },
    onSettled: signOut,
  });
}

export function useVerifyCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<VerificationResponse>('/api/verify-email-code', { code }),
    // The free credit arrives with the verification (ADR 0150): the balance and its history change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
        queryClient.invalidateQueries({ queryKey: ['/api/credits/ledger'] }),
      ]),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => api.post<VerificationResponse>('/api/auth/resend-verification'),
  });
}

/** POST /api/auth/forgot-password: the answer is the same whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: ForgotPasswordInput) =>
      api.post<{ message: string }>('/api/auth/forgot-password', input),
  });
}

/** POST /api/auth/reset-password: every session of the account ends, this browser's included. */
export function useResetPassword() {
  const signOut = useLocalSignOut();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      api.post<{ message: string }>('/api/auth/reset-password', input),
    onSuccess: signOut,
  });
}
