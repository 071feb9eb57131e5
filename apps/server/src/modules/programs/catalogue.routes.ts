import {
  adminProgramListSchema,
  adminProgramQuerySchema,
  adminProgramSchema,
  programEditSchema,
  programIdParamsSchema,
} from '@grantleaf/shared/catalogue.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CatalogueService } from './catalogue.service.ts';

/** Admin catalogue curation (issue 14 §2, ADR 135). Admins only; the only routes that show notes. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ catalogue: CatalogueService }> = async (
  app,
  { catalogue },
) => {
  const admin = { config: { admin: true } } as const;
  const actor = (request: { user?: { id: string }; id: string }) => ({
    userId: request.user!.id,
    requestId: request.id,
  });

  app.get(
    '/api/admin/programs',
    { ...admin, schema: { querystring: adminProgramQuerySchema, response: { 200: adminProgramListSchema } } },
    async (request, reply) => {
      const result = await catalogue.list(request.query);
      reply.header('x-total-count', String(result.total));
      return result;
    },
  );

  app.get(
    '/api/admin/programs/:id',
    { ...admin, schema: { params: programIdParamsSchema, response: { 200: adminProgramSchema } } },
    (request) => catalogue.get(request.params.id),
  );

  app.patch(
    '/api/admin/programs/:id',
    {
      ...admin,
      schema: {
        params: programIdParamsSchema,
        body: programEditSchema,
        response: { 200: adminProgramSchema },
      },
    },
    (request) => catalogue.edit(request.params.id, request.body, actor(request)),
  );

  for (const action of ['verify', 'retire', 'restore'] as const) {
    app.post(
      `/api/admin/programs/:id/${action}`,
      { ...admin, schema: { params: programIdParamsSchema, response: { 200: adminProgramSchema } } },
      (request) => catalogue[action](request.params.id, actor(request)),
    );
  }
};
