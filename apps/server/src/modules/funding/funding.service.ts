import type { Language } from '@grantleaf/shared/language';
import { factsForSearch } from '@grantleaf/shared/applicant-profile.schema';
import { priceTenths } from '@grantleaf/shared/paid-work-catalogue';
import { fileIdFromUrl, SUBMISSION_MESSAGES } from '@grantleaf/shared/submissions.schema';
import {
  FUNDING_FILE_MAX_BYTES,
  fundingResultsSchema,
  type FundingFinderInput,
  type FundingRequest,
} from '@grantleaf/shared/funding.schema';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound, tooLarge } from '../../errors.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { UserRow } from '../auth/index.ts';
import { expectedDurationMs } from '../paid-work/index.ts';
import { findApplicantFacts } from '../applicant-profile/index.ts';
import { findOwnUpload } from '../uploads/index.ts';
import { renderFundingReport } from './funding-report.ts';
import { fundingWork } from './funding.work.ts';
import * as repo from './funding.repository.ts';
import type { FundingRequestRow } from './funding.schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// The list carries the start of each file's text, not up to 1 MB per row; a request stored before
// issue 15 may still hold a data: URL, named by its type instead of its base64.
const FILE_PREVIEW_CHARS = 2000;
function filePreview(content: string | null): string | null {
  if (!content) return null;
  const dataUrl = /^data:([\w.+/-]+)[;,]/.exec(content.slice(0, 200));
  if (dataUrl) return `[${dataUrl[1]} file attached]`;
  return content.length > FILE_PREVIEW_CHARS ? `${content.slice(0, FILE_PREVIEW_CHARS)}…` : content;
}

/** `typicalMs`: how long a search takes lately, or its time limit before that is measured (ADR 0291). */
export function toFundingRequest(row: FundingRequestRow, typicalMs: number | null = null): FundingRequest {
  const parsed = row.fundingResults ? fundingResultsSchema.safeParse(row.fundingResults) : undefined;
  return {
    id: row.id,
    researchTopic: row.researchTopic,
    researchDetails: row.researchDetails,
    teamProfile: row.teamProfile,
    fileContent: filePreview(row.fileContent),
    // Unparsable results are treated as empty (spec §8).
    fundingResults: parsed?.success ? parsed.data : null,
    status: row.status,
    error: row.error,
    submissionTimestamp: new Date(row.submissionTimestamp).toISOString(),
    etaTimestamp:
      row.status === 'processing' && typicalMs !== null
        ? new Date(new Date(row.submissionTimestamp).getTime() + typicalMs).toISOString()
        : null,
  };
}

export type FundingService = ReturnType<typeof createFundingService>;

/**
 * The request's file as text: the text extracted when the user's own upload was checked, or
 * plain text sent as fileContent. Nothing here parses a file (issue 15 §2).
 */
async function requestFileText(db: Db, user: UserRow, input: FundingFinderInput): Promise<string | null> {
  if (input.fileUrl) {
    const upload = await findOwnUpload(db, user.id, fileIdFromUrl(input.fileUrl));
    if (!upload) throw badRequest(SUBMISSION_MESSAGES.fileUrl);
    return upload.extractedText || null;
  }
  return input.fileContent || null;
}

/** `etaLimitMs`: a run's time limit, the estimate until three searches completed (ADR 0291). */
export function createFundingService(deps: { db: Db; queue: JobQueue; etaLimitMs: number }) {
  const { db } = deps;
  return {
    /** Debit, request row, job and Idempotency-Key in one transaction (modules/paid-work). */
    async submit(
      user: UserRow,
      input: FundingFinderInput,
      idempotency?: IdempotencyClaim,
    ): Promise<FundingRequest> {
      const fileContent = await requestFileText(db, user, input);
      if (fileContent && Buffer.byteLength(fileContent, 'utf8') > FUNDING_FILE_MAX_BYTES) {
        throw tooLarge('File content must be 1 MB or less');
      }
      const typical = await expectedDurationMs(db, repo.timedFunding, deps.etaLimitMs);
      // The profile as it is now, with this search's override: stored with the request, so the
      // job (and a retry) matches on what the applicant stated when asking.
      const applicant = factsForSearch(await findApplicantFacts(db, user.id), input.applicant);
      return fundingWork.start(deps, {
        userId: user.id,
        cost: priceTenths('funding'),
        idempotency,
        payFrom: input.payFrom,
        insert: (tx) =>
          repo.insertRequest(tx, {
            userId: user.id,
            researchTopic: input.researchTopic,
            researchDetails: input.researchDetails,
            teamProfile: input.teamProfile,
            fileContent,
            applicant,
          }),
        present: (row) => toFundingRequest(row, typical),
      });
    },

    async list(userId: string): Promise<FundingRequest[]> {
      const rows = await repo.listRequests(db, userId);
      // Measured only while something is running: a finished list needs no ETA.
      const typical = rows.some((r) => r.status === 'processing')
        ? await expectedDurationMs(db, repo.timedFunding, deps.etaLimitMs)
        : null;
      return rows.map((row) => toFundingRequest(row, typical));
    },

    /** The owner's PDF report; someone else's request is simply not found. */
    async report(
      userId: string,
      id: string,
      language: Language = 'en',
    ): Promise<{ pdf: Buffer; filename: string }> {
      if (!UUID.test(id)) throw notFound();
      const row = await repo.findOwnRequest(db, userId, id);
      if (!row) throw notFound();
      const request = toFundingRequest(row);
      const date = request.submissionTimestamp.slice(0, 10);
      return {
        pdf: await renderFundingReport(request, language),
        filename: `funding-report-${date}-${row.id.slice(0, 8)}.pdf`,
      };
    },
  };
}
