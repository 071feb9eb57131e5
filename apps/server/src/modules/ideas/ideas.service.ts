import { toApiStatus } from '@grantleaf/shared/paid-work-status';
import { priceTenths } from '@grantleaf/shared/paid-work-catalogue';
import type { IdeaRequestInput, IdeaRequestRecord } from '@grantleaf/shared/ideas.schema';
import type { Db } from '../../db/client.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { UserRow } from '../auth/index.ts';
import { expectedCompletion } from '../paid-work/index.ts';
import { ideaWork } from './idea.work.ts';
import * as repo from './ideas.repository.ts';
import type { IdeaRequestRow } from './ideas.schema.ts';

export function toIdeaRecord(row: IdeaRequestRow): IdeaRequestRecord {
  return {
    id: row.id,
    researchBackground: row.researchBackground,
    researchInterests: row.researchInterests,
    ideaResults: row.ideaResults,
    status: toApiStatus('idea', row.status),
    error: row.error,
    submissionTimestamp: row.createdAt.toISOString(),
    etaTimestamp: row.etaAt?.toISOString() ?? null,
  };
}

export type IdeasService = ReturnType<typeof createIdeasService>;

/** `etaLimitMs`: a run's time limit, the estimate until three requests completed (ADR 0291). */
export function createIdeasService(deps: { db: Db; queue: JobQueue; etaLimitMs: number }) {
  const { db } = deps;
  return {
    async createRequest(
      user: UserRow,
      input: IdeaRequestInput,
      idempotency?: IdempotencyClaim,
    ): Promise<IdeaRequestRecord> {
      // Measured from recent completed ideas, or the run's time limit until then (ADR 0291).
      const etaAt = await expectedCompletion(db, repo.timedIdeas, deps.etaLimitMs);
      return ideaWork.start(deps, {
        userId: user.id,
        cost: priceTenths('idea'),
        idempotency,
        payFrom: input.payFrom,
        insert: (tx) =>
          repo.insertIdeaRequest(tx, {
            userId: user.id,
            researchBackground: (input.researchBackground ?? '').trim(),
            researchInterests: (input.researchInterests ?? '').trim(),
            etaAt,
          }),
        present: toIdeaRecord,
      });
    },

    async listRequests(user: UserRow): Promise<IdeaRequestRecord[]> {
      return (await repo.listIdeaRequests(db, user.id)).map(toIdeaRecord);
    },

    async findRequest(user: UserRow, id: string): Promise<IdeaRequestRow | undefined> {
      return repo.findOwnIdeaRequest(db, user.id, id);
    },
  };
}
