/**
 * Model-drafted T661 narratives (issue 30 §4, ADR 0710): paid work on the kernel (ADR 0050) whose
 * result is a draft shown beside the project's narrative, never a write to it. The user takes it
 * into the editor part by part and saves it there.
 */
import { priceTenths } from '@grantleaf/shared/paid-work-catalogue';
import type { NarrativeDraft, NarrativeDraftList } from '@grantleaf/shared/sred/narrative-draft.schema';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError, notFound } from '../../errors.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { paidWorkProvider } from '../paid-work/index.ts';
import { draftSources } from './narrative-draft.ts';
import { narrativeDraftWork } from './narrative-draft.work.ts';
import * as repo from './narrative-drafts.repository.ts';
import * as claims from './sred.repository.ts';
import type { SredNarrativeDraftRow } from './sred.schema.ts';

export const DRAFT_MESSAGES = {
  noModel: 'Drafting a narrative needs a configured AI model; none is configured, so nothing was charged.',
  noEvidence:
    'The evidence log has no dated entry ("YYYY-MM-DD what was done"). A draft is written only from dated evidence and time records, so nothing was charged.',
  notReady: 'This draft is still being written.',
} as const;

function present(row: SredNarrativeDraftRow): NarrativeDraft {
  return {
    id: row.id,
    projectId: row.projectId,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sources: row.sources,
    parts: row.draft?.parts ?? null,
    checks: row.draft?.checks ?? [],
  };
}

export type NarrativeDrafts = ReturnType<typeof createNarrativeDrafts>;

export function createNarrativeDrafts(deps: { db: Db; queue: JobQueue; env: Env }) {
  const { db } = deps;
  const available = () => paidWorkProvider(deps.env) !== null;

  return {
    async start(
      userId: string,
      claimId: string,
      projectId: string,
      idempotency?: IdempotencyClaim,
    ): Promise<NarrativeDraft> {
      // The owner check first: someone else's claim or project is 404 whatever the configuration.
      const claim = await claims.findClaim(db, userId, claimId);
      const project = claim
        ? (await claims.listProjects(db, userId, claimId)).find((p) => p.id === projectId)
        : undefined;
      if (!claim || !project) throw notFound();
      if (!available()) throw new AppError(409, DRAFT_MESSAGES.noModel);
      const sources = draftSources(project.data, project.id, claim.timeEntries);
      if (!sources.some((s) => s.kind === 'evidence')) throw new AppError(409, DRAFT_MESSAGES.noEvidence);
      return narrativeDraftWork.start(deps, {
        userId,
        cost: priceTenths('sred_narrative'),
        idempotency,
        insert: (tx) =>
          repo.insertDraft(tx, {
            claimId,
            projectId,
            userId,
            sources,
            taxYearStart: claim.taxYearStart,
            taxYearEnd: claim.taxYearEnd,
          }),
        present,
      });
    },

    async list(userId: string, claimId: string): Promise<NarrativeDraftList> {
      if (!(await claims.findClaim(db, userId, claimId))) throw notFound();
      const rows = await repo.listOpenDrafts(db, userId, claimId);
      return { available: available(), data: rows.map(present) };
    },

    /** Used or rejected: either way no longer shown. */
    async dismiss(userId: string, claimId: string, id: string): Promise<void> {
      const row = await repo.findOwnDraft(db, userId, claimId, id);
      if (!row) throw notFound();
      if (row.status === 'processing') throw new AppError(409, DRAFT_MESSAGES.notReady);
      await repo.resolveDraft(db, row.id);
    },
  };
}
