import { modelResponseListSchema, modelResponseSchema } from '@grantleaf/shared/review-response.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { ModelResponses } from './model-responses.ts';

const appParams = z.object({ id: z.uuid() });

/** The response section written by a model (issue 27 §3, ADR 1035). */
export const modelResponseRoutes: FastifyPluginAsyncZod<{ responses: ModelResponses }> = async (
  app,
  { responses },
) => {
  app.post(
    '/api/applications/:id/reviews/model-responses',
    {
      config: { auth: true, verified: true, idempotent: 'in-transaction', rateLimit: USER_LIMITS.paid },
      schema: { params: appParams, response: { 201: modelResponseSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await responses.start(currentUser(request).id, request.params.id, request.idempotencyKey)),
  );

  app.get(
    '/api/applications/:id/reviews/model-responses',
    { config: { auth: true }, schema: { params: appParams, response: { 200: modelResponseListSchema } } },
    (request) => responses.list(currentUser(request).id, request.params.id),
  );
};
