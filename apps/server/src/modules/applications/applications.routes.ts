import {
  applicationListSchema,
  applicationSchema,
  attachDocumentSchema,
  calendarTokenSchema,
  createApplicationSchema,
  updateApplicationSchema,
} from '@grantleaf/shared/applications.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import type { ApplicationsService } from './applications.service.ts';

const idParams = z.object({ id: z.string().uuid() });

export const applicationsRoutes: FastifyPluginAsyncZod<{ applications: ApplicationsService }> = async (
  app,
  { applications },
) => {
  const auth = { config: { auth: true } } as const;

  app.get(
    '/api/users/:id/applications',
    // A malformed id is simply someone else's: 404 like any foreign one.
    {
      ...auth,
      schema: { params: z.object({ id: z.string().max(100) }), response: { 200: applicationListSchema } },
    },
    async (request) => ({ data: await applications.listForUser(currentUser(request), request.params.id) }),
  );

  app.post(
    '/api/applications',
    { ...auth, schema: { body: createApplicationSchema, response: { 201: applicationSchema } } },
    async (request, reply) =>
      reply.code(201).send(await applications.create(currentUser(request), request.body)),
  );

  app.patch(
    '/api/applications/:id',
    {
      ...auth,
      schema: { params: idParams, body: updateApplicationSchema, response: { 200: applicationSchema } },
    },
    (request) => applications.update(currentUser(request), request.params.id, request.body),
  );

  app.delete('/api/applications/:id', { ...auth, schema: { params: idParams } }, async (request, reply) => {
    await applications.remove(currentUser(request), request.params.id);
    return reply.code(204).send();
  });

  app.post(
    '/api/applications/:id/documents',
    {
      ...auth,
      schema: { params: idParams, body: attachDocumentSchema, response: { 201: applicationSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await applications.attachDocument(currentUser(request), request.params.id, request.body)),
  );

  app.post(
    '/api/calendar-token',
    { ...auth, schema: { response: { 200: calendarTokenSchema } } },
    (request) => applications.rotateCalendarToken(currentUser(request)),
  );

  app.get(
    '/api/calendar.ics',
    { schema: { querystring: z.object({ token: z.string().min(1).max(200) }) } },
    async (request, reply) => {
      const body = await applications.calendarFor(request.query.token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .header('Content-Disposition', 'inline; filename="grantleaf-deadlines.ics"')
        .send(body);
    },
  );
};
