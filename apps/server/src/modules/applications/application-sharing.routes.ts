import {
  commentInputSchema,
  commentListSchema,
  organisationShareInputSchema,
  resolveCommentSchema,
  sharedApplicationListSchema,
  shareInputSchema,
  sharesSchema,
} from '@grantleaf/shared/sharing.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { ApplicationComments } from './application-comments.service.ts';
import type { ApplicationSharing } from './application-sharing.service.ts';

const idParams = z.object({ id: z.uuid() });

export const applicationSharingRoutes: FastifyPluginAsyncZod<{
  sharing: ApplicationSharing;
  comments: ApplicationComments;
}> = async (app, { sharing, comments }) => {
  const auth = { config: { auth: true } } as const;

  app.get(
    '/api/shared-applications',
    { ...auth, schema: { response: { 200: sharedApplicationListSchema } } },
    async (request) => ({
      data: await sharing.sharedWithMe(currentUser(request)),
    }),
  );

  app.get(
    '/api/applications/:id/shares',
    { ...auth, schema: { params: idParams, response: { 200: sharesSchema } } },
    (request) => sharing.list(currentUser(request), request.params.id),
  );

  app.post(
    '/api/applications/:id/shares',
    {
      config: { auth: true, idempotent: true, rateLimit: USER_LIMITS.invitation },
      schema: { params: idParams, body: shareInputSchema, response: { 200: sharesSchema } },
    },
    (request) => sharing.share(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/applications/:id/shares/:shareId',
    { ...auth, schema: { params: idParams.extend({ shareId: z.uuid() }) } },
    async (request, reply) => {
      await sharing.unshare(currentUser(request), request.params.id, request.params.shareId);
      return reply.code(204).send();
    },
  );

  app.put(
    '/api/applications/:id/organisation-share',
    {
      ...auth,
      schema: { params: idParams, body: organisationShareInputSchema, response: { 200: sharesSchema } },
    },
    (request) =>
      sharing.shareWithOrganisation(currentUser(request), request.params.id, request.body.organisationId),
  );

  app.delete(
    '/api/applications/:id/organisation-share',
    { ...auth, schema: { params: idParams } },
    async (request, reply) => {
      await sharing.unshareOrganisation(currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  // Comments (issue 32 §2): readers read them, commenters and up write, reply and resolve.
  app.get(
    '/api/applications/:id/comments',
    { ...auth, schema: { params: idParams, response: { 200: commentListSchema } } },
    async (request) => ({ data: await comments.list(currentUser(request), request.params.id) }),
  );

  app.post(
    '/api/applications/:id/comments',
    {
      config: { auth: true, idempotent: true, rateLimit: USER_LIMITS.comment },
      schema: { params: idParams, body: commentInputSchema, response: { 201: commentListSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await comments.add(currentUser(request), request.params.id, request.body) }),
  );

  app.post(
    '/api/applications/:id/comments/:commentId/resolve',
    {
      ...auth,
      schema: {
        params: idParams.extend({ commentId: z.uuid() }),
        body: resolveCommentSchema,
        response: { 200: commentListSchema },
      },
    },
    async (request) => ({
      data: await comments.resolve(
        currentUser(request),
        request.params.id,
        request.params.commentId,
        request.body.resolved,
      ),
    }),
  );
};
