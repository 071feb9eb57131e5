import type {
  Budget,
  BudgetFinding,
  BudgetLine,
  BudgetPartner,
  BudgetRuleRef,
  BudgetSummary,
} from './budget.schema.ts';
import { BUDGET_CATEGORY_LABELS } from './budget.schema.ts';
import {
  costShareRequest,
  fixedRateIndirect,
  indirectCostBase,
  isEquipment,
  modularYear,
  requestIsStated,
  shareOfCosts,
  unitsFor,
  withinLimit,
} from './cost-rules.ts';
import type { CostRule, ProgramCostRules } from './cost-rules.schema.ts';

/**
 * A budget against its program's cost rules (issue 26 §3, ADR 0281): the request computed the way
 * the funder computes it, and one finding per rule that applies, naming the rule's words, source
 * and date. Pure, so the editor's live preview and the server's stored record are the same
 * computation on the same data (apps/server/data/cost-rules.json). A rule the funder's own page
 * did not confirm never decides anything on its own: its finding says "check with the funder".
 */

type Rule<K extends CostRule['kind']> = Extract<CostRule, { kind: K }>;

/** A rule's words before " — line …": its closing full stop dropped, so the sentence reads once. */
const ruleWords = (rule: { says: string }) => rule.says.trim().replace(/\.$/, '');

export function formatBudgetMoney(value: number, currency: string): string {
  return `${currency} $${Math.round(value).toLocaleString('en-US')}`;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const zeros = (n: number) => Array.from({ length: n }, () => 0);
const addInto = (into: number[], xs: number[]) => xs.forEach((x, i) => (into[i] = (into[i] ?? 0) + x));

function ref(rule: CostRule): BudgetRuleRef {
  return {
    kind: rule.kind,
    says: rule.says,
    source: rule.source,
    read: rule.read,
    verified: rule.verified,
    note: rule.note ?? null,
  };
}

/** A rule's finding: an unverified rule is never stated as fact, only as something to check. */
function finding(
  rule: CostRule | null,
  status: BudgetFinding['status'],
  message: string,
  at: { lineId?: string | null; year?: number | null } = {},
): BudgetFinding {
  const unverified = rule && !rule.verified && (status === 'unmet' || status === 'met');
  return {
    status: unverified ? 'check' : status,
    message: unverified
      ? `Check with the funder (rule not confirmed on the funder's page): ${message}`
      : message,
    lineId: at.lineId ?? null,
    year: at.year ?? null,
    rule: rule && ref(rule),
  };
}

/**
 * A rule's note on the budget (not a verdict): said as information when the funder's page confirmed
 * the rule, as something to check when it did not.
 */
function noteOf(rule: CostRule, message: string, at: { lineId?: string | null } = {}): BudgetFinding {
  return rule.verified
    ? finding(rule, 'info', message, at)
    : {
        ...finding(rule, 'check', message, at),
        message: `Check with the funder (rule not confirmed on the funder's page): ${message}${rule.note ? ` ${rule.note}` : ''}`,
      };
}

/** Verified rules first, so the rule that decides is the confirmed one. */
function ofKind<K extends CostRule['kind']>(rules: CostRule[], kind: K): Rule<K>[] {
  return rules
    .filter((r): r is Rule<K> => r.kind === kind)
    .sort((a, b) => Number(b.verified) - Number(a.verified));
}

function partnerMatches(rule: Rule<'cost_share'>, employees: number | null): boolean | null {
  const p = rule.partners;
  if (p.size === 'any') return true;
  if (employees === null) return null;
  return p.size === 'small' ? employees <= p.maxEmployees : employees >= p.minEmployees;
}

const yearLabel = (y: number) => `year ${y + 1}`;
const lineName = (l: BudgetLine) => `'${l.label}'`;

/**
 * Spreads a whole-project amount over the years in proportion to a per-year base, in whole units,
 * so the years add up to the total exactly (the last year takes the rounding).
 */
function spread(total: number, base: number[]): number[] {
  const whole = sum(base);
  if (whole <= 0) return base.map((_, i) => (i === 0 ? total : 0));
  let left = total;
  return base.map((b, i) => {
    if (i === base.length - 1) return left;
    const part = Math.round((total * b) / whole);
    left -= part;
    return part;
  });
}

/** The budget's sums and the request the funder would compute, with one finding per rule. */
export function checkBudget(budget: Budget, program: ProgramCostRules | null): BudgetSummary {
  const n = budget.years;
  const currency = program?.currency ?? 'CAD';
  const money = (v: number) => formatBudgetMoney(v, currency);
  const rules = program?.rules ?? [];
  const findings: BudgetFinding[] = [];

  const categoryRules = ofKind(rules, 'category');
  const indirectRules = ofKind(rules, 'indirect');
  // A category leaves the request only where a confirmed rule says the funder does not pay it.
  const excluded = new Set(
    categoryRules.filter((r) => r.eligible === false && r.verified).map((r) => r.category),
  );
  const indirectNotPaid =
    excluded.has('indirect') || indirectRules.some((r) => r.treatment === 'not_paid' && r.verified);

  const direct = zeros(n);
  const eligibleDirect = zeros(n);
  const indirect = zeros(n);
  for (const line of budget.lines) {
    if (line.category === 'indirect') addInto(indirect, line.amounts);
    else {
      addInto(direct, line.amounts);
      if (!excluded.has(line.category)) addInto(eligibleDirect, line.amounts);
    }
  }
  const partnerCash = zeros(n);
  const partnerInKind = zeros(n);
  for (const p of budget.partners) {
    addInto(partnerCash, p.cash);
    addInto(partnerInKind, p.inKind);
  }
  const indirectRequested = indirectNotPaid ? zeros(n) : [...indirect];

  // --- category rules: the lines the funder does not pay, or pays only under conditions ---
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

  // --- category terms: no indirect costs on a category, and its money kept to it (NSF participant support) ---
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

  // --- the equipment threshold: an item below it is supplies, not equipment ---
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

  // --- the request, as the program computes it ---
  const requestRule = ofKind(rules, 'request')[0] ?? null;
  const computed = requestRule?.computed ?? 'eligible_costs';
  let requestedDirect = [...eligibleDirect];
  let basis = requestRule
    ? requestRule.says
    : program
      ? 'No rule on how the request is computed is recorded: the request is the eligible costs.'
      : 'No cost rules are recorded for this program: the request is the sum of the costs entered.';

  if (computed === 'ratio_to_partner_contribution') {
    const shareRules = ofKind(rules, 'cost_share');
    let cap = 0;
    for (const p of budget.partners) {
      const matching = shareRules.filter((r) => partnerMatches(r, p.employees) !== false);
      const unknownSize = p.employees === null && matching.some((r) => partnerMatches(r, null) === null);
      // An unknown size counts at the least generous ratio that could apply.
      const rule = matching.sort((a, b) => a.funderPerPartnerDollar - b.funderPerPartnerDollar)[0];
      if (unknownSize)
        findings.push(
          finding(
            rule ?? null,
            'check',
            `State how many employees ${p.name} has: the ratio depends on the partner's size.`,
            {
              lineId: p.id,
            },
          ),
        );
      if (!rule) continue;
      const counted =
        sum(rule.counts.includes('partner_cash') ? p.cash : []) +
        sum(rule.counts.includes('partner_in_kind') ? p.inKind : []);
      cap += costShareRequest(counted, rule);
    }
    const rule = shareRules[0];
    const need = Math.max(0, sum(eligibleDirect) - sum(partnerCash));
    const total = Math.min(need, cap);
    requestedDirect = spread(
      total,
      eligibleDirect.map((d, i) => Math.max(0, d - (partnerCash[i] ?? 0))),
    );
    if (rule) {
      const ratio = rule.funderPerPartnerDollar;
      const sizes = budget.partners
        .map(
          (p) =>
            `${p.name}${p.employees === null ? '' : ` (${p.employees.toLocaleString('en-US')} employees)`}`,
        )
        .join(', ');
      if (sum(partnerCash) === 0)
        findings.push(
          finding(rule, 'unmet', `${rule.says} No partner cash is entered, so nothing can be requested.`),
        );
      else if (need > cap) {
        const cashNeeded = Math.ceil(sum(eligibleDirect) / (1 + ratio));
        findings.push(
          finding(
            rule,
            'unmet',
            `${rule.says} The partner cash of ${money(sum(partnerCash))} (${sizes}) supports at most ${money(cap)}; the costs of ${money(sum(eligibleDirect))} need ${money(need)}. Raise the partner cash to ${money(cashNeeded)} or lower the costs to ${money(cap + sum(partnerCash))}.`,
          ),
        );
      } else
        findings.push(
          finding(
            rule,
            'met',
            `${rule.says} The partner cash of ${money(sum(partnerCash))} (${sizes}) supports up to ${money(cap)}; the costs need ${money(need)}.`,
          ),
        );
    }
  } else if (computed === 'share_of_eligible_costs') {
    const shares = ofKind(rules, 'share_of_costs');
    const general = shares.find((r) => !r.category) ?? null;
    requestedDirect = zeros(n);
    const supported = zeros(n);
    const byCategory = new Map<string, number[]>();
    for (const line of budget.lines) {
      if (line.category === 'indirect' && indirectNotPaid) continue;
      if (excluded.has(line.category)) continue;
      const into = byCategory.get(line.category) ?? zeros(n);
      addInto(into, line.amounts);
      byCategory.set(line.category, into);
    }
    for (const [category, amounts] of byCategory) {
      const rule = shares.find((r) => r.category === category) ?? general;
      const label = BUDGET_CATEGORY_LABELS[category as keyof typeof BUDGET_CATEGORY_LABELS];
      if (!rule) {
        findings.push(
          finding(
            null,
            'check',
            `No share is recorded for ${label.toLowerCase()} (${money(sum(amounts))}); it is left out of the request. Check with the funder whether it is supported.`,
          ),
        );
        continue;
      }
      const paid = amounts.map((a) => shareOfCosts(a, rule));
      addInto(requestedDirect, paid);
      addInto(supported, amounts);
      // An unconfirmed share is an estimate to check, never the funder's word.
      findings.push(
        noteOf(
          rule,
          `${rule.says} ${label}: ${money(sum(paid))} of ${money(sum(amounts))} (${Math.round(rule.maxShare * 100)}%).`,
        ),
      );
    }
    if (requestIsStated(program)) {
      const estimate = sum(requestedDirect);
      if (budget.statedRequest === undefined) {
        basis = `${basis.trim().replace(/\.$/, '')}. The shares are not confirmed on the funder's page: ${money(estimate)} is an estimate at those shares; check with the funder and enter the amount you request.`;
        findings.push(
          finding(
            requestRule,
            'check',
            `Check with the funder (rule not confirmed on the funder's page): enter the amount you request, as agreed with the funder. At the shares quoted above it would be ${money(estimate)}.`,
          ),
        );
      } else {
        const stated = budget.statedRequest;
        requestedDirect = spread(stated, supported);
        basis = `The request is the amount the applicant states, ${money(stated)}: the funder's shares of costs are not confirmed on its page, so none is applied (check with the funder).`;
        if (stated > sum(supported))
          findings.push(
            finding(
              null,
              'unmet',
              `The request you state, ${money(stated)}, is more than the supported costs of ${money(sum(supported))}.`,
            ),
          );
      }
    }
  } else if (computed === 'units') {
    const rule = ofKind(rules, 'unit')[0];
    if (rule) {
      const { units, funder } = unitsFor(sum(partnerCash), rule);
      requestedDirect = spread(funder, partnerCash);
      const leftover = sum(partnerCash) - units * rule.partnerPerUnit;
      if (units === 0)
        findings.push(
          finding(
            rule,
            'unmet',
            `${rule.says} A unit needs ${money(rule.partnerPerUnit)} of partner cash; ${money(sum(partnerCash))} is entered.`,
          ),
        );
      else
        findings.push(
          finding(
            rule,
            leftover > 0 ? 'info' : 'met',
            `${rule.says} ${money(sum(partnerCash))} of partner cash buys ${units} unit${units === 1 ? '' : 's'} (${units * rule.months} months): ${money(funder)} from the funder.${leftover > 0 ? ` ${money(leftover)} does not complete another unit.` : ''}`,
          ),
        );
    }
  }

  // --- modular budgets: direct costs requested in whole modules up to a yearly ceiling ---
  const modular = ofKind(rules, 'modular')[0];
  if (modular && sum(requestedDirect) > 0) {
    const years = requestedDirect.map((d) => modularYear(d, modular));
    const over = years.findIndex((y) => !y.modular);
    if (over >= 0)
      findings.push(
        finding(
          modular,
          'info',
          `${modular.says} The direct costs of ${yearLabel(over)} are ${money(requestedDirect[over] ?? 0)}, above ${money(modular.maxPerYear)}: a detailed budget is needed, not a modular one.`,
          { year: over },
        ),
      );
    else {
      const rounded = years.map((y, i) => ({ ...y, i })).filter((y) => y.requested !== requestedDirect[y.i]);
      if (rounded.length > 0)
        findings.push(
          finding(
            modular,
            'info',
            `${modular.says} Rounded up to whole modules: ${rounded.map((y) => `${yearLabel(y.i)} ${money(requestedDirect[y.i] ?? 0)} → ${y.modules} × ${money(modular.moduleSize)} = ${money(y.requested)}`).join('; ')}.`,
          ),
        );
      requestedDirect = years.map((y) => y.requested);
      basis = `${basis} Direct costs are requested in modules of ${money(modular.moduleSize)}.`;
    }
  }

  const requested = requestedDirect.map(
    (d, i) => d + (computed === 'eligible_costs' ? (indirectRequested[i] ?? 0) : 0),
  );

  // --- limits: per year and per project, on the request, never mixing the two ---
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

  for (const p of budget.partners)
    if (sum(p.cash) + sum(p.inKind) === 0)
      findings.push(finding(null, 'info', `${p.name} has no cash or in-kind amount yet.`, { lineId: p.id }));

  const totals = {
    direct: sum(direct),
    indirect: sum(indirect),
    partnerCash: sum(partnerCash),
    partnerInKind: sum(partnerInKind),
    requested: sum(requested),
    projectCost: sum(direct) + sum(indirect),
  };
  return { currency, direct, indirect, partnerCash, partnerInKind, requested, totals, basis, findings };
}

/** The partners' money as facts (ADR 0281): what the budget says each partner gives, by kind. */
export function partnerFacts(budget: Budget): { partner: string; kind: 'cash' | 'in_kind'; value: number }[] {
  return budget.partners.flatMap((p: BudgetPartner) => [
    ...(sum(p.cash) > 0 ? [{ partner: p.name, kind: 'cash' as const, value: sum(p.cash) }] : []),
    ...(sum(p.inKind) > 0 ? [{ partner: p.name, kind: 'in_kind' as const, value: sum(p.inKind) }] : []),
  ]);
}
