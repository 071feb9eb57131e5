import { sql } from 'drizzle-orm';
import type { AppModule } from '../contract.ts';
import { applicationsRoutes } from './applications.routes.ts';
import { applicationReviewRoutes } from './application-review.routes.ts';
import { createApplicationReview } from './application-review.service.ts';
import { applicationSharingRoutes } from './application-sharing.routes.ts';
import { createApplicationSharing } from './application-sharing.service.ts';
import { createApplicationComments } from './application-comments.service.ts';
import { createApplicationDocuments } from './application-document.service.ts';
import { createApplicationsService } from './applications.service.ts';
import { budgetRoutes } from './budget.routes.ts';
import { createBudgetService } from './budget.service.ts';
import { deadlineRemindersJob } from './deadline-reminders.job.ts';
import { reviewReturnedMailJob } from './review-returned.job.ts';
import { sectionActionWork } from './section-action.work.ts';
import { createSectionActions } from './section-actions.ts';
import { sectionActionsRoutes } from './section-actions.routes.ts';

const ownApplications = (id: string) =>
  sql`application_id in (select id from applications where user_id = ${id} and deleted_at is null)`;

export const applicationsModule: AppModule = {
  name: 'applications',
  routes: async (app, { runtime: { database, env, queue, mailer } }) => {
    const applications = createApplicationsService({ db: database.db, env });
    const review = createApplicationReview({ db: database.db, env, mailer });
    const documents = createApplicationDocuments({
      db: database.db,
      present: applications.present,
      storageBytes: env.EDITOR_STORAGE_MB * 1024 * 1024,
      queueReturned: (tx, returned) => queue.send(tx, reviewReturnedMailJob, returned),
    });
    const actions = createSectionActions({ db: database.db, queue, env, documents });
    await app.register(applicationsRoutes, { applications, documents });
    await app.register(sectionActionsRoutes, { actions });
    await app.register(applicationSharingRoutes, {
      sharing: createApplicationSharing({ db: database.db, env, mailer }),
      comments: createApplicationComments({ db: database.db, env, mailer }),
    });
    await app.register(applicationReviewRoutes, { review });
    await app.register(budgetRoutes, { budget: createBudgetService({ db: database.db }) });
  },
  jobs: [deadlineRemindersJob, sectionActionWork.job, reviewReturnedMailJob],
  // 13:00 UTC is morning across Canada.
  schedules: [{ job: deadlineRemindersJob, cron: '0 13 * * *' }],
  exportSections: [
    {
      file: 'applications.json',
      table: 'applications',
      where: (id) => sql`user_id = ${id} and deleted_at is null`,
    },
    {
      file: 'application-status-history.json',
      table: 'application_status_history',
      where: (id) => sql`${ownApplications(id)} order by id`,
    },
    { file: 'application-documents.json', table: 'application_documents', where: ownApplications },
    {
      file: 'application-versions.json',
      table: 'application_versions',
      where: (id) => sql`${ownApplications(id)} order by application_id, version`,
    },
    {
      file: 'section-suggestions.json',
      table: 'section_suggestions',
      where: (id) => sql`user_id = ${id} order by created_at`,
    },
    // Who the user shared their applications with (issue 32 §2, ADR 0372).
    { file: 'application-shares.json', table: 'application_shares', where: ownApplications },
    { file: 'application-organisation-shares.json', table: 'application_org_shares', where: ownApplications },
    // The user's own comments, wherever they wrote them (ADR 0372).
    {
      file: 'application-comments.json',
      table: 'application_comments',
      where: (id) => sql`author_id = ${id} order by created_at`,
    },
    // The review steps the user took, with their messages (ADR 0440).
    {
      file: 'application-review-events.json',
      table: 'application_review_events',
      where: (id) => sql`actor_id = ${id} order by created_at`,
    },
    { file: 'application-budgets.json', table: 'application_budgets', where: ownApplications },
    { file: 'calendar-feed.json', table: 'calendar_tokens', where: (id) => sql`user_id = ${id}` },
  ],
};
