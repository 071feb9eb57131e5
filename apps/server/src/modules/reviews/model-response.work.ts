/** The response section written by a model, on the paid-work kernel (ADR 0050, 1035): the run. */
import { formatCredits } from '@grantleaf/shared/constants';
import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import type { AiProvider } from '../../ai/provider.ts';
import {
  checkModelResponse,
  InventedChange,
  MODEL_RESPONSE_SYSTEM,
  modelResponseAnswerSchema,
  modelResponsePrompt,
  type CheckedModelResponse,
} from '../../ai/reviews/response-model.ts';
import { definePaidWork, PaidWorkError } from '../paid-work/index.ts';
import * as repo from './model-responses.repository.ts';
import type { ReviewModelResponseRow } from './reviews.schema.ts';

const REFUNDED = `Your ${formatCredits(priceInCredits('review_response'))} credits were refunded.`;
const FAILURE = `The AI model did not give a usable response section, so nothing was written. ${REFUNDED}`;
const QUOTE_WORDS = 12;

async function runResponse(
  deps: { provider: AiProvider | null },
  row: ReviewModelResponseRow,
): Promise<CheckedModelResponse> {
  if (!deps.provider) throw new PaidWorkError(FAILURE);
  let answer;
  try {
    answer = await deps.provider.generateObject({
      schema: modelResponseAnswerSchema,
      system: MODEL_RESPONSE_SYSTEM,
      prompt: modelResponsePrompt(row.rows, row.target),
    });
  } catch {
    // The provider already retried what a retry can fix; another attempt would charge time, not help.
    throw new PaidWorkError(FAILURE);
  }
  try {
    const checked = checkModelResponse(answer, row.rows, row.target);
    // Nothing traceable kept: a failure to refund, not a result to pay for.
    if (checked.paragraphs.length === 0) throw new PaidWorkError(FAILURE);
    return checked;
  } catch (err) {
    if (!(err instanceof InventedChange)) throw err;
    const words = err.row.quote.split(/\s+/);
    const quote = words.length <= QUOTE_WORDS ? err.row.quote : `${words.slice(0, QUOTE_WORDS).join(' ')} …`;
    throw new PaidWorkError(
      `The AI model's text said a change was made for ${err.row.source}'s critique “${quote}”, which your plan and versions do not show, so none of its text was used. ${REFUNDED}`,
    );
  }
}

export const modelResponseWork = definePaidWork({
  kind: 'review_response',
  name: 'review-model-response',
  idField: 'responseId',
  retryLimit: 1,
  retryDelaySeconds: 5,
  genericFailure: FAILURE,
  find: repo.findResponse,
  run: runResponse,
  complete: repo.completeResponse,
  fail: repo.failResponse,
  // Shown on the reviews page, which polls; a section's text sends no mail.
  notify: async () => {},
});
