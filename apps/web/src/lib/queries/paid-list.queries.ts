import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import { queryOptions } from '@tanstack/react-query';
import { PENDING_POLL_MS, queryGet } from '../api.ts';

/**
 * A paid kind's dashboard list (`list`: the paid-work catalogue's list key, ADR 0811, which
 * refreshes it after a submit), newest first (spec §7: retry once, no caching), polled while one
 * row is processing (ADR 1080). Lists at first paint stay free of zod (ADR 190): a typed cast read
 * by the one status rule. One factory, so the funding and idea lists cannot drift apart.
 */
export const paidListQuery = <Row extends { status: string | null }, Key extends string>(
  list: Key,
  label: string,
  resultsOf: (row: Row) => unknown,
) =>
  queryOptions({
    queryKey: [list] as const,
    staleTime: 0,
    queryFn: () => queryGet<Row[]>(list, label),
    refetchInterval: (query) =>
      query.state.data?.some(
        (r) => paidWorkDisplay({ results: resultsOf(r), status: r.status }) === 'processing',
      )
        ? PENDING_POLL_MS
        : false,
  });
