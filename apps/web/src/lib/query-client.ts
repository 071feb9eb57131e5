import { REFRESHED_AFTER_SUBMIT } from '@grantleaf/shared/paid-work-catalogue';
import { QueryClient } from '@tanstack/react-query';

// Spec §7: queries retry once and never refetch on focus or interval; mutations never retry.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, refetchInterval: false },
    mutations: { retry: 0 },
  },
});

/** Spec §7: after a paid submit, every dashboard list and the balance (from the paid-work catalogue). */
export function refreshAfterSubmit(client: QueryClient) {
  return Promise.all(REFRESHED_AFTER_SUBMIT.map((key) => client.invalidateQueries({ queryKey: [key] })));
}
