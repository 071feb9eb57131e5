import { grantProgramListSchema, programQuerySchema } from '@grantleaf/shared/programs.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ProgramsService } from './programs.service.ts';

export const programsRoutes: FastifyPluginAsyncZod<{ programs: ProgramsService }> = async (app, { programs }) => {
  app.get(
    '/api/grant-programs',
    { schema: { querystring: programQuerySchema, response: { 200: grantProgramListSchema } } },
    async (request, reply) => {
      const { programs: list, total } = await programs.listPrograms(request.query);
      reply.header('x-total-count', String(total));
      return list;
    },
  );
};
