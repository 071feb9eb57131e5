import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { bearerToken } from './http/auth-guard.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { createMailer, type Mailer } from './modules/mail/mail.service.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a signed-in user (Authorization: Bearer). */
    auth?: boolean;
    /** The route needs an admin; implies auth. */
    admin?: boolean;
  }
}

export interface AppDeps {
  env: Env;
  database: Database;
  mailer?: Mailer;
  logger?: boolean | object;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { env, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? {
      level: env.LOG_LEVEL,
      redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'body.password', 'body.code'], remove: true },
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = deps.mailer ?? createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, log: app.log });
  const auth = createAuthService({ db: database.db, mailer, env });

  app.decorate('services', { auth, mailer });

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!config.auth && !config.admin) return;
    const token = bearerToken(request);
    const user = token ? await auth.authenticate(token) : undefined;
    if (!user) throw unauthorized();
    request.user = user;
    request.sessionToken = token;
    if (config.admin && !user.isAdmin) throw forbidden();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const { retryAfterSeconds, ...extra } = error.extra;
      if (typeof retryAfterSeconds === 'number') reply.header('Retry-After', String(retryAfterSeconds));
      return reply.code(error.statusCode).send({ ...extra, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Invalid value',
      }));
      return reply.code(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    return reply.code(status).send({ message: status === 413 ? 'Payload too large' : error.message });
  });

  registerSecurityHeaders(app);
  await app.register(healthRoutes, { database });
  await app.register(authRoutes, { auth });

  const indexHtml = path.join(env.webDist, 'index.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, { root: env.webDist, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.toLowerCase();
    if (url.startsWith('/api/') || url === '/api' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!fs.existsSync(indexHtml)) {
      return reply.code(503).type('text/plain').send('The web app is not built. Run `npm start`.');
    }
    // Unknown paths get the SPA, which shows the 404 card itself.
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').sendFile('index.html');
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: { auth: ReturnType<typeof createAuthService>; mailer: Mailer };
  }
}
