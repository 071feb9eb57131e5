import type {
  BudgetCheck,
  GeneratedSection,
  WorkPlan,
  WorkPlanRow,
} from '@grantleaf/shared/grant-results.schema';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { type FactModel, readForm, readText, requestedAmount, totalCost } from '../read/index.ts';
import { daysBetween, formatDay, parseDay } from '../text/days.ts';
import { parseMilestoneBudget } from '../text/money.ts';
import { type DraftLanguage, writerText } from '../write/phrases/index.ts';

/**
 * Budget checks that need no model: the form's work plan against its money, and the arithmetic of
 * a written budget section, both read from the fact model. A request is judged against a cap only
 * by the funder's cost rules (ADR 0530), never here.
 */

// Budget figures closer than this (in currency units) are equal: rounding in free text.
export const BUDGET_TOLERANCE = 1;
/** A budget sentence that restates the budget (a rate, the funder's range, the amount requested,
 * a contribution or cost share) rather than itemising a cost. */
const RESTATES_BUDGET = new RegExp(
  [
    String.raw`per (?:year|annum)|\/\s?yr|annual|program (?:maximum|minimum|range)|\bmatch(?:ed|ing)\b`,
    String.raw`\bcontributions?\b|\bcost[- ]?shar\w*`,
    String.raw`\b(?:amount|funding|funds|support|grant) requested\b|\brequest(?:s|ed|ing)?\b[^.;]*\bfrom\b|\bwe (?:are )?request`,
  ].join('|'),
  'i',
);

/** The catalogue's currency; without one, USD for a US program and CAD otherwise (Canada first). */
export function programCurrency(program: GrantProgram): string {
  const stated = program.currency?.trim();
  if (stated) return stated.toUpperCase();
  return /\b(?:US|USA|United States|U\.S\.)/.test(`${program.jurisdiction ?? ''} ${program.agency ?? ''}`)
    ? 'USD'
    : 'CAD';
}

// --- work plan and budget (from the generation form) --------------------------------------------

export function buildWorkPlan(form: GenerationForm): WorkPlan {
  const rows: WorkPlanRow[] = (form.timelineMilestones ?? []).map((m, i) => {
    const start = parseDay(m.startDate);
    const end = parseDay(m.endDate);
    const budgetText =
      m.budgetAmount === null || m.budgetAmount === undefined ? '' : String(m.budgetAmount).trim();
    return {
      milestone: m.title?.trim() || `Milestone ${i + 1}`,
      description: m.description?.trim() ?? '',
      startDate: start === null ? null : formatDay(start),
      endDate: end === null ? null : formatDay(end),
      durationDays: start !== null && end !== null ? daysBetween(start, end) : null,
      budgetText,
      budget: parseMilestoneBudget(m.budgetAmount),
      deliverables: m.deliverables?.trim() ?? '',
    };
  });
  const starts = rows.map((r) => parseDay(r.startDate)).filter((t): t is number => t !== null);
  const ends = rows.map((r) => parseDay(r.endDate)).filter((t): t is number => t !== null);
  const first = starts.length ? Math.min(...starts) : null;
  const last = ends.length ? Math.max(...ends) : null;
  return {
    rows,
    startDate: first === null ? null : formatDay(first),
    endDate: last === null ? null : formatDay(last),
    totalDurationDays: first !== null && last !== null ? daysBetween(first, last) : null,
    milestoneBudgetSum: roundCents(rows.reduce((sum, r) => sum + (r.budget ?? 0), 0)),
  };
}

/**
 * The form's money against its milestones, read from the fact model:
 * the request is the amount requested from this funder when the form states one ("IRAP
 * contribution requested $252,000"), the total otherwise; the milestones are compared with the
 * total project cost when one is stated, since they plan the whole project's spending.
 */
export function checkBudget(
  form: GenerationForm,
  program: GrantProgram,
  workPlan = buildWorkPlan(form),
  facts: FactModel = readForm(form),
): BudgetCheck {
  const currency = programCurrency(program);
  const request = requestedAmount(facts);
  const statedTotal = request?.value ?? null;
  const cost = totalCost(facts);
  const base = cost ?? request;
  // Against the total project cost when the form states one apart from the request.
  const againstCost = Boolean(cost && request && cost !== request);
  const milestonesWithBudget = workPlan.rows.filter((r) => r.budget !== null).length;
  const milestoneSum = workPlan.milestoneBudgetSum;
  const comparable = base !== null && milestonesWithBudget > 0;
  const difference = comparable ? roundCents(milestoneSum - base.value) : null;
  const matches = comparable ? Math.abs(difference ?? 0) <= BUDGET_TOLERANCE : null;

  const t = writerText(form.language);
  const money = (n: number) => t.money(n, currency);
  const message =
    base === null
      ? t.budgetCheck({ kind: 'noAmount', statedText: form.totalBudget })
      : milestonesWithBudget === 0
        ? t.budgetCheck({ kind: 'noMilestoneBudget', base: money(base.value) })
        : matches
          ? t.budgetCheck({ kind: 'matches', sum: money(milestoneSum), againstCost })
          : t.budgetCheck({
              kind: 'differs',
              sum: money(milestoneSum),
              base: money(base.value),
              againstCost,
              over: (difference ?? 0) > 0,
              by: money(Math.abs(difference ?? 0)),
            });

  return {
    currency,
    statedTotalText: form.totalBudget,
    statedTotal,
    milestoneSum,
    milestonesWithBudget,
    difference,
    matches,
    message,
  };
}

/**
 * Budget arithmetic on written text: the itemised amounts of the budget section against the
 * total it states, read from the fact model. The engine's own words (a rule's "2 dollars", its
 * computed figures) are not read; the request and the partners' cash or in-kind are never items;
 * the total is the stated total cost, or the request when no total cost is stated. Null when the
 * text has no budget section with amounts.
 */
export function checkTextBudget(
  sections: GeneratedSection[],
  program: GrantProgram,
  language: DraftLanguage = 'en',
): BudgetCheck | null {
  const budgetSection = sections.find((s) => /budget|funds requested|cost/i.test(s.heading));
  if (!budgetSection) return null;
  const body = budgetSection.body;
  const facts = readText([{ id: 'budget', text: body }]);
  const total = totalCost(facts) ?? requestedAmount(facts);
  const statedTotal = total?.value ?? null;
  const statedTotalText = total ? lineAround(body, total.source.start).text : '';
  const items: number[] = [];
  let lineEnd = -1;
  for (const a of facts.amounts) {
    // One item per line or sentence: "Salaries: $310,000 ($155,000 a year)" is one cost.
    if (a.source.start < lineEnd) continue;
    const line = lineAround(body, a.source.start);
    lineEnd = line.end;
    // Rates, comparisons and program figures restate the budget; they are not line items.
    if (a.role !== 'other' || a.perYear || RESTATES_BUDGET.test(line.text)) continue;
    items.push(a.value);
  }
  if (statedTotal === null && items.length === 0) return null;
  const currency = programCurrency(program);
  const itemSum = roundCents(items.reduce((a, b) => a + b, 0));
  const comparable = statedTotal !== null && items.length > 1;
  const difference = comparable && statedTotal !== null ? roundCents(itemSum - statedTotal) : null;
  const matches = difference === null ? null : Math.abs(difference) <= BUDGET_TOLERANCE;
  const t = writerText(language);
  const money = (n: number) => t.money(n, currency);
  const message =
    statedTotal === null
      ? t.textBudget({ kind: 'noTotal', items: money(itemSum) })
      : !comparable
        ? t.textBudget({ kind: 'noItems', total: money(statedTotal) })
        : matches
          ? t.textBudget({ kind: 'matches', total: money(statedTotal) })
          : t.textBudget({ kind: 'differs', items: money(itemSum), total: money(statedTotal) });
  return {
    currency,
    statedTotalText,
    statedTotal,
    milestoneSum: itemSum,
    milestonesWithBudget: items.length,
    difference,
    matches,
    message,
  };
}

/** The line or sentence of `text` that holds the offset (budget lines are often not sentences). */
function lineAround(text: string, at: number): { text: string; end: number } {
  const before = text.slice(0, at);
  const start = Math.max(before.lastIndexOf('\n'), before.search(/[.;]\s+(?=[^.;]*$)/) + 1, 0);
  const rest = text.slice(at);
  const stop = /\n|[.;](?=\s|$)/.exec(rest);
  const end = at + (stop ? stop.index + 1 : rest.length);
  return { text: text.slice(start, end).trim(), end };
}

export function roundCents(n: number): number {
  return Math.round(n * 100) / 100;
}
