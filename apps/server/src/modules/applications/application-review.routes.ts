import {
  approveReviewSchema,
  officeReviewSchema,
  requestChangesSchema,
  submitReviewSchema,
} from '@grantleaf/shared/office-review.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { ApplicationReview } from './application-review.service.ts';

const idParams = z.object({ id: z.uuid() });

/**
 * The office's review of an application (issue 32 §3, ADR 0440). Each step creates a record and
 * sends mail, so each takes an Idempotency-Key (a retried click does not submit twice) and counts
 * against the review limit.
 */
export const applicationReviewRoutes: FastifyPluginAsyncZod<{ review: ApplicationReview }> = async (
  app,
  { review },
) => {
  const step = { config: { auth: true, idempotent: true, rateLimit: USER_LIMITS.officeReview } } as const;

  app.get(
    '/api/applications/:id/office-review',
    { config: { auth: true }, schema: { params: idParams, response: { 200: officeReviewSchema } } },
    (request) => review.get(currentUser(request), request.params.id),
  );

  app.post(
    '/api/applications/:id/office-review/submit',
    {
      ...step,
      schema: { params: idParams, body: submitReviewSchema, response: { 200: officeReviewSchema } },
    },
    (request) => review.submit(currentUser(request), request.params.id, request.body.message, request.id),
  );

  app.post(
    '/api/applications/:id/office-review/request-changes',
    {
      ...step,
      schema: { params: idParams, body: requestChangesSchema, response: { 200: officeReviewSchema } },
    },
    (request) =>
      review.requestChanges(currentUser(request), request.params.id, request.body.message, request.id),
  );

  app.post(
    '/api/applications/:id/office-review/approve',
    {
      ...step,
      schema: { params: idParams, body: approveReviewSchema, response: { 200: officeReviewSchema } },
    },
    (request) => review.approve(currentUser(request), request.params.id, request.body.message, request.id),
  );
};
