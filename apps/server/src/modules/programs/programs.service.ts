import { intakeText, upcomingDeadlines } from '@grantleaf/shared/deadline';
import {
  formatFundingRange,
  type GrantProgram,
  type ProgramQuery,
  type ProgramType,
} from '@grantleaf/shared/programs.schema';
import type { Db } from '../../db/client.ts';
import { languagesOf } from '../../ai/profile/index.ts';
import { readSeedPrograms } from './program-seed.ts';
import { applicationTemplate } from './program-template.ts';
import * as repo from './programs.repository.ts';

const DEFAULT_PAGE_SIZE = 20;

/**
 * The program as users see it. Curation notes and confidence remarks are internal (issue 14):
 * they are never copied into an answer.
 */
export function toGrantProgram(
  row: repo.ProgramListRow,
  details = false,
  today: Date = new Date(),
): GrantProgram {
  const rule = row.deadlineRule ?? null;
  const upcoming = rule ? upcomingDeadlines(rule, row.nextDeadlines, today) : [];
  const next = upcoming.find((d) => d.date === row.deadline);
  const program: GrantProgram = {
    id: row.id,
    name: row.name,
    agency: row.agency,
    deadline: row.deadline,
    jurisdiction: row.jurisdiction,
    programType: row.programType as ProgramType,
    fundingRange: formatFundingRange(row.fundingMin, row.fundingMax, row.currency, row.fundingPeriod),
    country: row.country,
    region: row.region,
    currency: row.currency,
    draftLanguages: languagesOf(row.id).accepted,
    fundingMin: row.fundingMin,
    fundingMax: row.fundingMax,
    fundingPeriod: row.fundingPeriod,
    deadlinePattern: row.deadlinePattern,
    deadlineLabel: next?.label ?? null,
    // A date the funder has not published is a projection from its rule.
    deadlineExpected: row.deadline !== null && !row.nextDeadlines.includes(row.deadline),
    intake: row.deadline === null ? intakeText(rule) : null,
    intakeKind: rule?.kind ?? null,
    closed: Boolean(row.closed),
    eligibility: row.eligibility,
    url: row.url,
    sources: row.sources,
    lastVerified: row.lastVerified,
    status: row.status,
    source: row.source,
  };
  if (!details) return program;
  return {
    ...program,
    requiredSections: row.requiredSections,
    criteria: row.criteria,
    description: row.description,
    nextDeadlines: row.nextDeadlines,
    projectedDeadlines: row.projectedDeadlines,
    upcomingDeadlines: upcoming,
    deadlineRule: rule,
    eligibilityRules: row.eligibilityRules ?? null,
    applicationTemplate: applicationTemplate(row.id),
  };
}

export type ProgramsService = ReturnType<typeof createProgramsService>;

export function createProgramsService(deps: { db: Db }) {
  const { db } = deps;
  /**
   * Words searched within one province also match federal programs, which are open to applicants
   * there too: their count lets the page say so ("NSERC" in Ontario finds nothing, while NSERC is
   * federal; "Idea to Innovation" in Ontario finds only programs sharing its words; issue 28
   * item 11). Counted only, on the capped count path, so it costs one bounded query.
   */
  async function federalMatchesBeside(search: repo.ProgramSearch): Promise<number | undefined> {
    if (!search.q || !search.jurisdiction || !/^CA-(?!FED)/.test(search.jurisdiction)) return undefined;
    const federal = await repo.searchPrograms(db, { ...search, jurisdiction: 'CA-FED', limit: 0, offset: 0 });
    return federal.total;
  }

  return {
    /** Loads data/programs.json (checked record by record) and upserts it; safe to run at every start. */
    async seedCatalogue() {
      const rows = readSeedPrograms();
      const counts = await db.transaction((tx) => repo.upsertPrograms(tx, rows));
      const closing = await repo.refreshClosedPrograms(db);
      return { ...counts, total: rows.length, ...closing };
    },

    refreshClosedPrograms: () => repo.refreshClosedPrograms(db),

    /**
     * Without search parameters: the whole catalogue (closed Grants.gov imports left out, so the
     * list stays the curated programs plus what is open). With any: one page of results.
     */
    async listPrograms(
      query: ProgramQuery,
    ): Promise<{ programs: GrantProgram[]; total: number; capped: boolean; federalMatches?: number }> {
      const details = query.include === 'details';
      const searching =
        query.q !== undefined ||
        query.jurisdiction !== undefined ||
        query.programType !== undefined ||
        query.deadlineWithinDays !== undefined ||
        query.minAmount !== undefined ||
        query.page !== undefined ||
        query.pageSize !== undefined ||
        query.ids !== undefined;
      if (!searching) {
        const { rows, total } = await repo.searchPrograms(db, { hideClosedImports: true });
        return { programs: rows.map((r) => toGrantProgram(r, details)), total, capped: false };
      }
      const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
      const search: repo.ProgramSearch = {
        q: query.q || undefined,
        jurisdiction: query.jurisdiction,
        programType: query.programType,
        deadlineWithinDays: query.deadlineWithinDays,
        minAmount: query.minAmount,
        ids: query.ids?.split(','),
        limit: pageSize,
        offset: ((query.page ?? 1) - 1) * pageSize,
      };
      let result = await repo.searchPrograms(db, search);
      // Nothing matched the words as typed: try again tolerating typos.
      if (result.total === 0 && search.q) result = await repo.searchProgramsFuzzy(db, search);
      return {
        programs: result.rows.map((r) => toGrantProgram(r, details)),
        total: result.total,
        capped: result.capped,
        federalMatches: await federalMatchesBeside(search),
      };
    },
  };
}
