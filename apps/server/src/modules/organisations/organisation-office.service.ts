import {
  businessDaysBefore,
  type HolidayList,
  type OfficeApplication,
  type OfficeListQuery,
  type ProgramDeadlineList,
  type ProgramDeadlineView,
  type Readiness,
} from '@grantleaf/shared/organisations.schema';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../errors.ts';
import type { UserRow } from '../auth/index.ts';
import { findProgramById } from '../programs/index.ts';
import { manages, member } from './organisation-members.ts';
import * as repo from './organisations.repository.ts';

/**
 * The research office's side of an organisation (ADR 0374, 0441, 0650): its list of shared
 * applications with their internal deadlines and readiness, the institution's holidays and the
 * per-program deadlines. Moved out of organisations.service.ts unchanged (ADR 1180).
 */
export function createOrganisationOffice(deps: {
  db: Db;
  /** The live checks' summary per application (the applications module's, ADR 0442). */
  readiness: (db: Db, ids: string[]) => Promise<Map<string, Readiness>>;
}) {
  const { db } = deps;
  return {
    /** The office's list: owners and research officers only; members get the unknown id's 404. */
    async officeList(user: UserRow, id: string, filter: OfficeListQuery = {}): Promise<OfficeApplication[]> {
      const { organisation, role } = await member(db, user, id);
      if (!manages(role)) throw notFound('Organisation not found');
      const [rows, holidays] = await Promise.all([
        repo.listOfficeApplications(db, id, filter),
        repo.listHolidays(db, id),
      ]);
      const closed = new Set(holidays.map((h) => h.day));
      const readiness = await deps.readiness(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        owner: r.owner,
        ownerEmail: r.ownerEmail,
        program: r.program,
        status: r.status,
        deadline: r.deadline,
        // The program's own number where the office set one (ADR 0650), else the organisation's.
        internalDeadline: r.deadline
          ? businessDaysBefore(r.deadline, r.programDays ?? organisation.internalDeadlineDays, closed)
          : null,
        reviewState: r.reviewState,
        readiness: readiness.get(r.id) ?? { found: 0, expected: 0, left: 0, ready: false },
        sharedAt: new Date(r.sharedAt).toISOString(),
        updatedAt: new Date(r.updatedAt).toISOString(),
      }));
    },

    /** The institution's holidays: every member reads them (their internal deadlines follow them). */
    async holidays(user: UserRow, id: string): Promise<HolidayList> {
      await member(db, user, id);
      const rows = await repo.listHolidays(db, id);
      return { holidays: rows.map((h) => ({ date: h.day, name: h.name })) };
    },

    /** Owners and research officers keep the holiday list (ADR 0441); members get the 404. */
    async setHolidays(user: UserRow, id: string, input: HolidayList): Promise<HolidayList> {
      await db.transaction(async (tx) => {
        const { role } = await member(tx, user, id);
        if (!manages(role)) throw notFound('Organisation not found');
        await repo.lockOrganisation(tx, id);
        await repo.replaceHolidays(tx, id, input.holidays);
      });
      const rows = await repo.listHolidays(db, id);
      return { holidays: rows.map((h) => ({ date: h.day, name: h.name })) };
    },

    /** Per-program internal deadlines (ADR 0650): every member reads them, like the holidays. */
    async programDeadlines(user: UserRow, id: string): Promise<ProgramDeadlineView> {
      await member(db, user, id);
      return { deadlines: await repo.listProgramDeadlines(db, id) };
    },

    /**
     * Owners and research officers replace the list; a program the catalogue does not hold is
     * refused by name (400), so a typo never silently keeps the organisation's number.
     */
    async setProgramDeadlines(
      user: UserRow,
      id: string,
      input: ProgramDeadlineList,
    ): Promise<ProgramDeadlineView> {
      await db.transaction(async (tx) => {
        const { role } = await member(tx, user, id);
        if (!manages(role)) throw notFound('Organisation not found');
        for (const d of input.deadlines)
          if (!(await findProgramById(tx, d.programId)))
            throw new AppError(400, `Unknown program "${d.programId}": choose one from the catalogue.`, {
              reason: 'unknown_program',
            });
        await repo.lockOrganisation(tx, id);
        await repo.replaceProgramDeadlines(tx, id, input.deadlines);
      });
      return { deadlines: await repo.listProgramDeadlines(db, id) };
    },
  };
}
