import { PAID_WORK_CATALOGUE } from '@grantleaf/shared/paid-work-catalogue';
import type { Application } from '@grantleaf/shared/applications.schema';
import type { BudgetView } from '@grantleaf/shared/budget.schema';
import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import { ADMIN_SUBMISSIONS_PAGE_SIZE, SUBMISSIONS_PAGE_SIZE } from '@grantleaf/shared/submissions.constants';
import type {
  AdminSubmission,
  CreateSubmissionInput,
  Submission,
} from '@grantleaf/shared/submissions.schema';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, PENDING_POLL_MS, queryGet } from '../../../lib/api.ts';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';
import { refreshAfterSubmit } from '../../../lib/query-client.ts';

// The list's key is the paid-work catalogue's (ADR 0811), which also refreshes it after a submit.
export const SUBMISSIONS_KEY = [PAID_WORK_CATALOGUE.submission.listKey] as const;

/**
 * The caller's submissions, newest first, as one list; polled while one is still processing. The
 * server answers a page at a time (ADR 0105): the first is the newest SUBMISSIONS_PAGE_SIZE, and
 * `fetchNextPage` appends older ones while the last page came back full.
 */
export function useSubmissions(enabled = true) {
  return useInfiniteQuery({
    queryKey: SUBMISSIONS_KEY,
    enabled,
    staleTime: 0,
    initialPageParam: 1,
    queryFn: ({ pageParam }) =>
      queryGet<Submission[]>(
        pageParam === 1 ? '/api/submissions' : `/api/submissions?page=${pageParam}`,
        'submissions',
      ),
    getNextPageParam: (last, pages) => (last.length === SUBMISSIONS_PAGE_SIZE ? pages.length + 1 : undefined),
    select: (data) => data.pages.flat(),
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.some((s) => paidWorkDisplay(s) === 'processing'))
        ? PENDING_POLL_MS
        : false,
  });
}

export function useSubmission(id: string | undefined) {
  return useQuery<Submission>({
    queryKey: ['/api/submissions', id],
    enabled: Boolean(id),
    staleTime: 0,
    queryFn: () => api.get<Submission>(`/api/submissions/${id}`),
    refetchInterval: (query) =>
      query.state.data && paidWorkDisplay(query.state.data) === 'processing' ? PENDING_POLL_MS : false,
  });
}

/**
 * The user's applications for the Analyze dialog's "Attach to application" select: the tracker's
 * own API and query key, so both share one cache entry (a feature does not import another's hooks).
 */
export function useOwnApplications(userId: string | undefined) {
  return useQuery<Application[]>({
    queryKey: [`/api/users/${userId ?? ''}/applications`],
    enabled: Boolean(userId),
    queryFn: async () => (await api.get<{ data: Application[] }>(`/api/users/${userId}/applications`)).data,
  });
}

/**
 * The saved budget of an application a draft is written for, to say before payment which request
 * the draft will state (ADR 0453). The same GET the editor's builder reads.
 */
export function useApplicationBudget(applicationId: string | undefined) {
  return useQuery<BudgetView>({
    queryKey: [`/api/applications/${applicationId ?? ''}/budget`],
    enabled: Boolean(applicationId),
    queryFn: () => api.get<BudgetView>(`/api/applications/${applicationId}/budget`),
  });
}

export function useCreateSubmission() {
  const queryClient = useQueryClient();
  return usePaidMutation<CreateSubmissionInput, Submission>({
    request: (input) => ({ path: '/api/submissions', body: input }),
    onSuccess: () => refreshAfterSubmit(queryClient),
  });
}

export function useUploadFile() {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<{ fileUrl: string }>('/api/upload', form);
    },
  });
}

/** The admin PDF panel's list, newest first, a page at a time like the user's own list (ADR 0105). */
export function useAdminSubmissions(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['/api/admin/submissions'],
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
}

export function useLinkSubmissionFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, filename }: { id: string; filename: string }) =>
      api.patch<Submission>(`/api/submissions/${id}/file`, { filename }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['/api/admin/submissions'] }),
        queryClient.invalidateQueries({ queryKey: SUBMISSIONS_KEY }),
      ]),
  });
}

/** The result page of a completed submission, a route of this app (strict CSP, React text only). */
export const submissionViewPath = (id: string) => `/submissions/${id}/view`;

export function openSubmissionWindow(id: string) {
  window.open(submissionViewPath(id), '_blank', 'noopener');
}
