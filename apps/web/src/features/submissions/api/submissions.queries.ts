import { PAID_WORK_CATALOGUE } from '@grantleaf/shared/paid-work-catalogue';
import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import { ADMIN_SUBMISSIONS_PAGE_SIZE, SUBMISSIONS_PAGE_SIZE } from '@grantleaf/shared/submissions.constants';
import type { AdminSubmission, Submission } from '@grantleaf/shared/submissions.schema';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, PENDING_POLL_MS, queryGet } from '../../../lib/api.ts';

// The submissions' reads (ADR 1080). The lists are the dashboard's, drawn at first paint, which
// stays free of zod (ADR 190): typed casts, read by the one status rule (paidWorkDisplay), which
// takes any row.

/** The list's address and key are the paid-work catalogue's (ADR 0811), which refreshes it after a submit. */
const LIST = PAID_WORK_CATALOGUE.submission.listKey;

/**
 * The caller's submissions, newest first, as one list; polled while one is still processing. The
 * server answers a page at a time (ADR 0105): the first is the newest SUBMISSIONS_PAGE_SIZE, and
 * `fetchNextPage` appends older ones while the last page came back full.
 */
export const submissionsQuery = () =>
  infiniteQueryOptions({
    queryKey: [LIST] as const,
    staleTime: 0,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      queryGet<Submission[]>(pageParam === 1 ? LIST : `${LIST}?page=${pageParam}`, 'submissions'),
    getNextPageParam: (last, pages) => (last.length === SUBMISSIONS_PAGE_SIZE ? pages.length + 1 : undefined),
    select: (data) => data.pages.flat(),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.some((s) => paidWorkDisplay(s) === 'processing'))
        ? PENDING_POLL_MS
        : false,
  });

/**
 * One submission, for the viewer; polled while it is still processing. A typed cast for now: the
 * viewer's status comes from paidWorkDisplay, which takes any row, and its result views read each
 * section defensively. Parsing it with submissionSchema is left (ADR 1080): the web tests answer
 * the viewer with partial results that the schema's full union refuses.
 */
export const submissionQuery = (id: string | undefined) =>
  queryOptions({
    queryKey: [LIST, id] as const,
    enabled: Boolean(id),
    staleTime: 0,
    queryFn: () => api.get<Submission>(`${LIST}/${id}`),
    refetchInterval: (query) =>
      query.state.data && paidWorkDisplay(query.state.data) === 'processing' ? PENDING_POLL_MS : false,
  });

/**
 * The admin PDF panel's list, newest first, a page at a time like the user's own list (ADR 0105).
 * A display list on the dashboard: typed, not parsed (ADR 190).
 */
export const adminSubmissionsQuery = (enabled: boolean) =>
  infiniteQueryOptions({
    queryKey: ['/api/admin/submissions'] as const,
    enabled,
    staleTime: 0,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      api.get<AdminSubmission[]>(
        pageParam === 1 ? '/api/admin/submissions' : `/api/admin/submissions?page=${pageParam}`,
      ),
    getNextPageParam: (last, pages) =>
      last.length === ADMIN_SUBMISSIONS_PAGE_SIZE ? pages.length + 1 : undefined,
    select: (data) => data.pages.flat(),
  });
