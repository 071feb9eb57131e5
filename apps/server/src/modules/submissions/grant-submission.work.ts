import { PAID_WORK_CATALOGUE } from '@grantleaf/shared/paid-work-catalogue';
import type { SubmissionResults } from '@grantleaf/shared/grant-results.schema';
import { paidWorkDisplay } from '@grantleaf/shared/paid-work-status';
import { fileIdFromUrl } from '@grantleaf/shared/submissions.schema';
import type { GenerationForm } from '../../ai/read/form.ts';
import type { AiProvider } from '../../ai/provider.ts';
import type { JobDeps } from '../../jobs/job.ts';
import { findUserContact } from '../auth/index.ts';
import { definePaidWork, PaidWorkError } from '../paid-work/index.ts';
import { findProgramById } from '../programs/index.ts';
import { findOwnUpload } from '../uploads/index.ts';
import { deliverAutomationWebhook } from '../webhooks/index.ts';
import { submissionMail } from '../mail/index.ts';
import { createGrantEngine } from './grant-engine.ts';
import type { SubmissionRow } from './submissions.schema.ts';
import { findSubmission, markCompleted, markFailed } from './submissions.repository.ts';

const GENERIC_FAILURE =
  'The AI service could not complete this request. Your credits have been refunded; please try again later.';

async function computeResults(
  deps: JobDeps & { provider: AiProvider | null },
  row: SubmissionRow,
): Promise<SubmissionResults> {
  const db = deps.database.db;
  const program = await findProgramById(db, row.programId);
  if (!program)
    throw new PaidWorkError('The selected grant program no longer exists. Your credits have been refunded.');
  const engine = createGrantEngine(deps.provider);
  if (row.type === 'generation') return engine.draft(program, row.contentJson as GenerationForm);
  const content = row.contentJson as { inputMethod?: string; content?: string; fileUrl?: string };
  let text = content.content ?? '';
  if (content.inputMethod === 'file' && content.fileUrl) {
    const upload = await findOwnUpload(db, row.userId, fileIdFromUrl(content.fileUrl));
    if (!upload)
      throw new PaidWorkError('The uploaded file is no longer available. Your credits have been refunded.');
    text = upload.extractedText ?? '';
    if (text.trim() === '')
      throw new PaidWorkError(
        'No text could be read from the uploaded file (is it a scanned image?). Your credits have been refunded.',
      );
  }
  return engine.analyse(program, text);
}

/** Completion or failure e-mail and automation webhook; each keyed by the submission, so sent once. */
async function notifyOwner(deps: JobDeps, row: SubmissionRow): Promise<void> {
  const owner = await findUserContact(deps.database.db, row.userId);
  if (!owner) return;
  const done = row.status === 'complete';
  const dashboard = new URL('/dashboard', deps.env.APP_URL).toString();
  await deps.mailer.send({
    to: owner.email,
    dedupeKey: `submission-${done ? 'completed' : 'failed'}:${row.id}`,
    ...submissionMail(owner.language, {
      name: owner.name,
      type: row.type === 'generation' ? 'generation' : 'analysis',
      done,
      reason: row.error ?? GENERIC_FAILURE,
      dashboard,
    }),
  });
  const event = PAID_WORK_CATALOGUE.submission.webhook[done ? 'completed' : 'failed'];
  await deliverAutomationWebhook(deps, {
    eventId: `${event}:${row.id}`,
    event,
    chatInput: `${row.type === 'generation' ? 'Grant generation' : 'Grant analysis'} for program ${row.programId} ${done ? 'completed' : `failed: ${row.error ?? ''}`}`,
    data: {
      submissionId: row.id,
      userId: row.userId,
      type: row.type,
      programId: row.programId,
      status: paidWorkDisplay(row),
      submissionTimestamp: row.submissionTimestamp.toISOString(),
      dashboardUrl: dashboard,
    },
  });
}

/**
 * Drafts or analyses one submission, on the paid-work kernel: runs at least once; the results
 * write, the refund and every message happen once (modules/paid-work).
 */
export const grantSubmissionWork = definePaidWork({
  kind: 'submission',
  name: 'grant-submission',
  idField: 'submissionId',
  retryLimit: 3,
  retryDelaySeconds: 10,
  genericFailure: GENERIC_FAILURE,
  find: findSubmission,
  run: computeResults,
  complete: markCompleted,
  fail: markFailed,
  notify: notifyOwner,
});
