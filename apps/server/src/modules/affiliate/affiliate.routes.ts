import {
  adminAffiliateListSchema,
  adminCommissionListSchema,
  affiliateRequestSchema,
  affiliateStatusSchema,
} from '@grantleaf/shared/affiliate.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { AffiliateService } from './affiliate.service.ts';

export const affiliateRoutes: FastifyPluginAsyncZod<{ affiliate: AffiliateService }> = async (
  app,
  { affiliate },
) => {
  const auth = { config: { auth: true } } as const;
  const admin = { config: { admin: true } } as const;

  app.post(
    '/api/affiliate-requests',
    { ...auth, schema: { body: affiliateRequestSchema, response: { 200: affiliateStatusSchema } } },
    (request) => affiliate.join(currentUser(request), request.body),
  );

  app.get('/api/affiliate', { ...auth, schema: { response: { 200: affiliateStatusSchema } } }, (request) =>
    affiliate.status(currentUser(request)),
  );

  app.get(
    '/api/admin/affiliates',
    { ...admin, schema: { response: { 200: adminAffiliateListSchema } } },
    async () => ({
      affiliates: await affiliate.listAffiliates(),
    }),
  );

  app.get(
    '/api/admin/commissions',
    { ...admin, schema: { response: { 200: adminCommissionListSchema } } },
    async () => ({
      commissions: await affiliate.listCommissions(),
    }),
  );
};
