import {
  authResponseSchema,
  loginSchema,
  registerSchema,
  verificationResponseSchema,
  verifyCodeSchema,
  verifyTokenQuerySchema,
} from '@grantleaf/shared/auth.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../http/auth-guard.ts';
import { toUser, type AuthService } from './auth.service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  // ADMIN_EMAILS may have changed since the last start: rights follow it before the first request.
  await auth.syncAdminRights();

  app.post('/api/auth/register', { schema: { body: registerSchema } }, async (request, reply) => {
    const result = await auth.register(request.body, request.ip);
    return reply.code(201).send(authResponseSchema.parse(result));
  });

  app.post('/api/auth/login', { schema: { body: loginSchema } }, (request) =>
    auth.login(request.body, request.ip),
  );

  app.post('/api/auth/logout', { config: { auth: true } }, async (request) => {
    await auth.logout(request.sessionToken!);
    return { success: true };
  });

  const me = { config: { auth: true } } as const;
  app.get('/api/auth/user', me, async (request) => toUser(currentUser(request)));
  app.get('/api/me', me, async (request) => toUser(currentUser(request)));

  app.post('/api/auth/resend-verification', me, (request) => auth.resendVerification(currentUser(request)));

  app.post('/api/verify-email-code', { ...me, schema: { body: verifyCodeSchema } }, (request) =>
    auth.verifyCode(currentUser(request), request.body.code),
  );

  app.get('/api/verify-email', { schema: { querystring: verifyTokenQuerySchema } }, async (request) =>
    verificationResponseSchema.parse(await auth.verifyToken(request.query.token)),
  );
};
