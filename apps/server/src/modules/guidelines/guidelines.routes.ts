import {
  checklistItemSchema,
  checklistSchema,
  createChecklistItemSchema,
  extractGuidelinesSchema,
  extractionResultSchema,
  updateChecklistItemSchema,
} from '@grantleaf/shared/guidelines.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { GuidelinesService } from './guidelines.service.ts';

const applicationParams = z.object({ id: z.uuid() });
const itemParams = z.object({ id: z.uuid(), itemId: z.uuid() });

export const guidelinesRoutes: FastifyPluginAsyncZod<{ guidelines: GuidelinesService }> = async (
  app,
  { guidelines },
) => {
  const auth = { config: { auth: true } } as const;

  app.get(
    '/api/applications/:id/checklist',
    { ...auth, schema: { params: applicationParams, response: { 200: checklistSchema } } },
    (request) => guidelines.get(currentUser(request).id, request.params.id),
  );

  app.post(
    '/api/applications/:id/checklist/extract',
    {
      ...auth,
      schema: {
        params: applicationParams,
        body: extractGuidelinesSchema,
        response: { 200: extractionResultSchema },
      },
    },
    (request) => guidelines.extract(currentUser(request), request.params.id, request.body.fileUrl),
  );

  app.post(
    '/api/applications/:id/checklist/items',
    {
      ...auth,
      schema: {
        params: applicationParams,
        body: createChecklistItemSchema,
        response: { 201: checklistItemSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await guidelines.add(currentUser(request).id, request.params.id, request.body)),
  );

  app.patch(
    '/api/applications/:id/checklist/items/:itemId',
    {
      ...auth,
      schema: { params: itemParams, body: updateChecklistItemSchema, response: { 200: checklistItemSchema } },
    },
    (request) =>
      guidelines.update(currentUser(request).id, request.params.id, request.params.itemId, request.body),
  );

  app.delete(
    '/api/applications/:id/checklist/items/:itemId',
    { ...auth, schema: { params: itemParams } },
    async (request, reply) => {
      await guidelines.remove(currentUser(request).id, request.params.id, request.params.itemId);
      return reply.code(204).send();
    },
  );
};
