import { csvTable } from '@grantleaf/shared/csv';
import { checkBudget } from '@grantleaf/shared/budget-checks';
import { formatRate, inProgramCurrency } from '@grantleaf/shared/budget-currency';
import { BUDGET_CATEGORY_LABELS, type Budget, type BudgetSummary } from '@grantleaf/shared/budget.schema';
import type { ProgramCostRules } from '@grantleaf/shared/cost-rules.schema';
import type { Language } from '@grantleaf/shared/language';
import type { ExportBlock } from '../submissions/index.ts';
import { budgetShape } from './budget-shape.ts';
import { exportLabels, type ExportLabels } from '../submissions/index.ts';

/**
 * The budget in the application's exports (issue 26 §1, ADR 0281): the funder's own table first
 * (budget-shape.ts, ADR 0741), then each line by year, the partners' contributions, the request as the program's rules compute it, and a justification
 * written only from the lines and the applicant's notes (offline; nothing invented).
 */

const years = (b: Budget, w: ExportLabels = exportLabels('en')) =>
  Array.from({ length: b.years }, (_, i) => w.head.year(i + 1));
const sum = (xs: number[]) => xs.reduce((a, c) => a + c, 0);

/** The conversions' sentences (ADR 0940): each amount entered in another currency, its rate and source. */
function conversionNotes(entered: Budget, summary: BudgetSummary, language: Language): string[] {
  const w = exportLabels(language);
  // Named in the reader's words: the line's label or the partner's name, as the applicant typed it.
  const nameOf = (id: string, fallback: string) => {
    const line = entered.lines.find((l) => l.id === id);
    const partner = entered.partners.find((p) => p.id === id);
    return line ? w.converted.line(line.label) : partner ? w.converted.partner(partner.name) : fallback;
  };
  const rate = (r: number) =>
    language === 'fr' ? r.toLocaleString('fr-CA', { maximumFractionDigits: 6 }) : formatRate(r);
  return summary.conversions.map((c) =>
    w.conversion({
      name: nameOf(c.id, c.name),
      original: w.money(c.original, c.currency),
      from: c.currency,
      to: summary.currency,
      rate: c.rate === null ? null : rate(c.rate),
      source: c.source,
      date: c.date,
      converted: c.converted === null ? null : w.money(c.converted, summary.currency),
    }),
  );
}

/**
 * The budget's tables, every amount in the program's currency: a line or partner entered in another
 * currency appears converted at the applicant's rate (or at nothing without one), as checkBudget counts it.
 */
function tables(entered: Budget, rules: ProgramCostRules | null, w: ExportLabels) {
  const summary = checkBudget(entered, rules);
  const budget = inProgramCurrency(entered, summary.currency).budget;
  const money = (n: number) => w.money(n, summary.currency);
  const head = [w.head.category, w.head.line, ...years(budget, w), w.head.total];
  const lines = budget.lines.map((l) => [
    w.category(l.category),
    l.label,
    ...l.amounts.map(money),
    money(sum(l.amounts)),
  ]);
  const totals: [string, number[], number][] = [
    [w.totals.direct, summary.direct, summary.totals.direct],
    [w.totals.indirect, summary.indirect, summary.totals.indirect],
    [w.totals.requested, summary.requested, summary.totals.requested],
  ];
  const totalRows = totals.map(([label, ys, t]) => [label, '', ...ys.map(money), money(t)]);
  const partnerHead = [w.partners.partner, w.partners.contribution, ...years(budget, w), w.head.total];
  const partners = budget.partners.flatMap((p) => [
    [p.name, w.partners.cash, ...p.cash.map(money), money(sum(p.cash))],
    [p.name, w.partners.inKind, ...p.inKind.map(money), money(sum(p.inKind))],
  ]);
  return { summary, budget, money, head, lines, totalRows, partnerHead, partners };
}

/**
 * The budget's blocks in the reader's language (ADR 0861). The funder's own table (budget-shape.ts)
 * keeps the funder's English names, as the builder shows the cost rules in English.
 */
export function budgetBlocks(
  entered: Budget,
  rules: ProgramCostRules | null,
  language: Language = 'en',
): ExportBlock[] {
  const w = exportLabels(language);
  const t = tables(entered, rules, w);
  const budget = t.budget;
  const shape = budgetShape(budget, rules, t.summary);
  const blocks: ExportBlock[] = [
    { kind: 'h2', text: w.budget },
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
    { kind: 'h3', text: w.budgetLines },
    { kind: 'note', text: w.amountsIn(t.summary.currency) },
    ...conversionNotes(entered, t.summary, language).map((text): ExportBlock => ({ kind: 'note', text })),
    { kind: 'table', rows: [t.head, ...t.lines, ...t.totalRows] },
  ];
  if (t.partners.length > 0) {
    blocks.push({ kind: 'note', text: w.partners.heading });
    blocks.push({ kind: 'table', rows: [t.partnerHead, ...t.partners] });
  }
  blocks.push({ kind: 'h3', text: w.justification });
  blocks.push({
    kind: 'p',
    text: w.requestSentence({
      request: t.money(t.summary.totals.requested),
      years: budget.years,
      projectCost: t.money(t.summary.totals.projectCost),
      basis: t.summary.basis,
    }),
  });
  const colon = language === 'fr' ? '\u00a0:' : ':';
  for (const l of budget.lines)
    blocks.push({
      kind: 'p',
      text: `${w.category(l.category)} — ${l.label}${colon} ${t.money(sum(l.amounts))}.${l.note ? ` ${l.note}` : ''}`,
    });
  for (const p of budget.partners)
    blocks.push({
      kind: 'p',
      text: w.partnerSentence(p.name, t.money(sum(p.cash)), t.money(sum(p.inKind))),
    });
  if (budget.notes) blocks.push({ kind: 'p', text: budget.notes });
  return blocks;
}

/** The budget as CSV: whole numbers (no currency signs) so a spreadsheet can add them up. */
export function budgetCsv(entered: Budget, rules: ProgramCostRules | null): string {
  const summary = checkBudget(entered, rules);
  // Amounts in the program's currency, as the totals count them; the conversions are said below.
  const budget = inProgramCurrency(entered, summary.currency).budget;
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
  for (const note of conversionNotes(entered, summary, 'en'))
    rows.push(['Exchange rate', '', '', ...years(budget).map(() => ''), '', note]);
  // The funder's table (ADR 0741) after the lines, its amounts as plain numbers.
  const shape = budgetShape(budget, rules, summary);
  for (const r of shape.rows)
    rows.push([shape.title, '', r.label, ...(r.amounts ?? []).map(String), r.note ?? '']);
  return csvTable(rows);
}
