import { QueryClient } from '@tanstack/react-query';

// Spec §7: queries retry once and never refetch on focus or interval; mutations never retry.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, refetchInterval: false },
    mutations: { retry: 0 },
  },
});
