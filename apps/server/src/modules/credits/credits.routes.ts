import {
  adminCreditChangeResultSchema,
  adminCreditChangeSchema,
  adminUserListSchema,
  adminUsersQuerySchema,
  ledgerPageSchema,
  ledgerQuerySchema,
  userIdParamsSchema,
} from '@grantleaf/shared/credits.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { CreditsService } from './credits.service.ts';

export const creditsRoutes: FastifyPluginAsyncZod<{ credits: CreditsService }> = async (app, { credits }) => {
  app.get(
    '/api/credits/ledger',
    {
      config: { auth: true },
      schema: { querystring: ledgerQuerySchema, response: { 200: ledgerPageSchema } },
    },
    (request) => credits.listLedger(currentUser(request).id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/api/admin/users',
    {
      config: { admin: true },
      schema: { querystring: adminUsersQuerySchema, response: { 200: adminUserListSchema } },
    },
    async (request) => ({ users: await credits.findUsers(request.query.query) }),
  );

  app.post(
    '/api/admin/users/:id/credits',
    {
      config: { admin: true, idempotent: true },
      schema: {
        params: userIdParamsSchema,
        body: adminCreditChangeSchema,
        response: { 200: adminCreditChangeResultSchema },
      },
    },
    (request) => credits.changeCredits(currentUser(request), request.params.id, request.body),
  );
};
