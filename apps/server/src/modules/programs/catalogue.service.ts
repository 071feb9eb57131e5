import type {
  AdminProgram,
  AdminProgramQuery,
  AdminProgramSummary,
  ProgramChange,
  ProgramEdit,
} from '@grantleaf/shared/catalogue.schema';
import { intakeText, type DeadlineRule } from '@grantleaf/shared/deadline';
import type { Db, Tx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { profileOf } from '../../ai/profile/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import * as catalogue from './catalogue.repository.ts';
import { regionOf, ruleDates } from './program-seed.ts';
import type { ProgramRow } from './programs.schema.ts';
import * as repo from './programs.repository.ts';

/** Who acts, for the history and the audit log. */
export interface Actor {
  userId: string;
  requestId: string;
}

type Summary = Pick<
  ProgramRow,
  'id' | 'name' | 'agency' | 'jurisdiction' | 'source' | 'lastVerified' | 'updatedAt'
> & { verificationDueAt: Date | null; retiredAt: Date | null };

function summary(row: Summary): AdminProgramSummary {
  return {
    id: row.id,
    name: row.name,
    agency: row.agency,
    jurisdiction: row.jurisdiction,
    source: row.source,
    lastVerified: row.lastVerified,
    needsVerification: row.verificationDueAt !== null,
    retired: row.retiredAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function adminProgram(row: ProgramRow, deadline: string | null, history: ProgramChange[]): AdminProgram {
  return {
    ...summary(row),
    country: row.country as 'CA' | 'US',
    programType: row.programType as AdminProgram['programType'],
    currency: row.currency as 'CAD' | 'USD',
    fundingMin: row.fundingMin,
    fundingMax: row.fundingMax,
    fundingPeriod: row.fundingPeriod ?? '',
    deadlinePattern: row.deadlinePattern ?? '',
    nextDeadlines: row.nextDeadlines,
    deadline,
    eligibility: row.eligibility ?? '',
    url: row.url ?? '',
    sources: row.sources,
    status: row.status ?? '',
    confidence: row.confidence,
    notes: row.notes,
    hasDeadlineRule: row.deadlineRule !== null,
    // Issue 25 §3: what users read where there is no date (paused, archived, next round not announced).
    intake: deadline === null ? intakeText(row.deadlineRule) : null,
    application: applicationOf(row),
    history,
  };
}

/** The sections the engine uses for this program (its profile), and the record's own list beside them. */
function applicationOf(row: ProgramRow): AdminProgram['application'] {
  const profile = profileOf(row);
  return {
    sectionsFrom: profile.basis.sections,
    criteriaFrom: profile.basis.criteria,
    sections: profile.sections
      .filter((s) => !s.optional)
      .map((s) => ({ name: s.name, limit: s.limit, attachment: s.attachment })),
    recordSections: row.requiredSections.map((s) => ({ name: s.name, limit: s.limit ?? null })),
    sources: profile.sources,
  };
}

/** The form's fields as stored, to tell which ones an edit changes. */
function editable(row: ProgramRow): Omit<ProgramEdit, 'updatedAt'> {
  return {
    name: row.name,
    agency: row.agency,
    jurisdiction: row.jurisdiction,
    country: row.country as 'CA' | 'US',
    programType: row.programType as ProgramEdit['programType'],
    currency: row.currency as 'CAD' | 'USD',
    fundingMin: row.fundingMin,
    fundingMax: row.fundingMax,
    fundingPeriod: row.fundingPeriod ?? '',
    deadlinePattern: row.deadlinePattern ?? '',
    nextDeadlines: row.nextDeadlines,
    eligibility: row.eligibility ?? '',
    url: row.url ?? '',
    sources: row.sources,
    status: row.status ?? '',
    notes: row.notes,
  };
}

/**
 * The published dates under the program's rule. A fixed competition's rule is its dates, so the
 * rule follows the edit (labels kept for dates that stay); a recurring rule projects after them.
 */
function datesFor(rule: DeadlineRule | null, published: string[], today: Date) {
  const sorted = [...new Set(published)].sort();
  if (!rule) return { nextDeadlines: sorted, projectedDeadlines: [] as string[], deadlineRule: null };
  if (rule.kind === 'fixed') {
    if (sorted.length === 0)
      throw badRequest('A fixed competition needs at least one date', {
        errors: [{ path: 'nextDeadlines', message: 'A fixed competition needs at least one date' }],
      });
    const labels = new Map(rule.dates.map((d) => [d.date, d.label]));
    const next: DeadlineRule = {
      ...rule,
      dates: sorted.map((date) => ({ date, label: labels.get(date) ?? 'Deadline' })),
    };
    return { ...ruleDates(next, sorted, today), deadlineRule: next };
  }
  return { ...ruleDates(rule, sorted, today), deadlineRule: rule };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;

/** Admin curation of the catalogue (issue 14 §2, ADR 135): every change audited and in the history. */
export function createCatalogueService(deps: { db: Db }) {
  const { db } = deps;

  async function read(tx: Tx, id: string): Promise<AdminProgram> {
    const row = await repo.findProgramById(tx, id);
    if (!row) throw notFound('Program not found');
    return adminProgram(row, row.deadline, await catalogue.listProgramChanges(tx, id));
  }

  /** Locks the row, applies `change`, writes the history row and the audit row, in one transaction. */
  function change(
    id: string,
    actor: Actor,
    action: ProgramChange['action'],
    apply: (tx: Tx, row: ProgramRow) => Promise<string[] | null>,
  ): Promise<AdminProgram> {
    return db.transaction(async (tx) => {
      const row = await catalogue.lockProgram(tx, id);
      if (!row) throw notFound('Program not found');
      const fields = await apply(tx, row);
      // null: nothing to change (already retired, no field differs); no history row for it.
      if (fields !== null) {
        await catalogue.insertProgramChange(tx, { programId: id, actorId: actor.userId, action, fields });
        await insertAuditEntry(tx, {
          actorId: actor.userId,
          subjectUserId: null,
          objectType: 'program',
          objectId: id,
          action: `program.${action}`,
          requestId: actor.requestId,
        });
      }
      return read(tx, id);
    });
  }

  return {
    async list(query: AdminProgramQuery): Promise<{ programs: AdminProgramSummary[]; total: number }> {
      const search: repo.ProgramSearch = {
        q: query.q || undefined,
        retired: query.filter === 'retired' ? 'only' : 'exclude',
        verificationDue: query.filter === 'unverified',
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
      };
      let result = await repo.searchPrograms(db, search);
      if (result.total === 0 && search.q) result = await repo.searchProgramsFuzzy(db, search);
      return { programs: result.rows.map(summary), total: result.total };
    },

    get: (id: string) => read(db, id),

    edit(id: string, edit: ProgramEdit, actor: Actor, today: Date = new Date()) {
      return change(id, actor, 'edit', async (tx, row) => {
        if (row.updatedAt.toISOString() !== edit.updatedAt)
          throw conflict(
            'Someone else changed this program while you were editing it. Reload it to see their changes, then edit again.',
          );
        const { updatedAt: _version, ...fields } = edit;
        const before = editable(row);
        const changed = (Object.keys(fields) as Array<keyof typeof fields>).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(fields[key]),
        );
        if (changed.length === 0) return null;
        const dates = changed.includes('nextDeadlines')
          ? datesFor(row.deadlineRule, fields.nextDeadlines, today)
          : {};
        await catalogue.updateProgram(tx, id, {
          ...fields,
          region: regionOf(fields.country, fields.jurisdiction),
          ...dates,
        });
        return changed;
      });
    },

    verify: (id: string, actor: Actor) =>
      change(id, actor, 'verify', async (tx) => {
        await catalogue.updateProgram(tx, id, {
          lastVerified: catalogue.TODAY,
          verificationDueAt: null,
        });
        return ['lastVerified'];
      }),

    retire: (id: string, actor: Actor) =>
      change(id, actor, 'retire', async (tx, row) => {
        if (row.retiredAt) return null;
        await catalogue.updateProgram(tx, id, { retiredAt: new Date() });
        return [];
      }),

    restore: (id: string, actor: Actor) =>
      change(id, actor, 'restore', async (tx, row) => {
        if (!row.retiredAt) return null;
        await catalogue.updateProgram(tx, id, { retiredAt: null });
        return [];
      }),

    flagUnverified: () => catalogue.flagUnverifiedPrograms(db),
  };
}
