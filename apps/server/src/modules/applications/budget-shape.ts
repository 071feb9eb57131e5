import { BUDGET_CATEGORY_LABELS, BUDGET_LINE_CATEGORIES, type Budget } from '@grantleaf/shared/budget.schema';
import type { BudgetSummary } from '@grantleaf/shared/budget.schema';
import { modularYear } from '@grantleaf/shared/cost-rules';
import type { CostRule, ProgramCostRules } from '@grantleaf/shared/cost-rules.schema';

/**
 * The budget in the funder's own shape for the exports (issue 26 §1, ADR 0741): the NIH modular
 * table where the program has a modular rule, an eligible-cost summary where the funder pays a
 * share of eligible costs (NRC IRAP, CFI), and otherwise a table by year and category as the
 * tri-agency forms ask for it. One table, with numbers kept as numbers, feeds DOCX, PDF and CSV
 * alike, so the three files cannot disagree. Built from checkBudget's summary: nothing is computed
 * here that the builder does not show.
 */

export interface ShapeRow {
  label: string;
  /** One amount per year, then the total; null where the row has no amount (a label only). */
  amounts: number[] | null;
  /** A word beside the amounts (whether the funder supports the category). */
  note?: string;
}

export interface BudgetShape {
  kind: 'nih_modular' | 'eligible_costs' | 'by_category';
  title: string;
  /** Under the title: what the table follows and what it cannot say. */
  note: string;
  head: string[];
  rows: ShapeRow[];
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const withTotal = (xs: number[]) => [...xs, sum(xs)];
const years = (n: number) => Array.from({ length: n }, (_, i) => `Year ${i + 1}`);

function byCategory(budget: Budget, skip: (c: string) => boolean = () => false) {
  return BUDGET_LINE_CATEGORIES.filter((c) => !skip(c))
    .map((c) => {
      const amounts = Array.from({ length: budget.years }, (_, y) =>
        sum(budget.lines.filter((l) => l.category === c).map((l) => l.amounts[y] ?? 0)),
      );
      return { category: c, amounts };
    })
    .filter((r) => sum(r.amounts) > 0);
}

function modularShape(
  budget: Budget,
  summary: BudgetSummary,
  rule: Extract<CostRule, { kind: 'modular' }>,
): BudgetShape | null {
  const perYear = summary.direct.map((d) => modularYear(d, rule));
  if (perYear.some((y) => !y.modular)) return null;
  const size = `${summary.currency} $${rule.moduleSize.toLocaleString('en-US')}`;
  return {
    kind: 'nih_modular',
    title: 'Modular budget (NIH)',
    note: `Direct costs in modules of ${size} per budget period; indirect (F&A) costs as entered, at the institution's negotiated rate. ${rule.says}`,
    head: ['Budget period', ...years(budget.years), 'Total'],
    rows: [
      { label: 'Direct costs as entered', amounts: withTotal(summary.direct) },
      { label: `Modules of ${size}`, amounts: withTotal(perYear.map((y) => y.modules)) },
      { label: 'Direct costs requested', amounts: withTotal(perYear.map((y) => y.requested)) },
      { label: 'Indirect (F&A) costs', amounts: withTotal(summary.indirect) },
      { label: 'Total requested', amounts: withTotal(summary.requested) },
    ],
  };
}

/** Whether the funder supports a category, in words that never state an unconfirmed rule as fact. */
function supportOf(rules: CostRule[], category: string): string {
  const no = rules.find(
    (r) =>
      (r.kind === 'category' && r.category === category && r.eligible === false) ||
      (category === 'indirect' && r.kind === 'indirect' && r.treatment === 'not_paid'),
  );
  if (no) return no.verified ? 'Not supported' : 'Not supported (check with the funder)';
  const share =
    rules.find((r) => r.kind === 'share_of_costs' && r.category === category) ??
    rules.find((r) => r.kind === 'share_of_costs' && r.category === undefined);
  if (share?.kind !== 'share_of_costs') return 'No share recorded (check with the funder)';
  const pct = `${Math.round(share.maxShare * 100)}%`;
  return share.verified
    ? `Supported, up to ${pct}`
    : `Supported at a share to check with the funder (${pct} quoted)`;
}

function eligibleShape(budget: Budget, summary: BudgetSummary, rules: CostRule[]): BudgetShape {
  const categories = byCategory(budget);
  const projectCost = summary.direct.map((d, i) => d + (summary.indirect[i] ?? 0));
  return {
    kind: 'eligible_costs',
    title: 'Eligible-cost summary',
    note: `Project costs by category, whether the funder supports each, and the contribution requested. ${summary.basis}`,
    head: ['Cost category', ...years(budget.years), 'Total', 'Supported by the funder'],
    rows: [
      ...categories.map((c) => ({
        label: BUDGET_CATEGORY_LABELS[c.category],
        amounts: withTotal(c.amounts),
        note: supportOf(rules, c.category),
      })),
      { label: 'Total project costs', amounts: withTotal(projectCost) },
      { label: 'Contribution requested', amounts: withTotal(summary.requested) },
      {
        label: "Applicant's share",
        amounts: withTotal(projectCost.map((c, i) => Math.max(0, c - (summary.requested[i] ?? 0)))),
      },
    ],
  };
}

function categoryShape(budget: Budget, summary: BudgetSummary): BudgetShape {
  return {
    kind: 'by_category',
    title: 'Budget by year and category',
    note: `Amounts in ${summary.currency} by budget year, as the tri-agency budget forms group them; partner contributions are not part of the request.`,
    head: ['Category', ...years(budget.years), 'Total'],
    rows: [
      ...byCategory(budget, (c) => c === 'indirect').map((c) => ({
        label: BUDGET_CATEGORY_LABELS[c.category],
        amounts: withTotal(c.amounts),
      })),
      { label: 'Total direct costs', amounts: withTotal(summary.direct) },
      { label: 'Indirect costs', amounts: withTotal(summary.indirect) },
      { label: 'Partner cash', amounts: withTotal(summary.partnerCash) },
      { label: 'Partner in-kind', amounts: withTotal(summary.partnerInKind) },
      { label: 'Requested from the funder', amounts: withTotal(summary.requested) },
    ],
  };
}

/** The funder's shape for this program's budget. */
export function budgetShape(
  budget: Budget,
  program: ProgramCostRules | null,
  summary: BudgetSummary,
): BudgetShape {
  const rules = program?.rules ?? [];
  const modular = rules.find((r): r is Extract<CostRule, { kind: 'modular' }> => r.kind === 'modular');
  const shaped = modular ? modularShape(budget, summary, modular) : null;
  if (shaped) return shaped;
  const request = rules.find((r) => r.kind === 'request');
  if (request?.kind === 'request' && request.computed === 'share_of_eligible_costs')
    return eligibleShape(budget, summary, rules);
  return categoryShape(budget, summary);
}
