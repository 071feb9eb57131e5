import {
  ideaRequestListSchema,
  ideaRequestRecordSchema,
  ideaRequestSchema,
  ideaResultsSchema,
} from '@grantleaf/shared/ideas.schema';
import { tryParseModelJson } from '@grantleaf/shared/model-json';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { currentUser } from '../../http/auth-guard.ts';
import { ideaToMarkdown, ideaToPdf } from './idea-export.ts';
import type { IdeasService } from './ideas.service.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';

export const ideasRoutes: FastifyPluginAsyncZod<{ ideas: IdeasService }> = async (app, { ideas }) => {
  const auth = { config: { auth: true } } as const;

  app.post(
    '/api/idea-generator-requests',
    {
      config: { auth: true, verified: true, idempotent: 'in-transaction', rateLimit: USER_LIMITS.paid },
      schema: { body: ideaRequestSchema, response: { 201: ideaRequestRecordSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await ideas.createRequest(currentUser(request), request.body, request.idempotencyKey)),
  );

  app.get(
    '/api/idea-generator-requests',
    { ...auth, schema: { response: { 200: ideaRequestListSchema } } },
    (request) => ideas.listRequests(currentUser(request)),
  );

  app.get(
    '/api/idea-generator-requests/:id/download',
    {
      ...auth,
      schema: {
        params: z.object({ id: z.string().uuid() }),
        querystring: z.object({ format: z.enum(['pdf', 'md']).default('pdf') }),
      },
    },
    async (request, reply) => {
      const row = await ideas.findRequest(currentUser(request), request.params.id);
      const parsed = ideaResultsSchema.safeParse(
        row?.ideaResults ? tryParseModelJson(row.ideaResults) : undefined,
      );
      if (!row || !parsed.success) throw notFound('No content available');
      const slug =
        parsed.data.research_topic.name
          .replace(/[^A-Za-z0-9]+/g, '-')
          .replace(/^-|-$/g, '')
          .slice(0, 60) || 'idea';
      if (request.query.format === 'md') {
        return reply
          .type('text/markdown; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${slug}.md"`)
          .send(ideaToMarkdown(parsed.data, currentUser(request).language));
      }
      // The reader's account language (ADR 0915).
      const pdf = await ideaToPdf(parsed.data, currentUser(request).language);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${slug}.pdf"`)
        .send(pdf);
    },
  );
};
