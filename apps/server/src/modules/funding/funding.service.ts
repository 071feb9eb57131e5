import { PRICES } from '@grantleaf/shared/constants';
import {
  FUNDING_FILE_MAX_BYTES,
  fundingResultsSchema,
  type FundingFinderInput,
  type FundingRequest,
} from '@grantleaf/shared/funding.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AiProvider } from '../../ai/provider.ts';
import type { Db } from '../../db/client.ts';
import { notFound, tooLarge } from '../../errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { UserRow } from '../auth/auth.schema.ts';
import { applyLedgerChange } from '../credits/credits.repository.ts';
import { findOpenPrograms } from '../programs/programs.repository.ts';
import { readFileText } from './file-text.ts';
import { rerankWithAi } from './funding-ai.ts';
import { fundingFinderJob } from './funding-finder.job.ts';
import { candidateKeywords, rankPrograms, toFundingResults, type RankableProgram } from './funding-ranking.ts';
import { renderFundingReport } from './funding-report.ts';
import * as repo from './funding.repository.ts';
import type { FundingRequestRow } from './funding.schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Imported catalogues can be large: the ranking reads the curated programs plus this many
// full-text candidates from the rest.
const IMPORTED_CANDIDATES = 200;

// The list carries the start of each file, not up to 1 MB per row; a PDF or Word file sent as a
// data: URL is named by its type instead of its base64.
const FILE_PREVIEW_CHARS = 2000;
function filePreview(content: string | null): string | null {
  if (!content) return null;
  const dataUrl = /^data:([\w.+/-]+)[;,]/.exec(content.slice(0, 200));
  if (dataUrl) return `[${dataUrl[1]} file attached]`;
  return content.length > FILE_PREVIEW_CHARS ? `${content.slice(0, FILE_PREVIEW_CHARS)}…` : content;
}

export function toFundingRequest(row: FundingRequestRow): FundingRequest {
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
  };
}

export type FundingService = ReturnType<typeof createFundingService>;

export function createFundingService(deps: { db: Db; queue: JobQueue }) {
  const { db, queue } = deps;
  return {
    /** Debit, request row and job in one transaction: all three exist, or none. */
    async submit(user: UserRow, input: FundingFinderInput): Promise<FundingRequest> {
      const fileContent = input.fileContent ? input.fileContent : null;
      if (fileContent && Buffer.byteLength(fileContent, 'utf8') > FUNDING_FILE_MAX_BYTES) {
        throw tooLarge('File content must be 1 MB or less');
      }
      return db.transaction(async (tx) => {
        const row = await repo.insertRequest(tx, {
          userId: user.id,
          researchTopic: input.researchTopic,
          researchDetails: input.researchDetails,
          teamProfile: input.teamProfile,
          fileContent,
        });
        await applyLedgerChange(tx, { userId: user.id, amount: -PRICES.funding, reason: 'funding', reference: row.id });
        await queue.send(tx, fundingFinderJob, { requestId: row.id });
        return toFundingRequest(row);
      });
    },

    async list(userId: string): Promise<FundingRequest[]> {
      return (await repo.listRequests(db, userId)).map(toFundingRequest);
    },

    /** The owner's PDF report; someone else's request is simply not found. */
    async report(userId: string, id: string): Promise<{ pdf: Buffer; filename: string }> {
      if (!UUID.test(id)) throw notFound();
      const row = await repo.findOwnRequest(db, userId, id);
      if (!row) throw notFound();
      const request = toFundingRequest(row);
      const date = request.submissionTimestamp.slice(0, 10);
      return { pdf: await renderFundingReport(request), filename: `funding-report-${date}-${row.id.slice(0, 8)}.pdf` };
    },
  };
}

export interface FundingJobDeps {
  db: Db;
  log: FastifyBaseLogger;
  provider: AiProvider | null;
  today?: Date;
}

/** The job's work: rank the open catalogue for the request and store the results once. */
export async function runFundingSearch(deps: FundingJobDeps, requestId: string): Promise<void> {
  const row = await repo.findRequest(deps.db, requestId);
  if (!row || row.status !== 'processing') return;
  const query = {
    researchTopic: row.researchTopic,
    researchDetails: row.researchDetails,
    teamProfile: row.teamProfile,
    fileText: await readFileText(row.fileContent),
  };
  const keywords = candidateKeywords(query);
  const [curated, imported] = await Promise.all([
    findOpenPrograms(deps.db, { source: 'seed' }),
    keywords.length
      ? findOpenPrograms(deps.db, { source: 'grants.gov', textQuery: keywords.join(' | '), limit: IMPORTED_CANDIDATES })
      : Promise.resolve([]),
  ]);
  const candidates: RankableProgram[] = [...curated, ...imported];
  let ranked = rankPrograms(query, candidates, deps.today);
  if (deps.provider && ranked.length > 0) {
    try {
      ranked = await rerankWithAi(deps.provider, query, ranked);
    } catch (err) {
      // The built-in ranking is a complete answer on its own.
      deps.log.warn({ err, requestId }, 'AI re-ranking failed; keeping the built-in ranking');
    }
  }
  await repo.completeRequest(deps.db, requestId, toFundingResults(ranked));
}

/** After the last retry: mark the request failed and refund its credit, exactly once. */
export async function failFundingSearch(db: Db, requestId: string, error: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.failRequest(tx, requestId, error);
    const request = row ?? (await repo.findRequest(tx, requestId));
    if (!request || request.status === 'complete') return;
    // (reason, reference) is unique in the ledger: a second run adds nothing.
    await applyLedgerChange(tx, { userId: request.userId, amount: PRICES.funding, reason: 'refund', reference: requestId });
  });
}
