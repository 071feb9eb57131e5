import { randomUUID } from 'node:crypto';
import { PRICES } from '@grantleaf/shared/constants';
import {
  deriveDisplayStatus,
  fileIdFromUrl,
  type AdminSubmission,
  SUBMISSION_MESSAGES,
  type CreateSubmission,
  type Submission,
} from '@grantleaf/shared/submissions.schema';
import type { Db } from '../../db/client.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { UserRow } from '../auth/auth.schema.ts';
import { findOwnUpload, findUploadById } from '../uploads/uploads.repository.ts';
import { fileUrlFor } from '../uploads/uploads.service.ts';
import { grantSubmissionWork } from './grant-submission.job.ts';
import { findProgramById } from '../programs/index.ts';
import type { SubmissionRow } from './submissions.schema.ts';
import {
  findOwnSubmission,
  findSubmission,
  insertSubmission,
  listGenerationSubmissions,
  listSubmissionsForUser,
  setSubmissionFile,
} from './submissions.repository.ts';

/** What the user is told to expect; the offline engine is far quicker, a model may take minutes. */
const ETA_MINUTES = { generation: 10, analysis: 5 } as const;
const ADMIN_LIST_LIMIT = 500;

export function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    type: row.type,
    programId: row.programId,
    // The API keeps its word for a finished submission (spec §4 reads only 'processing').
    status: row.status === 'complete' ? 'completed' : row.status,
    results: row.results ?? null,
    contentJson: row.contentJson,
    fileUrl: row.fileUrl,
    error: row.error,
    submissionTimestamp: row.submissionTimestamp.toISOString(),
    etaTimestamp: row.etaTimestamp?.toISOString() ?? null,
  };
}

export function createSubmissionsService(deps: { db: Db; queue: Pick<JobQueue, 'send'> }) {
  return {
    /** Validated body → debit, row, job and Idempotency-Key in one transaction (modules/paid-work). */
    async create(user: UserRow, body: CreateSubmission, idempotency?: IdempotencyClaim): Promise<Submission> {
      const program = await findProgramById(deps.db, body.programId);
      if (!program) throw badRequest(SUBMISSION_MESSAGES.program);
      const contentJson = { ...body.contentJson, programId: body.programId };
      if (contentJson.fileUrl) {
        // Only a file this user uploaded here; the server never fetches a URL a client names.
        const upload = await findOwnUpload(deps.db, user.id, fileIdFromUrl(contentJson.fileUrl));
        if (!upload) throw badRequest(SUBMISSION_MESSAGES.fileUrl);
        contentJson.originalFileName = upload.originalName;
      }
      const cost = PRICES[body.type];
      return grantSubmissionWork.start(deps, {
        userId: user.id,
        cost,
        idempotency,
        insert: (tx) =>
          insertSubmission(tx, {
            id: randomUUID(),
            userId: user.id,
            type: body.type,
            programId: body.programId,
            status: 'processing',
            contentJson,
            cost,
            etaTimestamp: new Date(Date.now() + ETA_MINUTES[body.type] * 60_000),
          }),
        present: toSubmission,
      });
    },

    async list(user: UserRow): Promise<Submission[]> {
      return (await listSubmissionsForUser(deps.db, user.id)).map(toSubmission);
    },

    async getOwn(user: UserRow, id: string): Promise<SubmissionRow> {
      const row = await findOwnSubmission(deps.db, user.id, id);
      if (!row) throw notFound();
      return row;
    },

    /** §6: an admin links an uploaded PDF (by its id, the last segment of its URL) to a generation. */
    async linkFile(id: string, filename: string): Promise<Submission> {
      const submission = await findSubmission(deps.db, id);
      if (!submission) throw notFound();
      if (submission.type !== 'generation') throw badRequest('Only generation submissions take a PDF');
      const fileId = fileIdFromUrl(filename.trim());
      const upload = /^[0-9a-f-]{36}$/.test(fileId) ? await findUploadById(deps.db, fileId) : undefined;
      if (!upload) throw badRequest('Failed to link file to submission: file not found');
      if (upload.extension !== 'pdf') throw badRequest(SUBMISSION_MESSAGES.adminPdf);
      const updated = await setSubmissionFile(deps.db, id, fileUrlFor(upload.id));
      return toSubmission(updated!);
    },

    async listForAdmin(): Promise<AdminSubmission[]> {
      const rows = await listGenerationSubmissions(deps.db, ADMIN_LIST_LIMIT);
      return rows.map(({ submission: s, userEmail, userName }) => ({
        id: s.id,
        programId: s.programId,
        projectTitle: String((s.contentJson as { projectTitle?: unknown }).projectTitle ?? ''),
        displayStatus: deriveDisplayStatus(s),
        fileUrl: s.fileUrl,
        submissionTimestamp: s.submissionTimestamp.toISOString(),
        userEmail,
        userName,
      }));
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
