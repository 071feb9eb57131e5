import {
  adminCreditRequestListSchema,
  CREDIT_REQUEST_STATUSES,
  creditRequestDecisionSchema,
  creditRequestInputSchema,
  creditRequestListSchema,
  creditRequestSchema,
} from '@grantleaf/shared/payments.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { CreditRequestsService } from './credit-requests.service.ts';

const idParams = z.object({ id: z.string().max(100) });

/** Issue 28 §2: asking for credits (or an invoice) where card payments are off, and deciding. */
export const creditRequestsRoutes: FastifyPluginAsyncZod<{ requests: CreditRequestsService }> = async (
  app,
  { requests },
) => {
  app.post(
    '/api/credit-requests',
    {
      // The free credit comes with verification (ADR 150): an unverified address verifies first.
      config: { auth: true, verified: true, rateLimit: USER_LIMITS.creditRequest },
      schema: { body: creditRequestInputSchema, response: { 201: creditRequestSchema } },
    },
    async (request, reply) => reply.code(201).send(await requests.create(currentUser(request), request.body)),
  );

  app.get(
    '/api/credit-requests',
    { config: { auth: true }, schema: { response: { 200: creditRequestListSchema } } },
    async (request) => ({ requests: await requests.listOwn(currentUser(request)) }),
  );

  app.get(
    '/api/admin/credit-requests',
    {
      config: { admin: true },
      schema: {
        querystring: z.object({ status: z.enum([...CREDIT_REQUEST_STATUSES, 'all']).default('pending') }),
        response: { 200: adminCreditRequestListSchema },
      },
    },
    async (request) => ({ requests: await requests.list(request.query.status) }),
  );

  app.post(
    '/api/admin/credit-requests/:id/decision',
    {
      config: { admin: true },
      schema: { params: idParams, body: creditRequestDecisionSchema, response: { 200: creditRequestSchema } },
    },
    (request) => requests.decide(currentUser(request), request.params.id, request.body, request.id),
  );
};
