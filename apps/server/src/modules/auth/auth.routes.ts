import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  messageSchema,
  registerResponseSchema,
  registerSchema,
  resetPasswordSchema,
  sessionListSchema,
  signedOutSchema,
  userSchema,
  verificationResponseSchema,
  verifyCodeSchema,
  verifyTokenQuerySchema,
} from '@grantleaf/shared/auth.schema';
import { languageUpdateSchema } from '@grantleaf/shared/language.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import { toUser, type AuthService } from './auth.service.ts';
import type { SessionClient } from './account-controls.ts';

const clientOf = (request: { ip: string; headers: { 'user-agent'?: string } }): SessionClient => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
});

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  // ADMIN_EMAILS may have changed since the last start: rights follow it before the first request.
  await auth.syncAdminRights();

  app.post('/api/auth/register', { schema: { body: registerSchema } }, async (request, reply) => {
    const result = await auth.register(request.body, clientOf(request));
    return reply.code(201).send(registerResponseSchema.parse(result));
  });

  app.post('/api/auth/login', { schema: { body: loginSchema } }, (request) =>
    auth.login(request.body, clientOf(request)),
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

  // Account controls (issue 15 §18): forgot / reset / change password and the session list.
  app.post(
    '/api/auth/forgot-password',
    { schema: { body: forgotPasswordSchema, response: { 200: messageSchema } } },
    (request) => auth.forgotPassword(request.body, request.ip),
  );
  app.post(
    '/api/auth/reset-password',
    { schema: { body: resetPasswordSchema, response: { 200: messageSchema } } },
    (request) => auth.resetPassword(request.body, request.ip),
  );
  app.post(
    '/api/account/password',
    { ...me, schema: { body: changePasswordSchema, response: { 200: signedOutSchema } } },
    (request) => auth.changePassword(currentUser(request), request.sessionToken!, request.body),
  );
  app.put(
    '/api/account/language',
    {
      config: { auth: true, rateLimit: USER_LIMITS.settings },
      schema: { body: languageUpdateSchema, response: { 200: userSchema } },
    },
    (request) => auth.setLanguage(currentUser(request), request.body.language),
  );
  app.get('/api/account/sessions', { ...me, schema: { response: { 200: sessionListSchema } } }, (request) =>
    auth.listSessions(currentUser(request), request.sessionToken!),
  );
  app.post(
    '/api/account/sessions/sign-out-others',
    { ...me, schema: { response: { 200: signedOutSchema } } },
    (request) => auth.endOtherSessions(currentUser(request), request.sessionToken!),
  );
  app.delete(
    '/api/account/sessions/:id',
    { ...me, schema: { params: z.object({ id: z.string().max(100) }), response: { 200: signedOutSchema } } },
    async (request) => {
      if (!z.uuid().safeParse(request.params.id).success) throw notFound();
      return auth.endSession(currentUser(request), request.params.id);
    },
  );
};
