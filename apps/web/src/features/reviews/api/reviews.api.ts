import {
  reviewPlanSchema,
  type ImportReviewsInput,
  type UpdatePlanRowInput,
} from '@grantleaf/shared/reviews.schema';
import { modelResponseSchema, type ModelResponse } from '@grantleaf/shared/review-response.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { fileAttempt, usePaidMutation, usePaidPost } from '../../../lib/paid-mutation.ts';
import { fetchResponseSection, reviewsUrl, reviewPlanKey, modelResponsesUrl } from './reviews.queries.ts';

/** Every change answers the whole plan (the server recomputes each row's check), cached as it is. */
function useSetPlan(applicationId: string) {
  const client = useQueryClient();
  return (plan: unknown) => {
    client.setQueryData(reviewPlanKey(applicationId), reviewPlanSchema.parse(plan));
    // The editor's findings read the same rows: asked again when next shown.
    void client.invalidateQueries({ queryKey: [...reviewPlanKey(applicationId), 'findings'] });
  };
}

export interface ImportRequest {
  input: Omit<ImportReviewsInput, 'fileUrl'>;
  file: File | null;
}

/**
 * Imports pasted text, or a file sent first through POST /api/upload (its type checks and the
 * parser pool, ADR 0238); the import then reads the text extracted there.
 */
export function useImportReviews(applicationId: string) {
  const setPlan = useSetPlan(applicationId);
  // One attempt is the input with the chosen file, not its upload: a retried import is stored once.
  return usePaidMutation<ImportRequest, unknown>({
    request: async ({ input, file }) => {
      let body: ImportReviewsInput = input;
      if (file) {
        const form = new FormData();
        form.append('file', file);
        const { fileUrl } = await api.post<{ fileUrl: string }>('/api/upload', form);
        body = { ...input, text: undefined, fileUrl };
      }
      return { path: reviewsUrl(applicationId), body };
    },
    attempt: ({ input, file }) => ({ ...input, file: fileAttempt(file) }),
    onSuccess: setPlan,
  });
}

export function useRemoveImport(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (importId: string) => api.delete(`${reviewsUrl(applicationId)}/${importId}`),
    // The plan and the editor's findings (keyed under it) both.
    onSettled: () => client.invalidateQueries({ queryKey: reviewPlanKey(applicationId) }),
  });
}

/** One row's save; a 409 (changed elsewhere) fetches the plan again so the row shows what is stored. */
export function useSavePlanRow(applicationId: string) {
  const setPlan = useSetPlan(applicationId);
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdatePlanRowInput & { id: string }) =>
      api.patch<unknown>(`/api/applications/${applicationId}/critiques/${id}`, input),
    onSuccess: setPlan,
    onError: () => client.invalidateQueries({ queryKey: reviewPlanKey(applicationId) }),
  });
}

export function useGenerateResponse(applicationId: string) {
  return useMutation({
    mutationFn: () => fetchResponseSection(applicationId),
  });
}

/** Paid work: the key makes a double click or a retried request one charge. */
export function useStartModelResponse(applicationId: string) {
  const client = useQueryClient();
  const post = usePaidPost();
  return useMutation({
    mutationFn: async (): Promise<ModelResponse> =>
      modelResponseSchema.parse(await post({ path: modelResponsesUrl(applicationId) })),
    onSuccess: () => client.invalidateQueries({ queryKey: [modelResponsesUrl(applicationId)] }),
  });
}
