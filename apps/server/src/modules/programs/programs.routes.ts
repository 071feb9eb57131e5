import { grantProgramListSchema, programQuerySchema } from '@grantleaf/shared/programs.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProgramsService } from './programs.service.ts';

export const programsRoutes: FastifyPluginAsyncZod<{ programs: ProgramsService }> = async (
  app,
  { programs },
) => {
  app.get(
    '/api/grant-programs',
    { schema: { querystring: programQuerySchema, response: { 200: grantProgramListSchema } } },
    async (request, reply) => {
      const { programs: list, total, capped } = await programs.listPrograms(request.query);
      // The results the query pages through; a broad text search stops at SEARCH_RESULT_CAP and says so.
      reply.header('x-total-count', String(total));
      if (capped) reply.header('x-total-capped', 'true');
      return list;
    },
  );
};
