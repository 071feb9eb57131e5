import {
  critiqueDiffSchema,
  responseSectionSchema,
  resubmissionFindingsSchema,
  reviewPlanSchema,
  type CritiqueDiff,
  type ImportReviewsInput,
  type ResponseSection,
  type ResubmissionFindings,
  type ReviewPlan,
  type UpdatePlanRowInput,
} from '@grantleaf/shared/reviews.schema';
import {
  modelResponseListSchema,
  modelResponseSchema,
  type ModelResponse,
  type ModelResponseList,
} from '@grantleaf/shared/review-response.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryGet } from '../../../lib/api.ts';
import { fileAttempt, usePaidMutation, usePaidPost } from '../../../lib/paid-mutation.ts';

/**
 * The reviews feature's data layer (issue 27; ADR 0330, 0410): every answer is parsed with the
 * shared schema the server answers with, so a screen never reads a field the API does not send.
 */
const reviewsUrl = (applicationId: string) => `/api/applications/${applicationId}/reviews`;
export const reviewPlanKey = (applicationId: string) => [reviewsUrl(applicationId)] as const;

export function useReviewPlan(applicationId: string) {
  return useQuery<ReviewPlan>({
    queryKey: reviewPlanKey(applicationId),
    queryFn: async () =>
      reviewPlanSchema.parse(await queryGet(reviewsUrl(applicationId), 'reviewers’ comments')),
  });
}

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

/** The words changed in a critique's sections since the reviewed version (refetched as both move). */
export function useCritiqueDiff(applicationId: string, critiqueId: string, stamp: string, enabled: boolean) {
  return useQuery<CritiqueDiff>({
    queryKey: [`/api/applications/${applicationId}/critiques/${critiqueId}/diff`, stamp],
    queryFn: async () =>
      critiqueDiffSchema.parse(
        await queryGet(`/api/applications/${applicationId}/critiques/${critiqueId}/diff`, 'the changes'),
      ),
    enabled,
  });
}

export function useGenerateResponse(applicationId: string) {
  return useMutation({
    mutationFn: async (): Promise<ResponseSection> =>
      responseSectionSchema.parse(await api.get(`${reviewsUrl(applicationId)}/response`)),
  });
}

/**
 * The resubmission's findings for the editor's readiness (ADR 0411), asked again at each saved
 * version: they read the saved versions, as the plan does.
 */
export function useResubmissionFindings(applicationId: string, savedVersion: number) {
  return useQuery<ResubmissionFindings>({
    queryKey: [...reviewPlanKey(applicationId), 'findings', savedVersion],
    queryFn: async () =>
      resubmissionFindingsSchema.parse(
        await queryGet(`${reviewsUrl(applicationId)}/findings`, 'the resubmission checks'),
      ),
    placeholderData: (previous) => previous,
  });
}

/** How often the page asks after a running model response, like the other paid work. */
const MODEL_RESPONSE_POLL_MS = 2000;
const modelResponsesUrl = (applicationId: string) => `${reviewsUrl(applicationId)}/model-responses`;

/** The response sections written by a model (ADR 1035), newest first; `available` says if a model is set. */
export function useModelResponses(applicationId: string) {
  return useQuery<ModelResponseList>({
    queryKey: [modelResponsesUrl(applicationId)],
    queryFn: async () =>
      modelResponseListSchema.parse(
        await queryGet(modelResponsesUrl(applicationId), 'the response written by the model'),
      ),
    refetchInterval: (query) =>
      query.state.data?.data.some((r) => r.status === 'processing') ? MODEL_RESPONSE_POLL_MS : false,
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
