import type { JobDefinition } from './job.ts';
import { closeProgramsJob } from '../modules/programs/close-programs.job.ts';
import { fundingFinderJob } from '../modules/funding/funding-finder.job.ts';
import { grantSubmissionJob } from '../modules/submissions/grant-submission.job.ts';
import { automationWebhookJob } from '../modules/webhooks/automation-webhook.job.ts';
import { deadlineRemindersJob } from '../modules/applications/deadline-reminders.job.ts';
import { ideaGenerationJob } from '../modules/ideas/idea-generation.job.ts';
import { retentionJob } from '../modules/retention/retention.job.ts';

/** Every job the app runs. A feature adds its job here; routes only enqueue. */
export const JOBS: readonly JobDefinition[] = [
  ideaGenerationJob,
  deadlineRemindersJob,
  closeProgramsJob,
  fundingFinderJob,
  grantSubmissionJob,
  automationWebhookJob,
  retentionJob,
];
