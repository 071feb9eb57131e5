import { parseEnv } from '../../env.ts';
import { z } from 'zod';
import type { GenerationForm } from '../../ai/grant-input.ts';
import { AI_JOB_CONCURRENCY, defineJob, type JobDeps } from '../../jobs/job.ts';
import { deliverAutomationWebhook } from '../webhooks/automation-webhook.ts';
import { applyLedgerChange } from '../credits/credits.repository.ts';
import { findUserById } from './submission-owner.ts';
import { createGrantEngine } from './grant-engine.ts';
import { loadProgram } from './program-source.ts';
import { findUploadById } from '../uploads/uploads.repository.ts';
import { fileIdFromUrl } from '@grantleaf/shared/submissions.schema';
import { deriveDisplayStatus } from '@grantleaf/shared/submissions.schema';
import type { SubmissionRow } from './submissions.schema.ts';
import { findSubmission, markCompleted, markFailed, recordAttemptError } from './submissions.repository.ts';

/** A failure whose message is fit to show the user (stored as the submission's error). */
export class SubmissionJobError extends Error {}

export const REFUND_REASON = 'refund';
export const submissionReference = (id: string) => `submission:${id}`;

const GENERIC_FAILURE = 'The AI service could not complete this request. Your credits have been refunded; please try again later.';

export const grantSubmissionPayload = z.object({ submissionId: z.uuid() });

async function computeResults(deps: JobDeps, row: SubmissionRow): Promise<unknown> {
  const db = deps.database.db;
  const program = await loadProgram(db, row.programId);
  if (!program) throw new SubmissionJobError('The selected grant program no longer exists. Your credits have been refunded.');
  const engine = createGrantEngine(deps);
  if (row.type === 'generation') return engine.draft(program, row.contentJson as GenerationForm);
  const content = row.contentJson as { inputMethod?: string; content?: string; fileUrl?: string };
  let text = content.content ?? '';
  if (content.inputMethod === 'file' && content.fileUrl) {
    const upload = await findUploadById(db, fileIdFromUrl(content.fileUrl));
    if (!upload || upload.userId !== row.userId) throw new SubmissionJobError('The uploaded file is no longer available. Your credits have been refunded.');
    text = upload.extractedText ?? '';
    if (text.trim() === '')
      throw new SubmissionJobError('No text could be read from the uploaded file (is it a scanned image?). Your credits have been refunded.');
  }
  return engine.analyse(program, text);
}

/** Completion or failure e-mail and automation webhook; each keyed by the submission, so sent once. */
async function notifyOwner(deps: JobDeps, row: SubmissionRow): Promise<void> {
  const owner = await findUserById(deps.database.db, row.userId);
  if (!owner) return;
  const done = row.status === 'completed';
  const what = row.type === 'generation' ? 'grant application' : 'grant analysis';
  const dashboard = new URL('/dashboard', deps.env.APP_URL).toString();
  await deps.mailer.send({
    to: owner.email,
    dedupeKey: `submission-${done ? 'completed' : 'failed'}:${row.id}`,
    subject: done ? `Your ${what} is ready` : `Your ${what} could not be completed`,
    text: done
      ? `Hello ${owner.name},\n\nYour ${what} is complete. Open your dashboard to view it:\n${dashboard}\n\n— Grantleaf`
      : `Hello ${owner.name},\n\nYour ${what} could not be completed: ${row.error ?? GENERIC_FAILURE}\n\nYour dashboard: ${dashboard}\n\n— Grantleaf`,
  });
  await deliverAutomationWebhook(deps, {
    eventId: `submission.${done ? 'completed' : 'failed'}:${row.id}`,
    event: done ? 'submission.completed' : 'submission.failed',
    chatInput: `${row.type === 'generation' ? 'Grant generation' : 'Grant analysis'} for program ${row.programId} ${done ? 'completed' : `failed: ${row.error ?? ''}`}`,
    data: {
      submissionId: row.id,
      userId: row.userId,
      type: row.type,
      programId: row.programId,
      status: deriveDisplayStatus(row),
      submissionTimestamp: row.submissionTimestamp.toISOString(),
      dashboardUrl: dashboard,
    },
  });
}

/**
 * Drafts or analyses one submission. Runs at least once: the results write is conditional on
 * 'processing', the refund is keyed by the submission in the ledger, and the e-mail and webhook
 * by their dedupe keys, so a retried or duplicated run changes nothing twice.
 */
export function createGrantSubmissionJob(opts: { expireInSeconds: number }) {
  return defineJob({
    concurrency: AI_JOB_CONCURRENCY,
    name: 'grant-submission',
    payload: grantSubmissionPayload,
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: opts.expireInSeconds,
    async handle(deps, { submissionId }) {
      const db = deps.database.db;
      let row = await findSubmission(db, submissionId);
      if (!row) return;
      if (row.status === 'processing') {
        let results: unknown;
        try {
          results = await computeResults(deps, row);
        } catch (err) {
          const readable = err instanceof SubmissionJobError ? err.message : GENERIC_FAILURE;
          await recordAttemptError(db, submissionId, readable);
          if (err instanceof SubmissionJobError) {
            // Retrying cannot fix it: fail now rather than after every backoff.
            row = (await failAndRefund(deps, submissionId, readable)) ?? row;
            await notifyOwner(deps, (await findSubmission(db, submissionId)) ?? row);
            return;
          }
          throw err;
        }
        row = (await db.transaction((tx) => markCompleted(tx, submissionId, results))) ?? (await findSubmission(db, submissionId));
        if (!row) return;
      }
      await notifyOwner(deps, row);
    },
    async onFinalFailure(deps, { submissionId }) {
      const db = deps.database.db;
      const before = await findSubmission(db, submissionId);
      if (!before) return;
      if (before.status === 'processing') await failAndRefund(deps, submissionId, before.lastAttemptError ?? GENERIC_FAILURE);
      const after = await findSubmission(db, submissionId);
      if (after) await notifyOwner(deps, after);
    },
  });
}

async function failAndRefund(deps: JobDeps, submissionId: string, reason: string): Promise<SubmissionRow | undefined> {
  return deps.database.db.transaction(async (tx) => {
    const failed = await markFailed(tx, submissionId, reason);
    if (failed) {
      await applyLedgerChange(tx, {
        userId: failed.userId,
        amount: failed.cost,
        reason: REFUND_REASON,
        reference: submissionReference(failed.id),
      });
    }
    return failed;
  });
}

// Expiry is configuration (JOB_EXPIRE_SECONDS): the kill test shortens it so a killed worker's
// jobs come back within a minute; production keeps it above the slowest AI call.
export const grantSubmissionJob = createGrantSubmissionJob({ expireInSeconds: parseEnv().JOB_EXPIRE_SECONDS });
