import {
  claimGrantsSchema,
  claimSettingsSchema,
  claimSummarySchema,
  claimViewSchema,
  importPreviewResultSchema,
  importPreviewSchema,
  importRequestSchema,
  importResultSchema,
  overrideSchema,
  projectInputSchema,
  SRED_LIMITS,
  timeEntriesSchema,
  type ImportFile,
} from '@grantleaf/shared/sred/sred.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../http/auth-guard.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';
import { attachmentHeader } from '../uploads/index.ts';
import type { SredService } from './sred.service.ts';

const claimParams = z.object({ id: z.uuid() });
const projectParams = z.object({ id: z.uuid(), projectId: z.uuid() });
const lineParams = z.object({ id: z.uuid(), lineId: z.uuid() });
// The CSV travels as JSON text, an Excel file as base64 (ADR 0661); each is capped at
// SRED_LIMITS.csvBytes, and JSON quoting can double a CSV.
const IMPORT_BODY_LIMIT = SRED_LIMITS.csvBytes * 2 + 64 * 1024;

/** The one file a body carries (the schema refuses none or both). */
const fileOf = (body: { csv?: string; xlsx?: string }): ImportFile =>
  body.xlsx !== undefined ? { xlsx: body.xlsx } : { csv: body.csv! };

export const sredRoutes: FastifyPluginAsyncZod<{ sred: SredService }> = async (app, { sred }) => {
  const edit = { auth: true, rateLimit: USER_LIMITS.editorSave } as const;

  app.get(
    '/api/sred/claims',
    { config: { auth: true }, schema: { response: { 200: z.array(claimSummarySchema) } } },
    (request) => sred.list(currentUser(request).id),
  );

  app.post(
    '/api/sred/claims',
    {
      config: { ...edit, idempotent: true },
      schema: { body: claimSettingsSchema, response: { 201: claimViewSchema } },
    },
    async (request, reply) => reply.code(201).send(await sred.create(currentUser(request).id, request.body)),
  );

  app.get(
    '/api/sred/claims/:id',
    { config: { auth: true }, schema: { params: claimParams, response: { 200: claimViewSchema } } },
    (request) => sred.get(currentUser(request).id, request.params.id),
  );

  app.put(
    '/api/sred/claims/:id',
    {
      config: edit,
      schema: { params: claimParams, body: claimSettingsSchema, response: { 200: claimViewSchema } },
    },
    (request) => sred.updateSettings(currentUser(request).id, request.params.id, request.body),
  );

  app.delete(
    '/api/sred/claims/:id',
    { config: edit, schema: { params: claimParams } },
    async (request, reply) => {
      await sred.remove(currentUser(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/sred/claims/:id/projects',
    {
      config: { ...edit, idempotent: true },
      schema: { params: claimParams, body: projectInputSchema, response: { 201: claimViewSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await sred.addProject(currentUser(request).id, request.params.id, request.body)),
  );

  app.put(
    '/api/sred/claims/:id/projects/:projectId',
    {
      config: edit,
      schema: { params: projectParams, body: projectInputSchema, response: { 200: claimViewSchema } },
    },
    (request) =>
      sred.updateProject(currentUser(request).id, request.params.id, request.params.projectId, request.body),
  );

  app.put(
    '/api/sred/claims/:id/time',
    {
      config: edit,
      schema: { params: claimParams, body: timeEntriesSchema, response: { 200: claimViewSchema } },
    },
    (request) => sred.setTime(currentUser(request).id, request.params.id, request.body.entries),
  );

  // Grants from the tracker counted as government assistance (issue 30 §3, ADR 0660).
  app.put(
    '/api/sred/claims/:id/grants',
    {
      config: edit,
      schema: { params: claimParams, body: claimGrantsSchema, response: { 200: claimViewSchema } },
    },
    (request) => sred.setGrants(currentUser(request).id, request.params.id, request.body.grants),
  );

  app.post(
    '/api/sred/claims/:id/import-preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { auth: true, rateLimit: USER_LIMITS.upload },
      schema: {
        params: claimParams,
        body: importPreviewSchema,
        response: { 200: importPreviewResultSchema },
      },
    },
    (request) => sred.previewImport(currentUser(request).id, request.params.id, fileOf(request.body)),
  );

  app.post(
    '/api/sred/claims/:id/imports',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { auth: true, rateLimit: USER_LIMITS.upload, idempotent: true },
      schema: { params: claimParams, body: importRequestSchema, response: { 201: importResultSchema } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await sred.importRows(
            currentUser(request).id,
            request.params.id,
            request.body.source,
            fileOf(request.body),
            request.body.mapping,
          ),
        ),
  );

  // The audit-defence package (ADR 0470): a ZIP with the PDF, the CSVs and the evidence files,
  // streamed (ADR 0662).
  app.get(
    '/api/sred/claims/:id/audit-package',
    { config: { auth: true, rateLimit: USER_LIMITS.export }, schema: { params: claimParams } },
    async (request, reply) => {
      const { fileName, stream } = await sred.auditPackage(
        currentUser(request).id,
        request.params.id,
        // The reader's account language (ADR 0915).
        currentUser(request).language,
      );
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', attachmentHeader(fileName))
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.put(
    '/api/sred/claims/:id/lines/:lineId/category',
    {
      config: edit,
      schema: { params: lineParams, body: overrideSchema, response: { 200: claimViewSchema } },
    },
    (request) =>
      sred.override(
        currentUser(request).id,
        request.params.id,
        request.params.lineId,
        request.body.category,
        request.body.reason,
      ),
  );
};
