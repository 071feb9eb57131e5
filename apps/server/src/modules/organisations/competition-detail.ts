import {
  COMPETITION_MESSAGES,
  type CompetitionDetail,
  type CompetitionSummary,
} from '@grantleaf/shared/competitions.schema';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { UserRow } from '../auth/index.ts';
import * as repo from './competitions.repository.ts';
import type { CompetitionRow } from './competitions.schema.ts';
import { manages, member } from './organisation-members.ts';

/**
 * A competition as its organisation's members see it (ADR 0650): a member their own entry, an
 * officer every entry with its scores. Moved out of competitions.service.ts unchanged (ADR 1180).
 */

/** Today in UTC, as the internal deadline's date is compared. */
export const today = () => new Date().toISOString().slice(0, 10);
export const isOpen = (c: CompetitionRow) => c.internalDeadline >= today();

export async function competitionOf(tx: Tx, organisationId: string, competitionId: string, lock = false) {
  const row = await repo.findCompetition(tx, organisationId, competitionId, lock);
  if (!row) throw notFound('Competition not found');
  return row;
}

export const summary = (
  row: CompetitionRow,
  program: string,
  entries: number,
  selected: number,
): CompetitionSummary => ({
  id: row.id,
  title: row.title,
  programId: row.programId,
  program,
  cap: row.cap,
  internalDeadline: row.internalDeadline,
  criteria: row.criteria,
  entries,
  selected,
  open: isOpen(row),
  createdAt: row.createdAt.toISOString(),
});

export async function competitionDetail(
  db: Db,
  user: UserRow,
  organisationId: string,
  competitionId: string,
): Promise<CompetitionDetail> {
  const { role } = await member(db, user, organisationId);
  const row = await competitionOf(db, organisationId, competitionId);
  const officer = manages(role);
  const [program, entries] = await Promise.all([
    repo.programName(db, row.programId),
    repo.listEntries(db, row.id, officer ? undefined : user.id),
  ]);
  const scores = officer
    ? await repo.listScores(
        db,
        entries.map((e) => e.entry.id),
      )
    : [];
  const list = entries.map(({ entry, applicant, applicationTitle }) => {
    const mine = scores.filter((s) => s.score.entryId === entry.id);
    const totals = mine.map((s) => s.score.scores.reduce((a, b) => a + b, 0));
    return {
      id: entry.id,
      applicant,
      mine: entry.applicantId === user.id,
      title: entry.title,
      summary: entry.summary,
      applicationId: applicationTitle === null ? null : entry.applicationId,
      applicationTitle,
      selected: entry.selectedAt !== null,
      submittedAt: entry.createdAt.toISOString(),
      updatedAt: entry.updatedAt.toISOString(),
      scores: mine.map(({ score, officer: name }) => ({
        officer: name,
        mine: score.officerId === user.id,
        scores: score.scores,
        comment: score.comment,
        updatedAt: score.updatedAt.toISOString(),
      })),
      average: totals.length
        ? Math.round((totals.reduce((a, b) => a + b, 0) / totals.length) * 100) / 100
        : null,
    };
  });
  // Best average first; unscored entries last, oldest first.
  list.sort((a, b) => (b.average ?? -1) - (a.average ?? -1));
  const all = officer ? list : [];
  return {
    ...summary(
      row,
      program,
      officer ? entries.length : 0,
      officer ? all.filter((e) => e.selected).length : 0,
    ),
    entryList: list,
    canManage: officer,
  };
}

/** An officer's action on an entry: never on their own (another officer judges it). */
export async function officerEntry(
  tx: Tx,
  user: UserRow,
  organisationId: string,
  competitionId: string,
  entryId: string,
) {
  const { role } = await member(tx, user, organisationId);
  if (!manages(role)) throw notFound('Competition not found');
  const competition = await competitionOf(tx, organisationId, competitionId, true);
  const entry = await repo.findEntry(tx, competitionId, entryId);
  if (!entry) throw notFound('Entry not found');
  if (entry.applicantId === user.id) throw badRequest(COMPETITION_MESSAGES.ownEntry);
  return { competition, entry };
}
