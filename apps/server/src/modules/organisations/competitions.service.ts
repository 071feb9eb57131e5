import {
  COMPETITION_MESSAGES,
  type CompetitionList,
  type CreateCompetitionInput,
  type EntryInput,
  type ScoreInput,
} from '@grantleaf/shared/competitions.schema';
import { DEFAULT_LANGUAGE, isLanguage } from '@grantleaf/shared/language';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import type { UserRow } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { selectedMail, type Mailer } from '../mail/index.ts';
import { findProgramById } from '../programs/index.ts';
import {
  competitionDetail,
  competitionOf,
  isOpen,
  officerEntry,
  summary,
  today,
} from './competition-detail.ts';
import * as repo from './competitions.repository.ts';
import { manages, member } from './organisation-members.ts';

/**
 * Limited-submission competitions (issue 32 §3, ADR 0650). Every route starts from the caller's
 * membership of the organisation: an outsider or a removed member gets the unknown id's 404,
 * the moment the membership row is gone. Members see the competitions and their own entry;
 * owners and research officers see every entry, score and select.
 */
export function createCompetitionsService(deps: { db: Db; env: Env; mailer: Mailer }) {
  const { db } = deps;
  const link = (organisationId: string, competitionId: string) =>
    `${deps.env.APP_URL.replace(/\/$/, '')}/organisations?competition=${competitionId}#org-${organisationId}`;

  return {
    async list(user: UserRow, organisationId: string): Promise<CompetitionList> {
      const { role } = await member(db, user, organisationId);
      const rows = await repo.listCompetitions(db, organisationId);
      const officer = manages(role);
      return {
        data: rows.map((r) => summary(r.row, r.program, officer ? r.entries : 0, officer ? r.selected : 0)),
        canManage: officer,
      };
    },

    async create(
      user: UserRow,
      organisationId: string,
      input: CreateCompetitionInput,
      requestId: string | null,
    ) {
      const row = await db.transaction(async (tx) => {
        const { role } = await member(tx, user, organisationId);
        if (!manages(role)) throw notFound('Organisation not found');
        if (!(await findProgramById(tx, input.programId)))
          throw new AppError(400, `Unknown program "${input.programId}": choose one from the catalogue.`, {
            reason: 'unknown_program',
          });
        if (input.internalDeadline < today()) throw badRequest(COMPETITION_MESSAGES.pastDeadline);
        const created = await repo.insertCompetition(tx, {
          organisationId,
          programId: input.programId,
          title: input.title,
          cap: input.cap,
          internalDeadline: input.internalDeadline,
          criteria: input.criteria,
          createdBy: user.id,
        });
        await insertAuditEntry(tx, {
          actorId: user.id,
          subjectUserId: null,
          objectType: 'competition',
          objectId: created.id,
          action: 'competition.created',
          requestId,
        });
        return created;
      });
      return competitionDetail(db, user, organisationId, row.id);
    },

    detail: (user: UserRow, organisationId: string, competitionId: string) =>
      competitionDetail(db, user, organisationId, competitionId),

    /** A member's internal application: one per competition, changed freely until the deadline. */
    async submitEntry(user: UserRow, organisationId: string, competitionId: string, input: EntryInput) {
      await db.transaction(async (tx) => {
        await member(tx, user, organisationId);
        const competition = await competitionOf(tx, organisationId, competitionId);
        if (!isOpen(competition)) throw conflict(COMPETITION_MESSAGES.closed);
        const applicationId = input.applicationId ?? null;
        if (applicationId && (await repo.ownApplicationTitle(tx, user.id, applicationId)) === undefined)
          throw badRequest(COMPETITION_MESSAGES.notYourApplication);
        await repo.upsertEntry(tx, {
          competitionId,
          applicantId: user.id,
          title: input.title,
          summary: input.summary,
          applicationId,
        });
      });
      return competitionDetail(db, user, organisationId, competitionId);
    },

    async score(
      user: UserRow,
      organisationId: string,
      competitionId: string,
      entryId: string,
      input: ScoreInput,
    ) {
      await db.transaction(async (tx) => {
        const { competition } = await officerEntry(tx, user, organisationId, competitionId, entryId);
        if (input.scores.length !== competition.criteria.length)
          throw badRequest(COMPETITION_MESSAGES.wrongScores);
        await repo.upsertScore(tx, {
          entryId,
          officerId: user.id,
          scores: input.scores,
          comment: input.comment || null,
        });
      });
      return competitionDetail(db, user, organisationId, competitionId);
    },

    /**
     * Selects (up to the cap, counted under the competition's row lock, so two officers cannot both
     * take the last place) or unselects an entry; a selection mails the applicant once.
     */
    async select(
      user: UserRow,
      organisationId: string,
      competitionId: string,
      entryId: string,
      selected: boolean,
      requestId: string | null,
    ) {
      const done = await db.transaction(async (tx) => {
        const { competition, entry } = await officerEntry(tx, user, organisationId, competitionId, entryId);
        const was = entry.selectedAt !== null;
        if (was === selected) return null;
        if (selected && (await repo.countSelected(tx, competitionId)) >= competition.cap)
          throw conflict(COMPETITION_MESSAGES.capReached);
        const row = await repo.setSelected(tx, entryId, selected ? user.id : null);
        await insertAuditEntry(tx, {
          actorId: user.id,
          subjectUserId: entry.applicantId,
          objectType: 'competition_entry',
          objectId: entryId,
          action: selected ? 'competition.selected' : 'competition.unselected',
          requestId,
        });
        return selected ? { competition, entry: row } : null;
      });
      if (done) {
        const [to, organisation, program] = await Promise.all([
          repo.applicantAddress(db, done.entry.applicantId),
          repo.organisationName(db, organisationId),
          repo.programName(db, done.competition.programId),
        ]);
        if (to)
          await deps.mailer.send({
            to: to.email,
            dedupeKey: `competition-selected:${entryId}:${done.entry.selectedAt!.toISOString()}`,
            ...selectedMail(isLanguage(to.language) ? to.language : DEFAULT_LANGUAGE, {
              organisation,
              competition: done.competition.title,
              program,
              entry: done.entry.title,
              cap: done.competition.cap,
              link: link(organisationId, competitionId),
            }),
          });
      }
      return competitionDetail(db, user, organisationId, competitionId);
    },
  };
}
export type CompetitionsService = ReturnType<typeof createCompetitionsService>;
