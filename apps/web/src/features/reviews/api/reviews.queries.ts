import {
  critiqueDiffSchema,
  responseSectionSchema,
  resubmissionFindingsSchema,
  reviewPlanSchema,
  type CritiqueDiff,
  type ResubmissionFindings,
  type ReviewPlan,
} from '@grantleaf/shared/reviews.schema';
import { modelResponseListSchema, type ModelResponseList } from '@grantleaf/shared/review-response.schema';
import { queryOptions } from '@tanstack/react-query';
import { api, queryGet } from '../../../lib/api.ts';

/**
 * The reviews feature's data layer (issue 27; ADR 0330, 0410): every answer is parsed with the
 * shared schema the server answers with, so a screen never reads a field the API does not send.
 */
export const reviewsUrl = (applicationId: string) => `/api/applications/${applicationId}/reviews`;

export const reviewPlanKey = (applicationId: string) => [reviewsUrl(applicationId)] as const;

/** How often the page asks after a running model response, like the other paid work. */
export const MODEL_RESPONSE_POLL_MS = 2000;

export const modelResponsesUrl = (applicationId: string) => `${reviewsUrl(applicationId)}/model-responses`;

export function reviewPlanQuery(applicationId: string) {
  return queryOptions<ReviewPlan>({
    queryKey: reviewPlanKey(applicationId),
    queryFn: async () =>
      reviewPlanSchema.parse(await queryGet(reviewsUrl(applicationId), 'reviewers’ comments')),
  });
}

/** The words changed in a critique's sections since the reviewed version (refetched as both move). */
export function critiqueDiffQuery(
  applicationId: string,
  critiqueId: string,
  stamp: string,
  enabled: boolean,
) {
  return queryOptions<CritiqueDiff>({
    queryKey: [`/api/applications/${applicationId}/critiques/${critiqueId}/diff`, stamp],
    queryFn: async () =>
      critiqueDiffSchema.parse(
        await queryGet(`/api/applications/${applicationId}/critiques/${critiqueId}/diff`, 'the changes'),
      ),
    enabled,
  });
}

/**
 * The resubmission's findings for the editor's readiness (ADR 0411), asked again at each saved
 * version: they read the saved versions, as the plan does.
 */
export function resubmissionFindingsQuery(applicationId: string, savedVersion: number) {
  return queryOptions<ResubmissionFindings>({
    queryKey: [...reviewPlanKey(applicationId), 'findings', savedVersion],
    queryFn: async () =>
      resubmissionFindingsSchema.parse(
        await queryGet(`${reviewsUrl(applicationId)}/findings`, 'the resubmission checks'),
      ),
    placeholderData: (previous) => previous,
  });
}

/** The response sections written by a model (ADR 1035), newest first; `available` says if a model is set. */
export function modelResponsesQuery(applicationId: string) {
  return queryOptions<ModelResponseList>({
    queryKey: [modelResponsesUrl(applicationId)],
    queryFn: async () =>
      modelResponseListSchema.parse(
        await queryGet(modelResponsesUrl(applicationId), 'the response written by the model'),
      ),
    refetchInterval: (query) =>
      query.state.data?.data.some((r) => r.status === 'processing') ? MODEL_RESPONSE_POLL_MS : false,
  });
}

/**
 * The response section written from the plan (offline, free): read when the user asks for it, so a
 * fetch the page's button calls rather than a query; parsed like every answer of this feature.
 */
export const fetchResponseSection = async (applicationId: string) =>
  responseSectionSchema.parse(await api.get(`${reviewsUrl(applicationId)}/response`));
