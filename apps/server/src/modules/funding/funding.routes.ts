import {
  fundingFinderRequestSchema,
  fundingRequestListSchema,
  fundingRequestParamsSchema,
  fundingRequestSchema,
  FUNDING_FILE_MAX_BYTES,
} from '@grantleaf/shared/funding.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { FundingService } from './funding.service.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';

// Room for a 1 MB file plus the other fields, so a file just over 1 MB gets our 413 message.
const BODY_LIMIT_BYTES = FUNDING_FILE_MAX_BYTES * 2;

export const fundingRoutes: FastifyPluginAsyncZod<{ funding: FundingService }> = async (app, { funding }) => {
  app.post(
    '/api/funding-finder-requests',
    {
      bodyLimit: BODY_LIMIT_BYTES,
      config: { auth: true, verified: true, idempotent: 'in-transaction', rateLimit: USER_LIMITS.paid },
      schema: { body: fundingFinderRequestSchema, response: { 201: fundingRequestSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await funding.submit(currentUser(request), request.body, request.idempotencyKey)),
  );

  app.get(
    '/api/funding-finder-requests',
    { config: { auth: true }, schema: { response: { 200: fundingRequestListSchema } } },
    (request) => funding.list(currentUser(request).id),
  );

  app.get(
    '/api/funding-finder-requests/:id/report',
    { config: { auth: true }, schema: { params: fundingRequestParamsSchema } },
    async (request, reply) => {
      const { pdf, filename } = await funding.report(
        currentUser(request).id,
        request.params.id,
        // The reader's account language (ADR 0915).
        currentUser(request).language,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
