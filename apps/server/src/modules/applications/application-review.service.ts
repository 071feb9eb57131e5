import {
  REVIEW_MESSAGES,
  type OfficeReview,
  type ReviewAction,
} from '@grantleaf/shared/office-review.schema';
import { DEFAULT_LANGUAGE, isLanguage } from '@grantleaf/shared/language';
import { businessDaysBefore } from '@grantleaf/shared/organisations.schema';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { UserRow } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { reviewMail, type Mailer } from '../mail/index.ts';
import * as reviews from './application-review.repository.ts';
import type { ReturnedToReview } from './application-document.service.ts';
import * as repo from './applications.repository.ts';

/** Owners and research officers of the organisation review; a plain member does not (ADR 0371). */
const reviews_ = (role: string | null) => role === 'owner' || role === 'officer';

/**
 * Review and sign-off by the office (issue 32 §3, ADR 0440). The applicant (the application's
 * owner) submits it to the organisation it is shared with; the organisation's owners and research
 * officers request changes or approve. Every step is an event both sides read, and an audit row.
 * Access starts from findApplicationFor: whoever may not read the application gets its 404.
 */
export function createApplicationReview(deps: { db: Db; env: Env; mailer: Mailer }) {
  const { db } = deps;
  const link = (id: string) => `${deps.env.APP_URL.replace(/\/$/, '')}/applications/${id}`;

  async function get(user: UserRow, id: string): Promise<OfficeReview> {
    const found = await repo.findApplicationFor(db, user.id, id, 'viewer');
    if (!found) throw notFound('Application not found');
    const { row, access } = found;
    const context = await reviews.findReviewContext(db, id, user.id);
    if (!context)
      return {
        organisation: null,
        state: null,
        approvedVersion: null,
        internalDeadline: null,
        internalDeadlineDays: null,
        canSubmit: false,
        canDecide: false,
        events: [],
      };
    const [events, holidays] = await Promise.all([
      reviews.listReviewEvents(db, id, context.organisationId),
      reviews.holidaysOf(db, context.organisationId),
    ]);
    const state = context.state;
    return {
      organisation: { id: context.organisationId, name: context.name },
      state,
      approvedVersion: state === 'approved' ? context.version : null,
      internalDeadline: row.deadline
        ? businessDaysBefore(row.deadline, Number(context.days), holidays)
        : null,
      internalDeadlineDays: Number(context.days),
      canSubmit: access === 'owner' && (state === null || state === 'changes_requested'),
      canDecide:
        reviews_(context.role) && row.userId !== user.id && (state === 'submitted' || state === 'approved'),
      events: events.map(({ event: e, actor }) => ({
        id: e.id,
        action: e.action,
        actor,
        message: e.message,
        sections: e.sections ?? [],
        version: e.version,
        at: e.createdAt.toISOString(),
      })),
    };
  }

  /** One step of the review, in one transaction with its event and audit row; then the mail. */
  async function step(
    user: UserRow,
    id: string,
    action: Exclude<ReviewAction, 'returned'>,
    message: string | null,
    requestId: string | null,
  ) {
    const done = await db.transaction(async (tx) => {
      const found = await repo.findApplicationFor(
        tx,
        user.id,
        id,
        action === 'submitted' ? 'owner' : 'commenter',
        true,
      );
      if (!found) throw notFound('Application not found');
      const { row } = found;
      const context = await reviews.findReviewContext(tx, id, user.id, true);
      if (action === 'submitted') {
        if (!context) throw conflict(REVIEW_MESSAGES.notShared);
        if (context.state === 'submitted') throw conflict(REVIEW_MESSAGES.alreadySubmitted);
        if (context.state === 'approved') throw conflict(REVIEW_MESSAGES.alreadyApproved);
      } else {
        // A named commenter is no officer: for them the route does not exist (404, ADR 0370).
        if (!context || !reviews_(context.role)) throw notFound('Application not found');
        if (row.userId === user.id) throw badRequest(REVIEW_MESSAGES.ownApplication);
        const allowed = action === 'approved' ? ['submitted'] : ['submitted', 'approved'];
        if (!allowed.includes(context.state ?? ''))
          throw conflict(
            context.state === 'approved' ? REVIEW_MESSAGES.alreadyApproved : REVIEW_MESSAGES.notSubmitted,
          );
      }
      await reviews.setReviewState(tx, id, action, row.version);
      await reviews.insertReviewEvent(tx, {
        applicationId: id,
        organisationId: context.organisationId,
        actorId: user.id,
        action,
        message,
        version: row.version,
      });
      await insertAuditEntry(tx, {
        actorId: user.id,
        subjectUserId: row.userId,
        objectType: 'application',
        objectId: id,
        action: `office_review.${action}`,
        requestId,
      });
      return { row, organisationId: context.organisationId, organisation: context.name };
    });

    // Submitting tells the office's reviewers; a decision tells the applicant. Each in their language.
    const recipients =
      action === 'submitted'
        ? (await reviews.officersOf(db, done.organisationId)).filter((o) => o.id !== user.id)
        : [await reviews.applicantAddress(db, done.row.userId)].filter((r) => r !== undefined);
    for (const { email: to, language } of recipients)
      await deps.mailer.send({
        to,
        dedupeKey: `office-review:${id}:${action}:${done.row.version}:${to}`,
        ...reviewMail(isLanguage(language) ? language : DEFAULT_LANGUAGE, {
          action,
          actor: user.name,
          title: done.row.title,
          organisation: done.organisation,
          message,
          link: link(id),
        }),
      });
    return get(user, id);
  }

  /**
   * A save after approval returned the application to review (ADR 0650): the organisation's owners
   * and research officers are told once, each in their language, with who changed which sections.
   * The state is `submitted` from then on, so later autosaves send nothing; the dedupe key holds
   * against a retried job. The one who changed it gets no mail about their own change.
   */
  async function notifyReturned(returned: ReturnedToReview): Promise<void> {
    const [context, officers] = await Promise.all([
      reviews.returnedMailContext(db, returned),
      reviews.officersOf(db, returned.organisationId),
    ]);
    if (!context) return;
    for (const { email: to, language } of officers.filter((o) => o.id !== returned.actorId))
      await deps.mailer.send({
        to,
        dedupeKey: `office-review:${returned.applicationId}:returned:${returned.version}:${to}`,
        ...reviewMail(isLanguage(language) ? language : DEFAULT_LANGUAGE, {
          action: 'returned',
          actor: context.actor ?? '',
          title: context.title,
          organisation: context.organisation,
          message: null,
          sections: returned.sections,
          link: link(returned.applicationId),
        }),
      });
  }

  return {
    get,
    notifyReturned,
    submit: (user: UserRow, id: string, message: string | undefined, requestId: string | null) =>
      step(user, id, 'submitted', message || null, requestId),
    requestChanges: (user: UserRow, id: string, message: string, requestId: string | null) =>
      step(user, id, 'changes_requested', message, requestId),
    approve: (user: UserRow, id: string, message: string | undefined, requestId: string | null) =>
      step(user, id, 'approved', message || null, requestId),
  };
}
export type ApplicationReview = ReturnType<typeof createApplicationReview>;
