import {
  blockInputSchema,
  blockSchema,
  blockSearchSchema,
  recordUseSchema,
  updateBlockSchema,
} from '@grantleaf/shared/content-library.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { ContentLibraryService } from './content-library.service.ts';

const idParams = z.object({ id: z.uuid() });

export const contentLibraryRoutes: FastifyPluginAsyncZod<{ library: ContentLibraryService }> = async (
  app,
  { library },
) => {
  const auth = { config: { auth: true } } as const;

  app.get(
    '/api/library/blocks',
    { ...auth, schema: { querystring: blockSearchSchema, response: { 200: z.array(blockSchema) } } },
    (request) => library.list(currentUser(request).id, request.query),
  );

  app.post(
    '/api/library/blocks',
    { ...auth, schema: { body: blockInputSchema, response: { 201: blockSchema } } },
    async (request, reply) =>
      reply.code(201).send(await library.create(currentUser(request).id, request.body)),
  );

  app.patch(
    '/api/library/blocks/:id',
    { ...auth, schema: { params: idParams, body: updateBlockSchema, response: { 200: blockSchema } } },
    (request) => library.update(currentUser(request).id, request.params.id, request.body),
  );

  app.delete('/api/library/blocks/:id', { ...auth, schema: { params: idParams } }, async (request, reply) => {
    await library.remove(currentUser(request).id, request.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/api/library/blocks/:id/uses',
    { ...auth, schema: { params: idParams, body: recordUseSchema, response: { 200: blockSchema } } },
    (request) => library.recordUse(currentUser(request).id, request.params.id, request.body),
  );
};
