import type { CreateSubmissionInput, Submission } from '@grantleaf/shared/submissions.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { usePaidMutation } from '../../../lib/paid-mutation.ts';
import { refreshAfterSubmit } from '../../../lib/query-client.ts';
import { adminSubmissionsQuery, submissionsQuery } from './submissions.queries.ts';

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

export function useLinkSubmissionFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, filename }: { id: string; filename: string }) =>
      api.patch<Submission>(`/api/submissions/${id}/file`, { filename }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminSubmissionsQuery(true).queryKey }),
        queryClient.invalidateQueries({ queryKey: submissionsQuery().queryKey }),
      ]),
  });
}

/** The result page of a completed submission, a route of this app (strict CSP, React text only). */
export const submissionViewPath = (id: string) => `/submissions/${id}/view`;

export function openSubmissionWindow(id: string) {
  window.open(submissionViewPath(id), '_blank', 'noopener');
}
