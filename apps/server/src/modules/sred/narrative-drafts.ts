/**
 * Model-drafted T661 narratives (issue 30 §4, ADR 0710): paid work on the kernel (ADR 0050) whose
 * result is a draft shown beside the project's narrative, never a write to it. The user takes it
 * into the editor part by part and saves it there.
 */
import { formatCredits, priceInCredits, PRICES } from '@grantleaf/shared/constants';
import type { NarrativeDraft, NarrativeDraftList } from '@grantleaf/shared/sred/narrative-draft.schema';
import type { AiProvider } from '../../ai/provider.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError, notFound } from '../../errors.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { definePaidWork, paidWorkProvider, PaidWorkError } from '../paid-work/index.ts';
import { checkDraft, draftAnswerSchema, draftPrompt, draftSources, DRAFT_SYSTEM } from './narrative-draft.ts';
import * as repo from './narrative-drafts.repository.ts';
import * as claims from './sred.repository.ts';
import type { SredNarrativeDraftRow, StoredDraft } from './sred.schema.ts';

const PRICE = formatCredits(priceInCredits('sredNarrative'));
const FAILURE = `The AI model did not give a usable draft, so nothing was written. Your ${PRICE} credits were refunded.`;
export const DRAFT_MESSAGES = {
  noModel: 'Drafting a narrative needs a configured AI model; none is configured, so nothing was charged.',
  noEvidence:
    'The evidence log has no dated entry ("YYYY-MM-DD what was done"). A draft is written only from dated evidence and time records, so nothing was charged.',
  notReady: 'This draft is still being written.',
} as const;

async function runDraft(
  deps: { provider: AiProvider | null },
  row: SredNarrativeDraftRow,
): Promise<StoredDraft> {
  if (!deps.provider) throw new PaidWorkError(FAILURE);
  const taxYear = { start: row.taxYearStart, end: row.taxYearEnd };
  let answer;
  try {
    answer = await deps.provider.generateObject({
      schema: draftAnswerSchema,
      system: DRAFT_SYSTEM,
      prompt: draftPrompt(row.sources, taxYear),
    });
  } catch {
    // The provider already retried what a retry can fix; another attempt would charge time, not help.
    throw new PaidWorkError(FAILURE);
  }
  const draft = checkDraft(answer, row.sources, taxYear);
  // A draft with nothing traceable in it is a failure to refund, not a result to pay for.
  if (Object.values(draft.parts).every((p) => p.statements.length === 0)) throw new PaidWorkError(FAILURE);
  return draft;
}

export const narrativeDraftWork = definePaidWork({
  kind: 'sred_narrative',
  name: 'sred-narrative-draft',
  idField: 'draftId',
  retryLimit: 1,
  retryDelaySeconds: 5,
  genericFailure: FAILURE,
  find: repo.findDraft,
  run: runDraft,
  complete: repo.completeDraft,
  fail: repo.failDraft,
  // Shown on the claim's page, which polls; a draft sends no mail.
  notify: async () => {},
});

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
        cost: PRICES.sredNarrative,
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
