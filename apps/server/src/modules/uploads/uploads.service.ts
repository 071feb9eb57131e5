import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { STAFF_READ } from '@grantleaf/shared/account.schema';
import { SUBMISSION_MESSAGES, uploadContentRefusal } from '@grantleaf/shared/submissions.schema';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import {
  DOCUMENT_TOO_HEAVY,
  ExtractionLimitError,
  ExtractionRefusedError,
  extractDocumentText,
} from '../../adapters/text-extraction/text-extraction.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound, unprocessable } from '../../errors.ts';
import type { UserRow } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { checkFileContent, cleanFileName, CONTENT_TYPES, extensionOf } from './file-kind.ts';
import { findUploadById, insertUpload, isLinkedToUsersSubmission } from './uploads.repository.ts';

// 507 Insufficient Storage: the server's disk, not the file, is the problem.
const NO_SPACE_MESSAGE = 'The server has no space left to store this file. Please try again later.';

export const fileUrlFor = (id: string) => `/api/files/${id}`;

export interface ServedFile {
  data: Buffer;
  contentType: string;
  fileName: string;
}

export function createUploadsService(deps: { db: Db; storage: FileStorage; log: FastifyBaseLogger }) {
  return {
    /** Verifies, extracts, encrypts and stores one upload; answers its URL. */
    async store(user: UserRow, file: { name: string; data: Buffer }) {
      const originalName = cleanFileName(file.name);
      const kind = extensionOf(originalName);
      if (!kind) throw badRequest(SUBMISSION_MESSAGES.fileType);
      const refusal = checkFileContent(kind, file.data);
      if (refusal) {
        deps.log.info({ kind, refusal }, 'upload refused');
        throw badRequest(uploadContentRefusal(kind));
      }
      let extracted: string | null = null;
      let extractionError: string | null = null;
      try {
        // One queue per user: another user's backlog never holds this upload back (ADR 238).
        extracted = (await extractDocumentText(kind, file.data, user.id)).text;
      } catch (err) {
        deps.log.info({ kind, err: (err as Error).message }, 'upload refused: text extraction failed');
        if (err instanceof ExtractionLimitError) throw unprocessable(DOCUMENT_TOO_HEAVY);
        // A file its own format's reader cannot open is not the document it claims to be.
        if (kind !== 'doc' || err instanceof ExtractionRefusedError)
          throw badRequest(uploadContentRefusal(kind));
        extractionError = (err as Error).message.slice(0, 500);
      }
      const id = randomUUID();
      try {
        await deps.storage.put(id, file.data);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        deps.log.error({ err }, 'upload refused: no space left for files');
        throw new AppError(507, NO_SPACE_MESSAGE);
      }
      try {
        await insertUpload(deps.db, {
          id,
          userId: user.id,
          storageKey: id,
          originalName,
          extension: kind,
          contentType: CONTENT_TYPES[kind],
          sizeBytes: file.data.length,
          sha256: createHash('sha256').update(file.data).digest('hex'),
          sealedWith: deps.storage.keyId,
          extractedText: extracted,
          extractionError,
        });
      } catch (err) {
        await deps.storage.delete(id).catch(() => {});
        throw err;
      }
      return { fileUrl: fileUrlFor(id) };
    },

    /**
     * The owner, the owner of a submission it is linked to, and admins may read a file; everyone
     * else gets 404. An admin read is written to the audit log in the same transaction.
     */
    async read(user: UserRow, id: string, requestId: string): Promise<ServedFile> {
      const row = await deps.db.transaction(async (tx) => {
        const upload = await findUploadById(tx, id);
        if (!upload) throw notFound();
        if (upload.userId === user.id || (await isLinkedToUsersSubmission(tx, user.id, fileUrlFor(id))))
          return upload;
        if (!user.isAdmin) throw notFound();
        await insertAuditEntry(tx, {
          actorId: user.id,
          subjectUserId: upload.userId,
          objectType: 'upload',
          objectId: upload.id,
          action: STAFF_READ.file,
          requestId,
        });
        return upload;
      });
      const data = await deps.storage.get(row.storageKey);
      if (!data) throw notFound();
      return { data, contentType: row.contentType, fileName: row.originalName };
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;

/** RFC 6266 attachment header with an ASCII fallback name. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
