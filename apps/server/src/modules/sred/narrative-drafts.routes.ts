import {
  narrativeDraftListSchema,
  narrativeDraftSchema,
} from '@grantleaf/shared/sred/narrative-draft.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { NarrativeDrafts } from './narrative-drafts.ts';

const claimParams = z.object({ id: z.uuid() });

/** Model drafts of a project's T661 narrative (issue 30 §4, ADR 0710). */
export const narrativeDraftRoutes: FastifyPluginAsyncZod<{ drafts: NarrativeDrafts }> = async (
  app,
  { drafts },
) => {
  app.post(
    '/api/sred/claims/:id/projects/:projectId/narrative-drafts',
    {
      config: { auth: true, verified: true, idempotent: 'in-transaction', rateLimit: USER_LIMITS.paid },
      schema: {
        params: claimParams.extend({ projectId: z.uuid() }),
        response: { 201: narrativeDraftSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await drafts.start(
            currentUser(request).id,
            request.params.id,
            request.params.projectId,
            request.idempotencyKey,
          ),
        ),
  );

  app.get(
    '/api/sred/claims/:id/narrative-drafts',
    { config: { auth: true }, schema: { params: claimParams, response: { 200: narrativeDraftListSchema } } },
    (request) => drafts.list(currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/sred/claims/:id/narrative-drafts/:draftId/dismiss',
    { config: { auth: true }, schema: { params: claimParams.extend({ draftId: z.uuid() }) } },
    async (request, reply) => {
      await drafts.dismiss(currentUser(request).id, request.params.id, request.params.draftId);
      return reply.code(204).send();
    },
  );
};
