import {
  adminSubmissionListQuerySchema,
  adminSubmissionSchema,
  createSubmissionSchema,
  exportQuerySchema,
  linkSubmissionFileSchema,
  submissionListQuerySchema,
  submissionSchema,
} from '@grantleaf/shared/submissions.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { currentUser } from '../../http/auth-guard.ts';
import { toSubmission, type SubmissionsService } from './submissions.service.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';

const idParams = z.object({ id: z.string().max(100) });
const isUuid = (id: string) => z.uuid().safeParse(id).success;

const CONTENT_TYPES = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;

export const submissionsRoutes: FastifyPluginAsyncZod<{ submissions: SubmissionsService }> = async (
  app,
  { submissions },
) => {
  app.post(
    '/api/submissions',
    {
      config: { auth: true, verified: true, idempotent: 'in-transaction', rateLimit: USER_LIMITS.paid },
      schema: { body: createSubmissionSchema, response: { 201: submissionSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await submissions.create(currentUser(request), request.body, request.idempotencyKey)),
  );

  app.get(
    '/api/submissions',
    {
      config: { auth: true },
      schema: { querystring: submissionListQuerySchema, response: { 200: z.array(submissionSchema) } },
    },
    async (request, reply) => {
      const page = await submissions.list(currentUser(request), request.query);
      reply.header('x-total-count', String(page.total));
      return page.submissions;
    },
  );

  app.get(
    '/api/submissions/:id',
    { config: { auth: true }, schema: { params: idParams, response: { 200: submissionSchema } } },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound();
      return toSubmission(await submissions.getOwn(currentUser(request), request.params.id));
    },
  );

  app.patch(
    '/api/submissions/:id/file',
    {
      config: { admin: true },
      schema: { params: idParams, body: linkSubmissionFileSchema, response: { 200: submissionSchema } },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw notFound();
      return submissions.linkFile(currentUser(request), request.params.id, request.body.filename, request.id);
    },
  );

  app.get(
    '/api/submissions/:id/export',
    { config: { auth: true }, schema: { params: idParams, querystring: exportQuerySchema } },
    async (request, reply) => {
      if (!isUuid(request.params.id)) throw notFound();
      const { format, version } = request.query;
      const { data, fileName, shown } = await submissions.exportFile(
        currentUser(request),
        request.params.id,
        format,
        version === '1',
      );
      return (
        reply
          .header('Content-Type', CONTENT_TYPES[format])
          .header('Content-Disposition', `attachment; filename="${fileName}"`)
          // Which version the file holds, so a reader (and a test) can tell the draft from an edit.
          .header('X-Application-Version', String(shown))
          .header('X-Content-Type-Options', 'nosniff')
          .send(data)
      );
    },
  );

  app.get(
    '/api/admin/submissions',
    {
      config: { admin: true },
      schema: {
        querystring: adminSubmissionListQuerySchema,
        response: { 200: z.array(adminSubmissionSchema) },
      },
    },
    (request) => submissions.listForAdmin(currentUser(request), request.query, request.id),
  );
};
