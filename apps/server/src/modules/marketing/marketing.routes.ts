import {
  adminMarketingRequestListSchema,
  marketingRequestRecordSchema,
  marketingRequestSchema,
} from '@grantleaf/shared/marketing.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { MarketingService } from './marketing.service.ts';

export const marketingRoutes: FastifyPluginAsyncZod<{ marketing: MarketingService }> = async (
  app,
  { marketing },
) => {
  app.post(
    '/api/marketing-requests',
    {
      config: { auth: true, rateLimit: USER_LIMITS.marketing },
      schema: { body: marketingRequestSchema, response: { 201: marketingRequestRecordSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await marketing.createRequest(currentUser(request), request.body, { ip: request.ip })),
  );

  app.get(
    '/api/admin/marketing-requests',
    { config: { admin: true }, schema: { response: { 200: adminMarketingRequestListSchema } } },
    async () => ({ requests: await marketing.listForAdmin() }),
  );
};
