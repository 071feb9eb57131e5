/** A model's T661 narrative draft on the paid-work kernel (ADR 0050, 0710): the run. */
import { formatCredits } from '@grantleaf/shared/constants';
import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import type { AiProvider } from '../../ai/provider.ts';
import { definePaidWork, PaidWorkError } from '../paid-work/index.ts';
import { checkDraft, draftAnswerSchema, draftPrompt, DRAFT_SYSTEM } from './narrative-draft.ts';
import * as repo from './narrative-drafts.repository.ts';
import type { SredNarrativeDraftRow, StoredDraft } from './sred.schema.ts';

const PRICE = formatCredits(priceInCredits('sred_narrative'));
const FAILURE = `The AI model did not give a usable draft, so nothing was written. Your ${PRICE} credits were refunded.`;
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
