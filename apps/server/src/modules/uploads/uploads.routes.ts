import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@grantleaf/shared/constants';
import { SUBMISSION_MESSAGES, uploadResponseSchema } from '@grantleaf/shared/submissions.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest, notFound, tooLarge } from '../../errors.ts';
import { currentUser } from '../../http/auth-guard.ts';
import { attachmentHeader, type UploadsService } from './uploads.service.ts';
import { USER_LIMITS } from '../../http/rate-limit.ts';

const MALFORMED_UPLOAD = 'The upload could not be read. Please choose the file again.';

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });

  app.post(
    '/api/upload',
    {
      config: { auth: true, rateLimit: USER_LIMITS.upload },
      schema: { response: { 200: uploadResponseSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw badRequest('Please select a file to upload');
      // Held in memory only, up to the limit: nothing touches the disk until every check passed.
      const chunks: Buffer[] = [];
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file();
        if (!part || part.fieldname !== 'file') throw badRequest('Please select a file to upload');
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
      } catch (err) {
        if (err instanceof AppError) throw err;
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw tooLarge(SUBMISSION_MESSAGES.fileSize);
        // busboy's parse errors (a body that breaks off, no boundary, parts without headers) are
        // the client's: 400, not the 500 of a server fault (issue 15 §16).
        throw badRequest(MALFORMED_UPLOAD);
      }
      if (part.file.truncated) throw tooLarge(SUBMISSION_MESSAGES.fileSize);
      return uploads.store(user, { name: part.filename, data: Buffer.concat(chunks) });
    },
  );

  app.get(
    '/api/files/:id',
    { config: { auth: true }, schema: { params: z.object({ id: z.string().max(100) }) } },
    async (request, reply) => {
      const { id } = request.params;
      if (!z.uuid().safeParse(id).success) throw notFound();
      const file = await uploads.read(currentUser(request), id, request.id);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', attachmentHeader(file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', "default-src 'none'; sandbox")
        .header('Cache-Control', 'private, no-store')
        .send(file.data);
    },
  );
};
