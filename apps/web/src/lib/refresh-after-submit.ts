import type { QueryClient } from '@tanstack/react-query';

/** Spec §7: after a successful submission these lists and the balance are fetched again. */
export const REFRESHED_AFTER_SUBMIT = [
  '/api/submissions',
  '/api/idea-generator-requests',
  '/api/funding-finder-requests',
  '/api/me',
  '/api/auth/user',
] as const;

export function refreshAfterSubmit(queryClient: QueryClient) {
  return Promise.all(REFRESHED_AFTER_SUBMIT.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
}
