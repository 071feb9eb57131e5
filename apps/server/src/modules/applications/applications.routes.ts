import {
  applicationListSchema,
  applicationSchema,
  attachDocumentSchema,
  calendarTokenSchema,
  createApplicationSchema,
  updateApplicationSchema,
} from '@grantleaf/shared/applications.schema';
import {
  applicationDetailSchema,
  checkRequestSchema,
  checkResultSchema,
  restoreVersionSchema,
  savedSchema,
  saveSectionsSchema,
  versionDetailSchema,
  versionListSchema,
} from '@grantleaf/shared/application-document.schema';
import { applicationAnalysesSchema } from '@grantleaf/shared/submissions.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import type { ApplicationDocuments } from './application-document.service.ts';
import type { ApplicationsService } from './applications.service.ts';

const idParams = z.object({ id: z.string().uuid() });
const versionParams = idParams.extend({ version: z.coerce.number().int().min(1).max(1_000_000) });
const EXPORT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
} as const;

export const applicationsRoutes: FastifyPluginAsyncZod<{
  applications: ApplicationsService;
  documents: ApplicationDocuments;
}> = async (app, { applications, documents }) => {
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

  // --- the application as a document (issue 16) ---

  app.get(
    '/api/applications/:id',
    { ...auth, schema: { params: idParams, response: { 200: applicationDetailSchema } } },
    (request) => documents.detail(currentUser(request), request.params.id),
  );

  app.put(
    '/api/applications/:id/sections',
    {
      config: { auth: true, rateLimit: USER_LIMITS.editorSave },
      schema: { params: idParams, body: saveSectionsSchema, response: { 200: savedSchema } },
    },
    (request) => documents.saveSections(currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/applications/:id/analyses',
    { ...auth, schema: { params: idParams, response: { 200: applicationAnalysesSchema } } },
    async (request) => ({ analyses: await applications.analyses(currentUser(request), request.params.id) }),
  );

  app.get(
    '/api/applications/:id/versions',
    { ...auth, schema: { params: idParams, response: { 200: versionListSchema } } },
    async (request) => ({ data: await documents.listVersions(currentUser(request), request.params.id) }),
  );

  app.get(
    '/api/applications/:id/versions/:version',
    { ...auth, schema: { params: versionParams, response: { 200: versionDetailSchema } } },
    (request) => documents.version(currentUser(request), request.params.id, request.params.version),
  );

  app.post(
    '/api/applications/:id/versions/:version/restore',
    {
      ...auth,
      schema: { params: versionParams, body: restoreVersionSchema, response: { 200: savedSchema } },
    },
    (request) =>
      documents.restore(
        currentUser(request),
        request.params.id,
        request.params.version,
        request.body.baseVersion,
      ),
  );

  app.post(
    '/api/applications/:id/check',
    { ...auth, schema: { params: idParams, body: checkRequestSchema, response: { 200: checkResultSchema } } },
    (request) => documents.check(currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/api/applications/:id/export',
    {
      ...auth,
      schema: {
        params: idParams,
        // part=budget: the saved budget alone in the funder's shape (ADR 0741); CSV is always the budget.
        querystring: z.object({
          format: z.enum(['docx', 'pdf', 'txt', 'csv']),
          part: z.enum(['all', 'budget']).default('all'),
        }),
      },
    },
    async (request, reply) => {
      const { format, part } = request.query;
      const { data, fileName } = await documents.exportFile(
        currentUser(request),
        request.params.id,
        format,
        part,
      );
      return reply
        .header('Content-Type', EXPORT_TYPES[format])
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('X-Content-Type-Options', 'nosniff')
        .send(data);
    },
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
