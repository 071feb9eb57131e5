import { z } from 'zod';
import { defineJob } from '../../jobs/job.ts';
import { createApplicationReview } from './application-review.service.ts';

/**
 * The back-in-review mail (ADR 0650) as a job: the save that returned an approved application to
 * review enqueues it in its own transaction (so it goes once the save commits, and never for a
 * save that rolled back), and answers without waiting for SMTP. The outbox dedupe key of
 * notifyReturned keeps a retried job from mailing twice.
 */
export const reviewReturnedMailJob = defineJob({
  name: 'office-review-returned-mail',
  payload: z.object({
    applicationId: z.uuid(),
    organisationId: z.uuid(),
    actorId: z.uuid(),
    version: z.number().int(),
    sections: z.array(z.string()),
  }),
  retryLimit: 5,
  retryDelaySeconds: 60,
  expireInSeconds: 5 * 60,
  async handle(deps, returned) {
    const review = createApplicationReview({ db: deps.database.db, env: deps.env, mailer: deps.mailer });
    await review.notifyReturned(returned);
  },
});
