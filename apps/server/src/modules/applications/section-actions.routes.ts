import { savedSchema } from '@grantleaf/shared/application-document.schema';
import {
  sectionActionRequestSchema,
  suggestionListSchema,
  suggestionSchema,
} from '@grantleaf/shared/section-actions.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { SectionActions } from './section-actions.ts';

const idParams = z.object({ id: z.string().uuid() });
const suggestionParams = idParams.extend({ suggestionId: z.string().uuid() });

/** AI actions on a section and their suggestions (issue 16 §5, ADR 0140). */
export const sectionActionsRoutes: FastifyPluginAsyncZod<{ actions: SectionActions }> = async (
  app,
  { actions },
) => {
  const auth = { config: { auth: true } } as const;

  app.post(
    '/api/applications/:id/sections/:sectionId/actions',
    {
      config: { auth: true, verified: true, idempotent: 'in-transaction', rateLimit: USER_LIMITS.paid },
      schema: {
        params: idParams.extend({ sectionId: z.string().min(1).max(80) }),
        body: sectionActionRequestSchema,
        response: { 201: suggestionSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await actions.start(
            currentUser(request),
            request.params.id,
            request.params.sectionId,
            request.body,
            request.idempotencyKey,
          ),
        ),
  );

  app.get(
    '/api/applications/:id/suggestions',
    { ...auth, schema: { params: idParams, response: { 200: suggestionListSchema } } },
    (request) => actions.list(currentUser(request), request.params.id),
  );

  app.post(
    '/api/applications/:id/suggestions/:suggestionId/accept',
    { ...auth, schema: { params: suggestionParams, response: { 200: savedSchema } } },
    (request) => actions.accept(currentUser(request), request.params.id, request.params.suggestionId),
  );

  app.post(
    '/api/applications/:id/suggestions/:suggestionId/dismiss',
    { ...auth, schema: { params: suggestionParams } },
    async (request, reply) => {
      await actions.dismiss(currentUser(request), request.params.id, request.params.suggestionId);
      return reply.code(204).send();
    },
  );
};
