import {
  critiqueDiffSchema,
  importReviewsSchema,
  responseSectionSchema,
  resubmissionFindingsSchema,
  reviewPlanSchema,
  updatePlanRowSchema,
} from '@grantleaf/shared/reviews.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { ReviewsService } from './reviews.service.ts';

const appParams = z.object({ id: z.uuid() });
const importParams = appParams.extend({ importId: z.uuid() });
const critiqueParams = appParams.extend({ critiqueId: z.uuid() });

export const reviewsRoutes: FastifyPluginAsyncZod<{ reviews: ReviewsService }> = async (app, { reviews }) => {
  const auth = { config: { auth: true } } as const;

  app.get(
    '/api/applications/:id/reviews',
    { ...auth, schema: { params: appParams, response: { 200: reviewPlanSchema } } },
    (request) => reviews.plan(currentUser(request).id, request.params.id),
  );

  // A retried import (a double click, a dropped answer) with the same Idempotency-Key is answered
  // once, not stored twice.
  app.post(
    '/api/applications/:id/reviews',
    {
      config: { auth: true, idempotent: true, rateLimit: USER_LIMITS.reviews },
      schema: { params: appParams, body: importReviewsSchema, response: { 201: reviewPlanSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await reviews.importReviews(currentUser(request).id, request.params.id, request.body)),
  );

  app.delete(
    '/api/applications/:id/reviews/:importId',
    { ...auth, schema: { params: importParams } },
    async (request, reply) => {
      await reviews.removeImport(currentUser(request).id, request.params.id, request.params.importId);
      return reply.code(204).send();
    },
  );

  app.patch(
    '/api/applications/:id/critiques/:critiqueId',
    {
      config: { auth: true, rateLimit: USER_LIMITS.editorSave },
      schema: { params: critiqueParams, body: updatePlanRowSchema, response: { 200: reviewPlanSchema } },
    },
    (request) =>
      reviews.updateRow(currentUser(request).id, request.params.id, request.params.critiqueId, request.body),
  );

  app.get(
    '/api/applications/:id/critiques/:critiqueId/diff',
    { ...auth, schema: { params: critiqueParams, response: { 200: critiqueDiffSchema } } },
    (request) => reviews.diff(currentUser(request).id, request.params.id, request.params.critiqueId),
  );

  app.get(
    '/api/applications/:id/reviews/response',
    {
      config: { auth: true, rateLimit: USER_LIMITS.reviews },
      schema: { params: appParams, response: { 200: responseSectionSchema } },
    },
    (request) => reviews.response(currentUser(request).id, request.params.id),
  );

  // The editor asks after each saved version (not on every keystroke), so it takes the plain GET's
  // limits like the plan itself.
  app.get(
    '/api/applications/:id/reviews/findings',
    { ...auth, schema: { params: appParams, response: { 200: resubmissionFindingsSchema } } },
    (request) => reviews.findings(currentUser(request).id, request.params.id),
  );

  // The response section as a Word file, for the applicant to paste into the funder's form.
  app.get(
    '/api/applications/:id/reviews/response.docx',
    { config: { auth: true, rateLimit: USER_LIMITS.reviews }, schema: { params: appParams } },
    async (request, reply) => {
      const data = await reviews.responseDocx(currentUser(request).id, request.params.id);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')
        .header('Content-Disposition', 'attachment; filename="response-to-reviews.docx"')
        .header('X-Content-Type-Options', 'nosniff')
        .send(data);
    },
  );
};
