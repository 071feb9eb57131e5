import {
  createCompetitionSchema,
  competitionDetailSchema,
  competitionListSchema,
  entryInputSchema,
  scoreInputSchema,
  selectionInputSchema,
} from '@grantleaf/shared/competitions.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { CompetitionsService } from './competitions.service.ts';

// A malformed id is simply someone else's: zod's uuid check answers 400 before any query.
const idParams = z.object({ id: z.uuid() });
const competitionParams = idParams.extend({ competitionId: z.uuid() });
const entryParams = competitionParams.extend({ entryId: z.uuid() });

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The competitions' routes, registered by organisationsRoutes in the same place and order as
 * before (moved out unchanged, ADR 1180).
 */
export function competitionRoutes(app: ZodApp, competitions: CompetitionsService) {
  const auth = { config: { auth: true } } as const;

  // Limited-submission competitions (ADR 0650): members read and enter, owners and officers
  // announce, score and select; outsiders and removed members get 404 on every route.
  const base = '/api/organisations/:id/competitions';
  app.get(
    base,
    { ...auth, schema: { params: idParams, response: { 200: competitionListSchema } } },
    (request) => competitions.list(currentUser(request), request.params.id),
  );

  app.post(
    base,
    {
      config: { auth: true, idempotent: true, rateLimit: USER_LIMITS.competition },
      schema: { params: idParams, body: createCompetitionSchema, response: { 201: competitionDetailSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await competitions.create(currentUser(request), request.params.id, request.body, request.id)),
  );

  app.get(
    `${base}/:competitionId`,
    { ...auth, schema: { params: competitionParams, response: { 200: competitionDetailSchema } } },
    (request) => competitions.detail(currentUser(request), request.params.id, request.params.competitionId),
  );

  app.put(
    `${base}/:competitionId/entry`,
    {
      config: { auth: true, rateLimit: USER_LIMITS.competition },
      schema: {
        params: competitionParams,
        body: entryInputSchema,
        response: { 200: competitionDetailSchema },
      },
    },
    (request) =>
      competitions.submitEntry(
        currentUser(request),
        request.params.id,
        request.params.competitionId,
        request.body,
      ),
  );

  app.put(
    `${base}/:competitionId/entries/:entryId/score`,
    {
      config: { auth: true, rateLimit: USER_LIMITS.competition },
      schema: { params: entryParams, body: scoreInputSchema, response: { 200: competitionDetailSchema } },
    },
    (request) =>
      competitions.score(
        currentUser(request),
        request.params.id,
        request.params.competitionId,
        request.params.entryId,
        request.body,
      ),
  );

  app.post(
    `${base}/:competitionId/entries/:entryId/selection`,
    {
      config: { auth: true, idempotent: true, rateLimit: USER_LIMITS.competition },
      schema: { params: entryParams, body: selectionInputSchema, response: { 200: competitionDetailSchema } },
    },
    (request) =>
      competitions.select(
        currentUser(request),
        request.params.id,
        request.params.competitionId,
        request.params.entryId,
        request.body.selected,
        request.id,
      ),
  );
}
