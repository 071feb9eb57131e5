import { BUDGET_CATEGORY_LABELS } from './budget.schema.ts';
import { fixedRateIndirect, indirectCostBase, isEquipment, withinLimit } from './cost-rules.ts';
import {
  addInto,
  type BudgetSums,
  finding,
  lineName,
  noteOf,
  ofKind,
  ruleWords,
  sum,
  yearLabel,
  zeros,
} from './budget-findings.ts';

/**
 * The budget's findings rule by rule (budget-checks.ts, ADR 0281): categories the funder does not
 * pay or pays under conditions, indirect costs, a category's terms, the equipment threshold, and
 * limits per year, in one year or over the project, never mixing the two.
 */

/** The lines the funder does not pay, or pays only under conditions; partner money is never a request. */
export function categoryFindings(c: BudgetSums): void {
  const { budget, rules, money, findings, partnerCash, partnerInKind } = c;
  const categoryRules = ofKind(rules, 'category');
  for (const rule of categoryRules) {
    if (rule.category === 'partner_in_kind' || rule.category === 'partner_cash') {
      const entered = sum(rule.category === 'partner_in_kind' ? partnerInKind : partnerCash);
      if (entered > 0 && rule.eligible === false)
        findings.push(
          finding(
            rule,
            'info',
            `${rule.says} The ${money(entered)} entered is recorded as the partners' contribution and not counted in the request.`,
          ),
        );
      continue;
    }
    for (const line of budget.lines.filter((l) => l.category === rule.category && sum(l.amounts) > 0)) {
      const where = `line ${lineName(line)} ${money(sum(line.amounts))}`;
      if (rule.eligible === false)
        findings.push(finding(rule, 'unmet', `${ruleWords(rule)} — ${where}.`, { lineId: line.id }));
      else if (rule.eligible === 'conditional')
        findings.push(
          finding(rule, 'check', `Eligible only under conditions: ${ruleWords(rule)} — ${where}.`, {
            lineId: line.id,
          }),
        );
    }
  }
}

/** Indirect costs: not paid, at a negotiated rate, or within a fixed rate of each year's direct costs. */
export function indirectFindings(c: BudgetSums): void {
  const { budget, rules, money, findings, direct, eligibleDirect, indirect } = c;
  const indirectRules = ofKind(rules, 'indirect');
  for (const rule of indirectRules) {
    const lines = budget.lines.filter((l) => l.category === 'indirect' && sum(l.amounts) > 0);
    if (rule.treatment === 'not_paid')
      for (const line of lines)
        findings.push(
          finding(rule, 'unmet', `${ruleWords(rule)} — line ${lineName(line)} ${money(sum(line.amounts))}.`, {
            lineId: line.id,
          }),
        );
    else if (rule.treatment === 'negotiated_rate' && lines.length === 0 && sum(direct) > 0)
      findings.push(
        finding(
          rule,
          'info',
          `${rule.says} No indirect costs are entered yet; add them at your institution's rate.`,
        ),
      );
    else if (rule.treatment === 'fixed_rate' && rule.rate !== undefined && sum(eligibleDirect) > 0) {
      // Year by year: the indirect costs entered against the rate on that year's eligible direct costs.
      const pct = `${Math.round(rule.rate * 100)}%`;
      const where = lines.length > 0 ? ` — line ${lines.map(lineName).join(', ')}` : '';
      const over = indirect
        .map((v, i) => ({ v, i, most: fixedRateIndirect(eligibleDirect[i] ?? 0, rule) ?? 0 }))
        .filter(({ v, most }) => v > most);
      for (const { v, i, most } of over)
        findings.push(
          finding(
            rule,
            'unmet',
            `${rule.says}${where}: in ${yearLabel(i)} the indirect costs are ${money(v)}, more than ${pct} of the ${money(eligibleDirect[i] ?? 0)} of direct costs (${money(most)}).`,
            { lineId: lines[0]?.id ?? null, year: i },
          ),
        );
      if (over.length === 0)
        findings.push(
          lines.length === 0
            ? noteOf(
                rule,
                `${rule.says} No indirect costs are entered; up to ${money(sum(eligibleDirect.map((d) => fixedRateIndirect(d, rule) ?? 0)))} (${pct} of the direct costs) may be requested.`,
              )
            : finding(
                rule,
                'met',
                `${rule.says}${where}: every year's indirect costs are within ${pct} of its direct costs.`,
                { lineId: lines[0]?.id ?? null },
              ),
        );
    }
  }
}

/** Category terms: no indirect costs on a category, and its money kept to it (NSF participant support). */
export function categoryTermsFindings(c: BudgetSums): void {
  const { budget, rules, money, findings, direct } = c;
  const directByCategory = new Map<string, number>();
  for (const line of budget.lines)
    if (line.category !== 'indirect')
      directByCategory.set(line.category, (directByCategory.get(line.category) ?? 0) + sum(line.amounts));
  for (const rule of ofKind(rules, 'category_terms')) {
    const amount = directByCategory.get(rule.category) ?? 0;
    if (amount === 0) continue;
    const label =
      BUDGET_CATEGORY_LABELS[rule.category as keyof typeof BUDGET_CATEGORY_LABELS] ?? rule.category;
    const parts = [`${rule.says} ${label}: ${money(amount)}.`];
    if (!rule.carriesIndirect)
      parts.push(
        `No indirect costs are paid on it: apply your institution's rate to ${money(indirectCostBase(directByCategory, [rule]))} of direct costs, not ${money(sum(direct))}.`,
      );
    if (rule.rebudgetNeedsApproval)
      parts.push("Moving this money to other categories after the award needs the funder's prior approval.");
    findings.push(noteOf(rule, parts.join(' ')));
  }
}

/** The equipment threshold: an item below it is supplies, not equipment. */
export function equipmentFindings(c: BudgetSums): void {
  const { budget, rules, money, findings } = c;
  for (const rule of ofKind(rules, 'equipment_threshold')) {
    for (const line of budget.lines) {
      const total = sum(line.amounts);
      if (total === 0) continue;
      const where = `line ${lineName(line)} ${money(total)}`;
      // A whole line below the threshold holds no item at or above it: none of it is equipment.
      if (line.category === 'equipment' && !isEquipment(total, rule))
        findings.push(
          finding(
            rule,
            'unmet',
            `${ruleWords(rule)} — ${where} is less than ${money(rule.unitCost)} in all, so no item in it is equipment: enter it under materials and supplies.`,
            { lineId: line.id },
          ),
        );
      // Supplies that add up to the threshold may hide one item that is equipment; only the applicant knows.
      else if (line.category === 'materials' && isEquipment(total, rule))
        findings.push(
          noteOf(
            rule,
            `${ruleWords(rule)} — ${where}: an item in it that costs ${money(rule.unitCost)} or more is equipment; enter such an item under equipment.`,
            { lineId: line.id },
          ),
        );
    }
  }
}

/** Limits per year, in one year and per project, on the request (or a category), never mixing them. */
export function limitFindings(c: BudgetSums, requestedDirect: number[], requested: number[]): void {
  const { budget, rules, n, money, findings } = c;
  for (const rule of ofKind(rules, 'limit')) {
    const series = rule.category
      ? (() => {
          const s = zeros(n);
          for (const l of budget.lines.filter((l) => l.category === rule.category)) addInto(s, l.amounts);
          return s;
        })()
      : rule.basis === 'direct'
        ? requestedDirect
        : requested;
    if (sum(series) === 0) continue;
    const bounds = [
      rule.min !== undefined ? `at least ${money(rule.min)}` : '',
      rule.max !== undefined ? `at most ${money(rule.max)}` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    const what = rule.category
      ? (BUDGET_CATEGORY_LABELS[rule.category as keyof typeof BUDGET_CATEGORY_LABELS] ?? rule.category)
      : `the ${rule.basis === 'direct' ? 'direct costs requested' : 'request'}`;
    if (rule.scope === 'one_year') {
      // One year's bound (CREATE's first year): judged on that year alone, when the budget has it.
      const y = (rule.year ?? 1) - 1;
      if (y >= n) continue;
      const v = series[y] ?? 0;
      findings.push(
        withinLimit(v, rule)
          ? finding(
              rule,
              'met',
              `${rule.says} In ${yearLabel(y)} ${what} is ${money(v)}, within ${bounds}.`,
              {
                year: y,
              },
            )
          : finding(
              rule,
              'unmet',
              `${rule.says} In ${yearLabel(y)} ${what} is ${money(v)}; it must be ${bounds} in that year.`,
              { year: y },
            ),
      );
    } else if (rule.scope === 'per_year') {
      const off = series.map((v, i) => ({ v, i })).filter(({ v }) => !withinLimit(v, rule));
      for (const { v, i } of off)
        findings.push(
          finding(
            rule,
            'unmet',
            `${rule.says} In ${yearLabel(i)} ${what} is ${money(v)}; it must be ${bounds} per year.`,
            { year: i },
          ),
        );
      if (off.length === 0)
        findings.push(finding(rule, 'met', `${rule.says} Every year's ${what} is within ${bounds}.`));
    } else {
      const v = sum(series);
      findings.push(
        withinLimit(v, rule)
          ? finding(rule, 'met', `${rule.says} Over the project, ${what} is ${money(v)}, within ${bounds}.`)
          : finding(
              rule,
              'unmet',
              `${rule.says} Over the project, ${what} is ${money(v)}; it must be ${bounds}.`,
            ),
      );
    }
  }
}
