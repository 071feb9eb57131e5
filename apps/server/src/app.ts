import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyContextConfig,
  type FastifyError,
  type FastifyInstance,
  type FastifyRequest,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Runtime } from './runtime.ts';
import { AppError, forbidden, unauthorized } from './errors.ts';
import { bearerToken } from './http/auth-guard.ts';
import { hookList } from './http/hooks.ts';
import { RequestLog } from './http/request-log.ts';
import { idempotency } from './http/idempotency.ts';
import { registerJsonParser } from './http/json-depth.ts';
import { createFreeSpaceCheck, isDiskFull, NO_SPACE_MESSAGE, registerDiskGuard } from './http/disk-guard.ts';
import { refusingControlChars } from './http/plain-text-validation.ts';
import { createRateLimiter, type UserLimit } from './http/rate-limit.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerCors } from './http/cors.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { EXPORT_SECTIONS, MODULES } from './modules/index.ts';
import { insertAuditEntry } from './modules/audit/index.ts';
import { STAFF_READ } from '@grantleaf/shared/account.schema';
import { EMAIL_UNVERIFIED_MESSAGE, EMAIL_UNVERIFIED_REASON } from '@grantleaf/shared/verification';
import { applyFriendlyMessages } from '@grantleaf/shared/zod-messages';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a signed-in user (Authorization: Bearer). */
    auth?: boolean;
    /** The route needs an admin; implies auth. */
    admin?: boolean;
    /** The route spends credits: it needs a user whose address is verified (ADR 0150); implies auth. */
    verified?: boolean;
    /** A per-user limit (USER_LIMITS), counted in the database so every process shares it. */
    rateLimit?: UserLimit;
  }
}

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(runtime: Runtime): Promise<FastifyInstance> {
  // A limit a schema states without a message of its own answers in words (issue 31 §1).
  applyFriendlyMessages();
  const { env, database, mailer } = runtime;
  const app = Fastify({
    loggerInstance: runtime.log as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((s) => s.trim()) : false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { ignoreTrailingSlash: true },
    logController: new RequestLog(),
  }).withTypeProvider<ZodTypeProvider>();
  // Control characters are refused in every body, query and parameter (issue 15 §10).
  app.setValidatorCompiler(refusingControlChars(validatorCompiler));
  app.setSerializerCompiler(serializerCompiler);
  registerJsonParser(app);

  const limiter = createRateLimiter(database.db);
  const auth = createAuthService({ db: database.db, mailer, env, limiter, log: runtime.log });

  app.decorate('runtime', runtime);

  // Per-route hooks, attached when a route is declared: a route that needs no user pays nothing.
  async function authenticate(request: FastifyRequest) {
    const config = request.routeOptions.config;
    const token = bearerToken(request);
    const user = token ? await auth.authenticate(token) : undefined;
    if (!user) throw unauthorized();
    request.user = user;
    request.sessionToken = token;
    if (config.admin && !user.isAdmin) throw forbidden();
    // Refused before the body is read, so nothing is charged and no Idempotency-Key is kept.
    if (config.verified && !user.emailVerified)
      throw new AppError(403, EMAIL_UNVERIFIED_MESSAGE, { reason: EMAIL_UNVERIFIED_REASON });
    // Every admin page shows other users' data: each opening is audited before it is answered, so
    // no staff read goes unlogged (issue 15 §6). Reads of one user's content add their own rows.
    if (config.admin && request.method === 'GET') {
      await insertAuditEntry(database.db, {
        actorId: user.id,
        subjectUserId: null,
        objectType: 'route',
        objectId: request.routeOptions.url ?? request.url,
        action: STAFF_READ.view,
        requestId: request.id,
      });
    }
    const limit = config.rateLimit;
    if (limit) await limiter.enforce(`${limit.name}:${user.id}`, limit, limit.message);
  }
  app.addHook('onRoute', (route) => {
    const config = route.config as FastifyContextConfig | undefined;
    if (config?.auth || config?.admin || config?.verified)
      route.onRequest = [authenticate, ...hookList(route.onRequest)];
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
    // A write that met a full volume anyway (PostgreSQL's own disk, a race past the guard).
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'request failed: no space left');
      return reply.code(507).send({ message: NO_SPACE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ message: 'Internal server error' });
    }
    return reply.code(status).send({ message: status === 413 ? 'Payload too large' : error.message });
  });

  if (env.MIN_FREE_MB > 0)
    registerDiskGuard(app, createFreeSpaceCheck([env.dataDir], env.MIN_FREE_MB * 1024 * 1024, app.log));
  registerSecurityHeaders(app);
  await registerCors(app, env.CORS_ORIGINS);
  // The OpenAPI document is generated from the same zod schemas the routes validate with.
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Grantleaf API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(idempotency, { db: database.db });
  // Every feature's routes, from the one module list (docs/decisions/0053-module-contract.md).
  const context = { runtime, auth, limiter, exportSections: EXPORT_SECTIONS };
  for (const module of MODULES) await module.routes?.(app, context);

  const indexHtml = path.join(env.webDist, 'index.html');
  // `/` as the build rendered it for a visitor without a session (apps/web/vite.config.ts).
  const landingHtml = path.join(env.webDist, 'landing.html');
  if (fs.existsSync(indexHtml)) {
    await app.register(fastifyStatic, {
      root: env.webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside every text file.
      preCompressed: true,
      setHeaders: (reply, file) => {
        // Hashed file names: a new build is a new URL.
        if (file.startsWith(path.join(env.webDist, 'assets') + path.sep)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.toLowerCase();
    if (
      url.startsWith('/api/') ||
      url === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send({ message: 'Not found' });
    }
    if (!fs.existsSync(indexHtml)) {
      return reply.code(503).type('text/plain').send('The web app is not built. Run `npm start`.');
    }
    // Unknown paths get the SPA, which shows the 404 card itself.
    const isLanding = (request.url === '/' || request.url.startsWith('/?')) && fs.existsSync(landingHtml);
    const file = isLanding ? 'landing.html' : 'index.html';
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').sendFile(file);
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    runtime: Runtime;
  }
}
