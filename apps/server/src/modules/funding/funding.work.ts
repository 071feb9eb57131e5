/** Funding searches on the paid-work kernel (modules/paid-work, ADR 0050): what a search runs. */
import type { FundingResults } from '@grantleaf/shared/funding.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { AiProvider } from '../../ai/provider.ts';
import type { Db } from '../../db/client.ts';
import type { JobDeps } from '../../jobs/job.ts';
import { findUserContact } from '../auth/index.ts';
import { definePaidWork } from '../paid-work/index.ts';
import { findCuratedCandidates, findOpenPrograms } from '../programs/index.ts';
import { AI_CANDIDATES, rerankWithAi } from './funding-ai.ts';
import {
  candidateKeywords,
  matchPrograms,
  PROGRAMS_SHOWN,
  toFundingResults,
  type RankableProgram,
} from '../../ai/funding/index.ts';
import * as repo from './funding.repository.ts';
import type { FundingRequestRow } from './funding.schema.ts';

// Imported catalogues can be large: the ranking reads the curated programs plus this many
// full-text candidates from the rest.
const IMPORTED_CANDIDATES = 200;
// What a search uses of the ranking: the results list the first PROGRAMS_SHOWN, a model reorders
// the first AI_CANDIDATES; the rest of a large catalogue is scored but not sorted (ADR 1075).
const RANKED_KEPT = Math.max(AI_CANDIDATES, PROGRAMS_SHOWN);

export interface FundingJobDeps {
  db: Db;
  log: FastifyBaseLogger;
  provider: AiProvider | null;
  today?: Date;
}

/** The job's work: rank the open catalogue for the request (the kernel stores the results once). */
export async function rankFundingRequest(
  deps: FundingJobDeps,
  row: FundingRequestRow,
): Promise<FundingResults> {
  const requestId = row.id;
  const query = {
    researchTopic: row.researchTopic,
    researchDetails: row.researchDetails,
    teamProfile: row.teamProfile,
    // A request stored before issue 15 may hold a data: URL: its base64 is no text to match.
    fileText: row.fileContent && !row.fileContent.startsWith('data:') ? row.fileContent : '',
    accountEmail: (await findUserContact(deps.db, row.userId))?.email ?? null,
    profileFacts: row.applicant ?? null,
  };
  const keywords = candidateKeywords(query);
  const [curated, imported] = await Promise.all([
    findCuratedCandidates(deps.db),
    keywords.length
      ? findOpenPrograms(deps.db, {
          source: 'grants.gov',
          textQuery: keywords.join(' | '),
          limit: IMPORTED_CANDIDATES,
        })
      : Promise.resolve([]),
  ]);
  // Closed rows carry closed: true, so the rules list them under "Not open now", never ranked.
  const candidates: RankableProgram[] = [...curated.open, ...curated.notOpen, ...imported];
  // Rules first: the model below only reorders what the rules kept (issue 14).
  const { eligible, ineligible, notOpen, applicant, countryFromAccount } = matchPrograms(
    query,
    candidates,
    deps.today,
    { top: RANKED_KEPT },
  );
  let ranked = eligible;
  if (deps.provider && ranked.length > 0) {
    try {
      ranked = await rerankWithAi(deps.provider, query, ranked);
    } catch (err) {
      // The built-in ranking is a complete answer on its own.
      deps.log.warn({ err, requestId }, 'AI re-ranking failed; keeping the built-in ranking');
    }
  }
  const setAside = ineligible.filter((i) => i.program.eligibilityRules);
  return toFundingResults(ranked, {
    ineligible: setAside,
    notOpen,
    applicant,
    facts: query.profileFacts,
    countryFromAccount,
  });
}

export const FUNDING_FAILURE_MESSAGE =
  'The funding search could not be completed. Your credit has been refunded.';

/** Funding searches on the paid-work kernel (modules/paid-work). */
export const fundingWork = definePaidWork({
  kind: 'funding',
  name: 'funding-finder',
  idField: 'requestId',
  retryLimit: 2,
  retryDelaySeconds: 5,
  genericFailure: FUNDING_FAILURE_MESSAGE,
  find: repo.findRequest,
  run: (deps, row: FundingRequestRow) =>
    rankFundingRequest({ db: deps.database.db, log: deps.log, provider: deps.provider }, row),
  complete: repo.completeRequest,
  fail: repo.failRequest,
  // No e-mail for a finished search: the dashboard shows it.
  notify: async () => {},
});

/** After the last retry: mark the request failed and refund its credit, exactly once. */
export async function failFundingSearch(db: Db, requestId: string, error: string): Promise<void> {
  await fundingWork.fail({ database: { db } as JobDeps['database'] }, requestId, error);
}
