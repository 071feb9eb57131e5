import {
  accountDeletionRequestSchema,
  accountDeletionSchema,
  auditLogPageSchema,
  auditLogQuerySchema,
} from '@grantleaf/shared/account.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { AccountService } from './account.service.ts';

export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account }) => {
  app.get('/api/account/export', { config: { auth: true } }, async (request, reply) => {
    const { stream, fileName } = await account.exportData(currentUser(request));
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(stream);
  });

  app.delete(
    '/api/account',
    {
      config: { auth: true, rateLimit: USER_LIMITS.accountDeletion },
      schema: { body: accountDeletionRequestSchema, response: { 200: accountDeletionSchema } },
    },
    (request) => account.deleteAccount(currentUser(request), request.body.password),
  );

  // Deleting one upload: the owner only; anyone else gets 404, like every foreign object.
  app.delete(
    '/api/files/:id',
    { config: { auth: true }, schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request) => {
      if (!z.uuid().safeParse(request.params.id).success) throw notFound();
      return account.deleteUpload(currentUser(request), request.params.id);
    },
  );

  app.get(
    '/api/admin/audit-log',
    {
      config: { admin: true },
      schema: { querystring: auditLogQuerySchema, response: { 200: auditLogPageSchema } },
    },
    (request) => account.listAuditLog(request.query),
  );
};
