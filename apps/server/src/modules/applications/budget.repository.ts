import type { Budget, BudgetSummary } from '@grantleaf/shared/budget.schema';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { applicationBudgets, type ApplicationBudgetRow } from './applications.schema.ts';

/** The one door to application_budgets (ADR 53): callers have checked the application is the user's. */

export async function findBudget(db: Tx, applicationId: string): Promise<ApplicationBudgetRow | undefined> {
  const [row] = await db
    .select()
    .from(applicationBudgets)
    .where(eq(applicationBudgets.applicationId, applicationId));
  return row;
}

/**
 * Writes the budget when the stored revision is still `baseRevision` (0: none stored yet), and
 * returns the new row; undefined when another save came first (the caller answers 409).
 */
export async function saveBudget(
  tx: Tx,
  applicationId: string,
  baseRevision: number,
  budget: Budget,
  summary: BudgetSummary,
): Promise<ApplicationBudgetRow | undefined> {
  if (baseRevision === 0) {
    const [row] = await tx
      .insert(applicationBudgets)
      .values({ applicationId, budget, summary, revision: 1 })
      .onConflictDoNothing()
      .returning();
    return row;
  }
  const [row] = await tx
    .update(applicationBudgets)
    .set({ budget, summary, revision: sql`${applicationBudgets.revision} + 1`, updatedAt: sql`now()` })
    .where(
      and(eq(applicationBudgets.applicationId, applicationId), eq(applicationBudgets.revision, baseRevision)),
    )
    .returning();
  return row;
}
