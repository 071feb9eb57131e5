import { toApiStatus } from '@grantleaf/shared/paid-work-status';
import {
  type Application,
  type ApplicationStatus,
  type AttachDocumentInput,
  type CreateApplicationInput,
  type UpdateApplicationInput,
} from '@grantleaf/shared/applications.schema';
import { businessDaysBefore } from '@grantleaf/shared/organisations.schema';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { badRequest, notFound } from '../../errors.ts';
import { newSecretToken, sha256, type UserRow } from '../auth/index.ts';
import { applicationReminderMail, sredFilingReminderMail, type Mailer } from '../mail/index.ts';
import { adoptDrafts } from './application-drafts.ts';
import { emptySections, programTemplate } from './application-template.ts';
import * as versions from './application-versions.repository.ts';
import * as repo from './applications.repository.ts';
import type { ApplicationRow } from './applications.schema.ts';
import { officeDeadlinesOf } from './application-review.repository.ts';
import { exportLabels } from '../submissions/index.ts';
import { buildCalendar, type CalendarEvent } from './icalendar.ts';
import { findProgramById } from '../programs/index.ts';
import { listAnalysesOfApplication } from '../submissions/index.ts';
import type { ApplicationAnalysis } from '@grantleaf/shared/submissions.schema';
import { sredFilingDeadlines, sredFilingDeadlinesDue } from '../sred/index.ts';
import { calendarDaysBetween } from '@grantleaf/shared/days';

/** Reminder e-mails go out this many days before a deadline, largest first. */
export const REMINDER_DAYS = [14, 3] as const;

/**
 * An SR&ED claim's filing deadline is reminded earlier (ADR 0541): a claim takes weeks to put
 * together (narratives, evidence, the accountant) and CRA accepts nothing after the deadline.
 */
export const SRED_REMINDER_DAYS = [90, 30, 7] as const;

/**
 * The reminder due for a deadline `left` days away: the smallest of `days` (largest first) whose
 * window holds it, a window reaching down to the next smaller reminder, so a missed daily run
 * still sends it. Undefined when none is due.
 */
export function reminderDue(days: readonly number[], left: number): number | undefined {
  for (let i = days.length - 1; i >= 0; i--) {
    const lower = i + 1 < days.length ? days[i + 1]! + 1 : 0;
    if (left >= lower && left <= days[i]!) return days[i];
  }
  return undefined;
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;

export function createApplicationsService(deps: { db: Db; env: Env }) {
  const { db, env } = deps;

  async function withDetails(rows: ApplicationRow[]): Promise<Application[]> {
    const ids = rows.map((r) => r.id);
    const [history, documents] = await Promise.all([repo.listHistory(db, ids), repo.listDocuments(db, ids)]);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      program: row.program,
      amount: row.amount,
      status: row.status,
      deadline: row.deadline,
      programId: row.programId,
      submissionId: row.submissionId,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      history: history
        .filter((h) => h.applicationId === row.id)
        .map((h) => ({ status: h.status as ApplicationStatus, at: h.changedAt.toISOString() })),
      documents: documents
        .filter((d) => d.applicationId === row.id)
        .map((d) => ({
          id: d.id,
          fileUrl: d.fileUrl,
          fileName: d.fileName,
          attachedAt: d.createdAt.toISOString(),
        })),
    }));
  }

  async function one(userId: string, id: string): Promise<Application> {
    const row = await repo.findOwnApplication(db, userId, id);
    if (!row) throw notFound('Application not found');
    return (await withDetails([row]))[0]!;
  }

  return {
    /** The application as every list shows it (for the editor's detail). */
    present: async (row: ApplicationRow): Promise<Application> => (await withDetails([row]))[0]!,

    /** Owner-only: another user's id answers 404, the same as an unknown one. */
    async listForUser(user: UserRow, userId: string): Promise<Application[]> {
      if (userId !== user.id) throw notFound('Not found');
      await adoptDrafts(db, user.id);
      return withDetails(await repo.listApplications(db, user.id));
    },

    /** With a catalogue program: its name and deadline, and its template's sections, empty, as version 1. */
    async create(user: UserRow, input: CreateApplicationInput): Promise<Application> {
      const template = await programTemplate(db, input.programId ?? null);
      if (input.programId && !template) throw badRequest('Program not found');
      const row = await db.transaction(async (tx) => {
        const created = await repo.insertApplication(tx, {
          userId: user.id,
          title: input.title.trim(),
          program: template?.program.name ?? input.program.trim(),
          programId: template?.program.id ?? null,
          amount: (input.amount ?? '').trim(),
          deadline: input.deadline ?? template?.program.deadline ?? null,
        });
        await repo.insertHistory(tx, created.id, created.status);
        if (template) {
          const sections = emptySections(template.entry);
          await versions.writeVersion(tx, {
            applicationId: created.id,
            version: 1,
            authorId: user.id,
            changed: sections.map((s) => s.id),
            sections,
          });
        }
        return created;
      });
      return one(user.id, row.id);
    },

    async update(user: UserRow, id: string, input: UpdateApplicationInput): Promise<Application> {
      await db.transaction(async (tx) => {
        // The row lock orders two changes, so each history row follows the status it replaced.
        const row = await repo.findOwnApplication(tx, user.id, id, true);
        if (!row) throw notFound('Application not found');
        // Any status from any status (issue 28 §4, ADR 261); the history keeps each with its date.
        const { status, ...fields } = input;
        await repo.updateApplication(tx, id, { ...fields, ...(status ? { status } : {}) });
        if (status && status !== row.status) await repo.insertHistory(tx, id, status);
        // Marking it submitted records the date (the tracker, cards and calendar feed read it).
        if (status === 'submitted') await versions.setSubmittedAt(tx, id);
      });
      return one(user.id, id);
    },

    /** The analyses attached to one of the user's applications (issue 16 §1), newest first. */
    async analyses(user: UserRow, id: string): Promise<ApplicationAnalysis[]> {
      if (!(await repo.findOwnApplication(db, user.id, id))) throw notFound('Application not found');
      const rows = await listAnalysesOfApplication(db, user.id, id);
      // Named, so an analysis against another program cannot pass for this one (issue 28 item 10).
      const names = new Map<string, string>();
      for (const programId of new Set(rows.map((r) => r.programId)))
        names.set(programId, (await findProgramById(db, programId))?.name ?? programId);
      return rows.map((r) => ({
        id: r.id,
        status: toApiStatus('submission', r.status),
        submissionTimestamp: r.submissionTimestamp.toISOString(),
        meanScore: r.results && 'meanScore' in r.results ? r.results.meanScore : null,
        programId: r.programId,
        programName: names.get(r.programId) ?? r.programId,
      }));
    },

    async remove(user: UserRow, id: string): Promise<void> {
      if (!(await repo.softDeleteApplication(db, user.id, id))) throw notFound('Application not found');
    },

    async attachDocument(user: UserRow, id: string, input: AttachDocumentInput): Promise<Application> {
      await db.transaction(async (tx) => {
        const row = await repo.findOwnApplication(tx, user.id, id);
        if (!row) throw notFound('Application not found');
        await repo.insertDocument(tx, {
          applicationId: id,
          fileUrl: input.fileUrl,
          fileName: input.fileName,
        });
      });
      return one(user.id, id);
    },

    /** A new secret feed URL; the previous one stops working. */
    async rotateCalendarToken(user: UserRow): Promise<{ token: string; url: string }> {
      const token = newSecretToken();
      await repo.upsertCalendarToken(db, user.id, sha256(token));
      return { token, url: `${env.APP_URL.replace(/\/$/, '')}/api/calendar.ics?token=${token}` };
    },

    async calendarFor(token: string): Promise<string> {
      const owner = await repo.findCalendarOwner(db, sha256(token));
      if (!owner) throw notFound('Calendar not found');
      const { userId } = owner;
      const w = exportLabels(owner.language).calendar;
      await adoptDrafts(db, userId);
      const [apps, programs, claims] = await Promise.all([
        repo.listApplications(db, userId),
        repo.listProgramDeadlines(db),
        sredFilingDeadlines(db, userId),
      ]);
      const host = new URL(env.APP_URL).host;
      const offices = await officeDeadlinesOf(
        db,
        apps.filter((a) => a.deadline).map((a) => a.id),
      );
      const events: CalendarEvent[] = [
        // The office's internal deadline before the funder's (issue 32 §3, ADR 0441).
        ...apps.flatMap((a) => {
          const office = a.deadline ? offices.get(a.id) : undefined;
          if (!office) return [];
          return [
            {
              uid: `application-${a.id}-internal@${host}`,
              date: businessDaysBefore(a.deadline!, office.days, office.holidays),
              summary: w.internal(office.organisation, a.title),
              description: w.internalWhy(office.organisation, office.days, a.deadline!),
              url: `${env.APP_URL.replace(/\/$/, '')}/applications/${a.id}`,
            },
          ];
        }),
        ...apps
          .filter((a) => a.deadline)
          .map((a) => ({
            uid: `application-${a.id}@${host}`,
            date: a.deadline!,
            summary: w.deadline(a.title),
            description: `${a.program}${a.amount ? ` — ${a.amount}` : ''} (${w.status(a.status)}${a.submittedAt ? w.submitted(a.submittedAt.toISOString().slice(0, 10)) : ''})`,
            url: `${env.APP_URL.replace(/\/$/, '')}/applications/${a.id}`,
          })),
        ...programs.map((p) => ({
          uid: `program-${p.id}-${p.deadline}@${host}`,
          date: p.deadline,
          summary: w.program(p.agency, p.name),
        })),
        // Issue 30 §4: each SR&ED claim's filing deadline (ADR 0471).
        ...claims.map((c) => ({
          uid: `sred-claim-${c.id}@${host}`,
          date: c.filingDeadline,
          summary: w.sred(c.name),
          description: w.sredWhy(c.taxYearEnd),
          url: `${env.APP_URL.replace(/\/$/, '')}/sred/${c.id}`,
        })),
      ];
      return buildCalendar(w.name, events);
    },
  };
}

/**
 * Sends the 14- and 3-day reminders due on `today` (a UTC date), and the SR&ED claims' filing
 * reminders. A reminder is due once the deadline is within its window and not yet inside the next
 * smaller one, so a missed daily run still sends it; the deadline_reminders row makes each one go
 * out once (ADR 0541).
 */
export async function sendDeadlineReminders(
  deps: { db: Db; mailer: Mailer; env: Env },
  today: string = new Date().toISOString().slice(0, 10),
): Promise<number> {
  let sent = 0;
  for (let i = 0; i < REMINDER_DAYS.length; i++) {
    const days = REMINDER_DAYS[i]!;
    const lower = i + 1 < REMINDER_DAYS.length ? REMINDER_DAYS[i + 1]! + 1 : 0;
    const due = await repo.listApplicationsDueBetween(deps.db, today, lower, days);
    const offices = await officeDeadlinesOf(
      deps.db,
      due.map((d) => d.application.id),
    );
    for (const { application, email, name, language } of due) {
      if (
        !(await repo.claimReminder(deps.db, { applicationId: application.id }, application.deadline!, days))
      )
        continue;
      const office = offices.get(application.id);
      const left = calendarDaysBetween(today, application.deadline!);
      await deps.mailer.send({
        to: email,
        ...applicationReminderMail(language, {
          name,
          title: application.title,
          program: application.program,
          deadline: application.deadline!,
          daysLeft: left,
          status: application.status,
          internal: office
            ? {
                organisation: office.organisation,
                date: businessDaysBefore(application.deadline!, office.days, office.holidays),
              }
            : null,
          trackerUrl: `${deps.env.APP_URL.replace(/\/$/, '')}/applications`,
        }),
        dedupeKey: `deadline-reminder:${application.id}:${application.deadline}:${days}`,
      });
      sent++;
    }
  }
  return sent + (await sendSredFilingReminders(deps, today));
}

/**
 * SR&ED filing deadlines (issue 30 §4): 90, 30 and 7 days before, each once, through the same
 * send-once table as applications (ADR 0541) and the outbox.
 */
async function sendSredFilingReminders(deps: { db: Db; mailer: Mailer; env: Env }, today: string) {
  let sent = 0;
  const base = deps.env.APP_URL.replace(/\/$/, '');
  for (const claim of await sredFilingDeadlinesDue(deps.db, today, SRED_REMINDER_DAYS[0])) {
    const days = reminderDue(SRED_REMINDER_DAYS, claim.daysLeft);
    if (days === undefined) continue;
    if (!(await repo.claimReminder(deps.db, { sredClaimId: claim.id }, claim.filingDeadline, days))) continue;
    await deps.mailer.send({
      to: claim.email,
      ...sredFilingReminderMail(claim.language, {
        name: claim.name,
        claimName: claim.claimName,
        taxYearEnd: claim.taxYearEnd,
        filingDeadline: claim.filingDeadline,
        daysLeft: claim.daysLeft,
        verified: claim.verified,
        claimUrl: `${base}/sred/${claim.id}`,
      }),
      dedupeKey: `sred-filing-reminder:${claim.id}:${claim.filingDeadline}:${days}`,
    });
    sent++;
  }
  return sent;
}
