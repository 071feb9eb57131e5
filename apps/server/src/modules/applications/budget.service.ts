import { checkBudget } from '@grantleaf/shared/budget-checks';
import {
  type Budget,
  type BudgetPrefill,
  type BudgetSummary,
  type BudgetView,
  EMPTY_BUDGET,
  type SaveBudget,
} from '@grantleaf/shared/budget.schema';
import { allows } from '@grantleaf/shared/sharing.schema';
import type { ProgramCostRules } from '@grantleaf/shared/cost-rules.schema';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../errors.ts';
import type { UserRow } from '../auth/index.ts';
import type { BudgetFacts } from '../../ai/read/form.ts';
import { profileOf } from '../../ai/profile/index.ts';
import { findProgramById } from '../programs/index.ts';
import { findApplicationFor } from './applications.repository.ts';
import type { ApplicationBudgetRow } from './applications.schema.ts';
import { budgetPrefill } from './budget-prefill.ts';
import * as repo from './budget.repository.ts';

/**
 * The budget builder's service (issue 26, ADR 0281). The program's cost rules are read here and
 * only here, from the program's profile (ADR 0451), so the budget and the draft's money checks
 * read the same rules.
 */
export async function budgetRulesOf(db: Tx, programId: string | null): Promise<ProgramCostRules | null> {
  const program = programId ? await findProgramById(db, programId) : undefined;
  return program ? profileOf(program).costRules : null;
}

export type BudgetService = ReturnType<typeof createBudgetService>;

/** A computed budget as the draft's money facts (ADR 0453): the request the rules computed, never a typed one. */
export function budgetFactsOf(summary: BudgetSummary): BudgetFacts {
  const { requested, projectCost, partnerCash, partnerInKind } = summary.totals;
  return { requested, projectCost, partnerCash, partnerInKind, basis: summary.basis };
}

/** The stored budget of an application the caller has already checked is the user's, or null. */
export async function budgetOfApplication(
  db: Tx,
  application: { id: string; programId: string | null },
): Promise<{ budget: Budget; rules: ProgramCostRules | null } | null> {
  const row = await repo.findBudget(db, application.id);
  return row ? { budget: row.budget, rules: await budgetRulesOf(db, application.programId) } : null;
}

function view(
  programId: string | null,
  rules: ProgramCostRules | null,
  row: ApplicationBudgetRow | undefined,
  prefill: BudgetPrefill | null = null,
): BudgetView {
  const budget = row?.budget ?? EMPTY_BUDGET;
  return {
    budget,
    revision: row?.revision ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    programId,
    programName: rules?.name ?? null,
    rules,
    // Recomputed from today's rules: the stored summary is the record of the rules at save time.
    summary: checkBudget(budget, rules),
    prefill,
  };
}

export function createBudgetService(deps: { db: Db }) {
  const { db } = deps;
  return {
    // Access as for the sections (ADR 0371): whoever may read the application reads its budget;
    // an editor saves it under the same stale-revision 409 as the owner; below that, 404.
    // Before a first save, whoever may save also gets what the material already states (ADR 0830).
    async get(user: UserRow, applicationId: string): Promise<BudgetView> {
      const found = await findApplicationFor(db, user.id, applicationId, 'viewer');
      if (!found) throw notFound('Application not found');
      const app = found.row;
      const rules = await budgetRulesOf(db, app.programId);
      const row = await repo.findBudget(db, app.id);
      const prefill = !row && allows(found.access, 'editor') ? await budgetPrefill(db, app, rules) : null;
      return view(app.programId, rules, row, prefill);
    },

    async save(user: UserRow, applicationId: string, input: SaveBudget): Promise<BudgetView> {
      return db.transaction(async (tx) => {
        const app = (await findApplicationFor(tx, user.id, applicationId, 'editor', true))?.row;
        if (!app) throw notFound('Application not found');
        const rules = await budgetRulesOf(tx, app.programId);
        const summary = checkBudget(input.budget, rules);
        const row = await repo.saveBudget(tx, app.id, input.baseRevision, input.budget, summary);
        if (!row)
          throw conflict(
            'This budget was saved elsewhere since you opened it. Your entries are kept here: reload to see the other version.',
          );
        return view(app.programId, rules, row);
      });
    },
  };
}
