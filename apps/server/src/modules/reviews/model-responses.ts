/**
 * The response section written as prose by a model (issue 27 §3, ADR 1035): paid work on the
 * kernel (ADR 0050) whose result is shown on the reviews page beside the offline text, never a
 * write to the application. The model reads the plan's weakness rows only; its text is checked
 * (ai/reviews/response-model.ts) before it is stored.
 */
import { priceTenths } from '@grantleaf/shared/paid-work-catalogue';
import {
  REVIEW_RESPONSE_MESSAGES,
  type ModelResponse,
  type ModelResponseList,
} from '@grantleaf/shared/review-response.schema';
import { answerable, modelRows } from '../../ai/reviews/response-model.ts';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import type { IdempotencyClaim } from '../../http/idempotency.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { paidWorkProvider } from '../paid-work/index.ts';
import { modelResponseWork } from './model-response.work.ts';
import * as repo from './model-responses.repository.ts';
import type { ReviewModelResponseRow } from './reviews.schema.ts';
import type { ReviewsService } from './reviews.service.ts';

function present(row: ReviewModelResponseRow): ModelResponse {
  const byRef = new Map(row.rows.map((r) => [r.ref, { id: r.id, source: r.source, quote: r.quote }]));
  const answered = (refs: string[]) => refs.flatMap((ref) => byRef.get(ref) ?? []);
  const result = row.status === 'complete' ? row.result : null;
  return {
    id: row.id,
    status: row.status,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    heading: row.target.heading,
    text: result?.text ?? null,
    words: result?.words ?? null,
    limit: row.target.limit ? { text: row.target.limit.text, words: row.target.limit.words } : null,
    overLimit: result?.overLimit ?? false,
    paragraphs: (result?.paragraphs ?? []).map((p) => ({ text: p.text, rows: answered(p.refs) })),
    removed: result?.removed ?? [],
    notAnswered: answered(result?.notAnswered ?? []),
  };
}

export type ModelResponses = ReturnType<typeof createModelResponses>;

export function createModelResponses(deps: { db: Db; queue: JobQueue; env: Env; reviews: ReviewsService }) {
  const { db, reviews } = deps;
  const available = () => paidWorkProvider(deps.env) !== null;

  return {
    async start(
      userId: string,
      applicationId: string,
      idempotency?: IdempotencyClaim,
    ): Promise<ModelResponse> {
      // The owner check first (the plan reads the owner's application): 404 whatever the configuration.
      const input = await reviews.responseInput(userId, applicationId);
      if (!available()) throw new AppError(409, REVIEW_RESPONSE_MESSAGES.noModel);
      const rows = modelRows(input.rows);
      if (!rows.some(answerable)) throw new AppError(409, REVIEW_RESPONSE_MESSAGES.nothingToAnswer);
      return modelResponseWork.start(deps, {
        userId,
        cost: priceTenths('review_response'),
        idempotency,
        insert: (tx) => repo.insertResponse(tx, { userId, applicationId, rows, target: input.target }),
        present,
      });
    },

    async list(userId: string, applicationId: string): Promise<ModelResponseList> {
      // The owner check: someone else's application is 404.
      await reviews.responseInput(userId, applicationId);
      const rows = await repo.listResponses(db, userId, applicationId);
      return { available: available(), data: rows.map(present) };
    },
  };
}
