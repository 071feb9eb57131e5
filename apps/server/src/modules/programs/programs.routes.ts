import { grantProgramListSchema, programQuerySchema } from '@grantleaf/shared/programs.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientAddressKey, type RateLimiter } from '../../http/rate-limit.ts';
import type { ProgramsService } from './programs.service.ts';
import { createSearchCache } from './search-cache.ts';

const SEARCH_LIMIT_MESSAGE = 'Too many searches. Please wait a minute and try again.';

export const programsRoutes: FastifyPluginAsyncZod<{
  programs: ProgramsService;
  limiter: RateLimiter;
  /** Searches per minute per client address; 0 turns the limit off. */
  perMinute: number;
}> = async (app, { programs, limiter, perMinute }) => {
  const cache = createSearchCache<Awaited<ReturnType<ProgramsService['listPrograms']>>>();
  const rule = { points: perMinute, windowSeconds: 60 };

  app.get(
    '/api/grant-programs',
    { schema: { querystring: programQuerySchema, response: { 200: grantProgramListSchema } } },
    async (request, reply) => {
      // Anyone may search, so the limit counts the client's address (IPv6 by /64), not a user.
      if (perMinute > 0)
        await limiter.enforce(`search:${clientAddressKey(request.ip)}`, rule, SEARCH_LIMIT_MESSAGE);
      // Text searches are the costly, repeated ones (the landing page's, a flood's); a lookup by
      // ids or a filter-only page is read fresh.
      const key = request.query.q && !request.query.ids ? JSON.stringify(request.query) : undefined;
      let result = key ? cache.get(key) : undefined;
      if (!result) {
        result = await programs.listPrograms(request.query);
        if (key) cache.set(key, result);
      }
      const { programs: list, total, capped, federalMatches } = result;
      // The results the query pages through; a broad text search stops at SEARCH_RESULT_CAP and says so.
      reply.header('x-total-count', String(total));
      if (capped) reply.header('x-total-capped', 'true');
      // A province's search: how many federal programs the same words match (issue 28 item 11).
      if (federalMatches !== undefined) reply.header('x-federal-matches', String(federalMatches));
      return list;
    },
  );
};
