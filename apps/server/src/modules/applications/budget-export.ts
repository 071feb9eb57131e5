import { csvTable } from '@grantleaf/shared/csv';
import { checkBudget, formatBudgetMoney } from '@grantleaf/shared/budget-checks';
import { BUDGET_CATEGORY_LABELS, type Budget } from '@grantleaf/shared/budget.schema';
import type { ProgramCostRules } from '@grantleaf/shared/cost-rules.schema';
import type { ExportBlock } from '../submissions/index.ts';
import { budgetShape } from './budget-shape.ts';

/**
 * The budget in the application's exports (issue 26 §1, ADR 0281): the funder's own table first
 * (budget-shape.ts, ADR 0741), then each line by year, the partners' contributions, the request as the program's rules compute it, and a justification
 * written only from the lines and the applicant's notes (offline; nothing invented).
 */

const years = (b: Budget) => Array.from({ length: b.years }, (_, i) => `Year ${i + 1}`);
const sum = (xs: number[]) => xs.reduce((a, c) => a + c, 0);

function tables(budget: Budget, rules: ProgramCostRules | null) {
  const summary = checkBudget(budget, rules);
  const money = (n: number) => formatBudgetMoney(n, summary.currency);
  const head = ['Category', 'Line', ...years(budget), 'Total'];
  const lines = budget.lines.map((l) => [
    BUDGET_CATEGORY_LABELS[l.category],
    l.label,
    ...l.amounts.map(money),
    money(sum(l.amounts)),
  ]);
  const totals: [string, number[], number][] = [
    ['Direct costs', summary.direct, summary.totals.direct],
    ['Indirect costs', summary.indirect, summary.totals.indirect],
    ['Requested from the funder', summary.requested, summary.totals.requested],
  ];
  const totalRows = totals.map(([label, ys, t]) => [label, '', ...ys.map(money), money(t)]);
  const partnerHead = ['Partner', 'Contribution', ...years(budget), 'Total'];
  const partners = budget.partners.flatMap((p) => [
    [p.name, 'Cash', ...p.cash.map(money), money(sum(p.cash))],
    [p.name, 'In-kind', ...p.inKind.map(money), money(sum(p.inKind))],
  ]);
  return { summary, money, head, lines, totalRows, partnerHead, partners };
}

export function budgetBlocks(budget: Budget, rules: ProgramCostRules | null): ExportBlock[] {
  const t = tables(budget, rules);
  const shape = budgetShape(budget, rules, t.summary);
  const blocks: ExportBlock[] = [
    { kind: 'h2', text: 'Budget' },
    { kind: 'h3', text: shape.title },
    { kind: 'note', text: shape.note },
    {
      kind: 'table',
      rows: [
        shape.head,
        ...shape.rows.map((r) => [
          r.label,
          ...(r.amounts ?? []).map((v) => (r.label.startsWith('Modules') ? String(v) : t.money(v))),
          ...(shape.kind === 'eligible_costs' ? [r.note ?? ''] : []),
        ]),
      ],
    },
    { kind: 'h3', text: 'Budget lines' },
    { kind: 'note', text: `Amounts in ${t.summary.currency}, by budget year.` },
    { kind: 'table', rows: [t.head, ...t.lines, ...t.totalRows] },
  ];
  if (t.partners.length > 0) {
    blocks.push({ kind: 'note', text: 'Partner contributions' });
    blocks.push({ kind: 'table', rows: [t.partnerHead, ...t.partners] });
  }
  blocks.push({ kind: 'h3', text: 'Budget justification' });
  blocks.push({
    kind: 'p',
    text: `The request is ${t.money(t.summary.totals.requested)} over ${budget.years} year${budget.years === 1 ? '' : 's'}, for total costs of ${t.money(t.summary.totals.projectCost)}. ${t.summary.basis}`,
  });
  for (const l of budget.lines)
    blocks.push({
      kind: 'p',
      text: `${BUDGET_CATEGORY_LABELS[l.category]} — ${l.label}: ${t.money(sum(l.amounts))}.${l.note ? ` ${l.note}` : ''}`,
    });
  for (const p of budget.partners)
    blocks.push({
      kind: 'p',
      text: `${p.name} contributes ${t.money(sum(p.cash))} in cash and ${t.money(sum(p.inKind))} in kind.`,
    });
  if (budget.notes) blocks.push({ kind: 'p', text: budget.notes });
  return blocks;
}

/** The budget as CSV: whole numbers (no currency signs) so a spreadsheet can add them up. */
export function budgetCsv(budget: Budget, rules: ProgramCostRules | null): string {
  const summary = checkBudget(budget, rules);
  const head = ['Section', 'Category', 'Line', ...years(budget), 'Total', 'Justification'];
  const rows: string[][] = [head];
  for (const l of budget.lines)
    rows.push([
      'Cost',
      BUDGET_CATEGORY_LABELS[l.category],
      l.label,
      ...l.amounts.map(String),
      String(sum(l.amounts)),
      l.note,
    ]);
  for (const p of budget.partners) {
    rows.push(['Partner cash', '', p.name, ...p.cash.map(String), String(sum(p.cash)), '']);
    rows.push(['Partner in-kind', '', p.name, ...p.inKind.map(String), String(sum(p.inKind)), '']);
  }
  for (const [label, ys, total] of [
    ['Direct costs', summary.direct, summary.totals.direct],
    ['Indirect costs', summary.indirect, summary.totals.indirect],
    ['Requested from the funder', summary.requested, summary.totals.requested],
  ] as const)
    rows.push(['Total', '', label, ...ys.map(String), String(total), '']);
  rows.push(['Currency', '', summary.currency, ...years(budget).map(() => ''), '', summary.basis]);
  // The funder's table (ADR 0741) after the lines, its amounts as plain numbers.
  const shape = budgetShape(budget, rules, summary);
  for (const r of shape.rows)
    rows.push([shape.title, '', r.label, ...(r.amounts ?? []).map(String), r.note ?? '']);
  return csvTable(rows);
}
