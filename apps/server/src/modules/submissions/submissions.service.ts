import { paidWorkDisplay, toApiStatus } from '@grantleaf/shared/paid-work-status';
import { randomUUID } from 'node:crypto';
import { priceTenths } from '@grantleaf/shared/paid-work-catalogue';
import {
  fileIdFromUrl,
  type AdminSubmission,
  type AdminSubmissionListQuery,
  SUBMISSION_MESSAGES,
  type CreateSubmission,
  type Submission,
  type SubmissionListQuery,
} from '@grantleaf/shared/submissions.schema';
import { STAFF_READ } from '@grantleaf/shared/account.schema';
import { ADMIN_SUBMISSIONS_PAGE_SIZE } from '@grantleaf/shared/submissions.constants';
import type { Db } from '../../db/client.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { UserRow } from '../auth/index.ts';
import { insertAuditEntries, insertAuditEntry } from '../audit/index.ts';
import { fileUrlFor, findOwnUpload } from '../uploads/index.ts';
import { grantSubmissionWork } from './grant-submission.work.ts';
import { frenchDraftRefusal } from './draft-language.ts';
import { findProgramById } from '../programs/index.ts';
import type { SubmissionRow } from './submissions.schema.ts';
import {
  findOwnSubmission,
  findSubmission,
  insertSubmission,
  isFileLinkedElsewhere,
  listGenerationSubmissions,
  listSubmissionsForUser,
  setSubmissionFile,
  timedSubmissions,
} from './submissions.repository.ts';
import { expectedCompletion } from '../paid-work/index.ts';
import type { BudgetFacts } from '../../ai/read/form.ts';
import {
  exportEditedDraft,
  ownApplicationBudgetFacts,
  ownApplicationProgram,
} from '../applications/index.ts';
import { exportBlocks, renderDocx, renderPdf, safeBaseName } from './submission-export.ts';

const LINK_NOT_YOURS =
  'Failed to link file to submission: upload the PDF for this submission from the admin panel first';

export function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    type: row.type,
    programId: row.programId,
    status: toApiStatus('submission', row.status),
    results: row.results ?? null,
    contentJson: row.contentJson,
    fileUrl: row.fileUrl,
    error: row.error,
    submissionTimestamp: row.submissionTimestamp.toISOString(),
    etaTimestamp: row.etaTimestamp?.toISOString() ?? null,
    applicationId: row.applicationId,
  };
}

/** `etaLimitMs`: a run's time limit, the estimate until three of a type completed (ADR 0291). */
export function createSubmissionsService(deps: {
  db: Db;
  queue: Pick<JobQueue, 'send'>;
  etaLimitMs: number;
}) {
  return {
    /** Validated body → debit, row, job and Idempotency-Key in one transaction (modules/paid-work). */
    async create(user: UserRow, body: CreateSubmission, idempotency?: IdempotencyClaim): Promise<Submission> {
      const program = await findProgramById(deps.db, body.programId);
      if (!program) throw badRequest(SUBMISSION_MESSAGES.program);
      // Retired programs are hidden from every picker; a direct call must not start work for one.
      if (program.retiredAt) throw badRequest(SUBMISSION_MESSAGES.programRetired);
      // French for a program that does not take it is refused, with its reason, before anything
      // is charged (ADR 1088); one that takes French is written in French (ADR 1140).
      if (body.type === 'generation' && body.contentJson.language === 'fr') {
        const refusal = frenchDraftRefusal(body.programId);
        if (refusal) throw badRequest(refusal);
      }
      const contentJson = { ...body.contentJson, programId: body.programId };
      if (contentJson.fileUrl) {
        // Only a file this user uploaded here; the server never fetches a URL a client names.
        const upload = await findOwnUpload(deps.db, user.id, fileIdFromUrl(contentJson.fileUrl));
        if (!upload) throw badRequest(SUBMISSION_MESSAGES.fileUrl);
        contentJson.originalFileName = upload.originalName;
      }
      const applicationId = body.type === 'analysis' ? body.contentJson.applicationId : undefined;
      // A draft written for one of the user's applications states the request its saved budget
      // computes (ADR 0453); the budget's totals are set here, never taken from the client.
      if (body.type === 'generation' && body.contentJson.applicationId) {
        const target = await ownApplicationBudgetFacts(deps.db, user.id, body.contentJson.applicationId);
        if (target.programId && target.programId !== body.programId)
          throw badRequest(SUBMISSION_MESSAGES.applicationProgram(target.program));
        (contentJson as { budget?: BudgetFacts | null }).budget = target.budget;
      }
      // Before any charge: another user's (or a deleted) application is a 404 and costs nothing.
      if (applicationId) {
        const attached = await ownApplicationProgram(deps.db, user.id, applicationId);
        // A score against another program's criteria would sit in this application's Analyses
        // panel as if it were about it (issue 28 item 10).
        if (attached.programId && attached.programId !== body.programId)
          throw badRequest(SUBMISSION_MESSAGES.applicationProgram(attached.program));
      }
      const cost = priceTenths(body.type);
      // Measured from recent completed submissions of this type, or the run's time limit (ADR 0291).
      const etaTimestamp = await expectedCompletion(deps.db, timedSubmissions(body.type), deps.etaLimitMs);
      return grantSubmissionWork.start(deps, {
        userId: user.id,
        cost,
        idempotency,
        payFrom: body.payFrom,
        insert: (tx) =>
          insertSubmission(tx, {
            id: randomUUID(),
            userId: user.id,
            type: body.type,
            programId: body.programId,
            status: 'processing',
            contentJson,
            cost,
            etaTimestamp,
            applicationId: applicationId ?? null,
          }),
        present: toSubmission,
      });
    },

    async list(
      user: UserRow,
      query: SubmissionListQuery,
    ): Promise<{ submissions: Submission[]; total: number }> {
      const { rows, total } = await listSubmissionsForUser(deps.db, user.id, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      });
      return { submissions: rows.map(toSubmission), total };
    },

    async getOwn(user: UserRow, id: string): Promise<SubmissionRow> {
      const row = await findOwnSubmission(deps.db, user.id, id);
      if (!row) throw notFound();
      return row;
    },

    /**
     * The dashboard's DOCX/PDF (issue 28 §1): a generated draft edited in the editor exports its
     * latest version, through the applications module; `original` (or an unedited draft, or an
     * analysis) exports the result as generated, version 1.
     */
    async exportFile(user: UserRow, id: string, format: 'docx' | 'pdf', original: boolean) {
      const row = await findOwnSubmission(deps.db, user.id, id);
      if (!row) throw notFound();
      const edited =
        !original && row.type === 'generation' && row.status === 'complete'
          ? await exportEditedDraft(deps.db, user.id, row.id, format, user.language)
          : null;
      if (edited) return { data: edited.data, fileName: edited.fileName, shown: edited.version };
      const { blocks, baseName } = exportBlocks(row, user.language);
      const data = format === 'pdf' ? await renderPdf(blocks) : await renderDocx(blocks);
      return { data, fileName: `${safeBaseName(baseName)}.${format}`, shown: 1 };
    },

    /**
     * §6: an admin links a PDF (by its id, the last segment of its URL) to a generation. Only a PDF
     * this admin uploaded, and not one already given to another submission: an admin cannot hand
     * one user's upload to another (issue 15 §6). Audited with the submission's owner as subject.
     */
    async linkFile(admin: UserRow, id: string, filename: string, requestId: string): Promise<Submission> {
      return deps.db.transaction(async (tx) => {
        const submission = await findSubmission(tx, id);
        if (!submission) throw notFound();
        if (submission.type !== 'generation') throw badRequest('Only generation submissions take a PDF');
        const fileId = fileIdFromUrl(filename.trim());
        const upload = /^[0-9a-f-]{36}$/.test(fileId) ? await findOwnUpload(tx, admin.id, fileId) : undefined;
        if (!upload) throw badRequest(LINK_NOT_YOURS);
        if (upload.extension !== 'pdf') throw badRequest(SUBMISSION_MESSAGES.adminPdf);
        const fileUrl = fileUrlFor(upload.id);
        if (await isFileLinkedElsewhere(tx, fileUrl, id)) throw badRequest(LINK_NOT_YOURS);
        const updated = await setSubmissionFile(tx, id, fileUrl);
        await insertAuditEntry(tx, {
          actorId: admin.id,
          subjectUserId: submission.userId,
          objectType: 'submission',
          objectId: id,
          action: STAFF_READ.pdfLinked,
          requestId,
        });
        return toSubmission(updated!);
      });
    },

    /**
     * The admin PDF panel, one page at a time: each listed submission (its title is the user's
     * text) is audited, so only what a page shows leaves an audit row.
     */
    async listForAdmin(
      admin: UserRow,
      query: AdminSubmissionListQuery,
      requestId: string,
    ): Promise<AdminSubmission[]> {
      const rows = await deps.db.transaction(async (tx) => {
        const listed = await listGenerationSubmissions(tx, {
          limit: ADMIN_SUBMISSIONS_PAGE_SIZE,
          offset: (query.page - 1) * ADMIN_SUBMISSIONS_PAGE_SIZE,
        });
        await insertAuditEntries(
          tx,
          listed.map(({ submission: s }) => ({
            actorId: admin.id,
            subjectUserId: s.userId,
            objectType: 'submission',
            objectId: s.id,
            action: STAFF_READ.submissionListed,
            requestId,
          })),
        );
        return listed;
      });
      return rows.map(({ submission: s, userEmail, userName }) => ({
        id: s.id,
        programId: s.programId,
        projectTitle: String((s.contentJson as { projectTitle?: unknown }).projectTitle ?? ''),
        displayStatus: paidWorkDisplay(s),
        fileUrl: s.fileUrl,
        submissionTimestamp: s.submissionTimestamp.toISOString(),
        userEmail,
        userName,
      }));
    },
  };
}
export type SubmissionsService = ReturnType<typeof createSubmissionsService>;
