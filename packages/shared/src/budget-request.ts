import { BUDGET_CATEGORY_LABELS } from './budget.schema.ts';
import { costShareRequest, modularYear, requestIsStated, shareOfCosts, unitsFor } from './cost-rules.ts';
import type { CostRule } from './cost-rules.schema.ts';
import {
  addInto,
  type BudgetSums,
  finding,
  noteOf,
  ofKind,
  partnerMatches,
  spread,
  sum,
  yearLabel,
  zeros,
} from './budget-findings.ts';

/**
 * The request as the program computes it (budget-checks.ts, ADR 0281, 0740): eligible costs;
 * Alliance's ratio to the partners' contributions; shares of eligible costs (or the applicant's
 * stated amount where the shares are unconfirmed); Mitacs units; then whole NIH modules.
 */

/** The request being computed: the direct costs requested by year and the sentence saying how. */
interface RequestState {
  requestedDirect: number[];
  basis: string;
  requestRule: Extract<CostRule, { kind: 'request' }> | null;
}

function ratioRequest(c: BudgetSums, s: RequestState): void {
  const { budget, rules, money, findings, eligibleDirect, partnerCash } = c;
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
  s.requestedDirect = spread(
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
}

function shareRequest(c: BudgetSums, s: RequestState): void {
  const { budget, rules, program, n, money, findings, excluded, indirectNotPaid } = c;
  const { requestRule } = s;
  const shares = ofKind(rules, 'share_of_costs');
  const general = shares.find((r) => !r.category) ?? null;
  s.requestedDirect = zeros(n);
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
    addInto(s.requestedDirect, paid);
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
    const estimate = sum(s.requestedDirect);
    if (budget.statedRequest === undefined) {
      s.basis = `${s.basis.trim().replace(/\.$/, '')}. The shares are not confirmed on the funder's page: ${money(estimate)} is an estimate at those shares; check with the funder and enter the amount you request.`;
      findings.push(
        finding(
          requestRule,
          'check',
          `Check with the funder (rule not confirmed on the funder's page): enter the amount you request, as agreed with the funder. At the shares quoted above it would be ${money(estimate)}.`,
        ),
      );
    } else {
      const stated = budget.statedRequest;
      s.requestedDirect = spread(stated, supported);
      s.basis = `The request is the amount the applicant states, ${money(stated)}: the funder's shares of costs are not confirmed on its page, so none is applied (check with the funder).`;
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
}

function unitsRequest(c: BudgetSums, s: RequestState): void {
  const { rules, money, findings, partnerCash } = c;
  const rule = ofKind(rules, 'unit')[0];
  if (rule) {
    const { units, funder } = unitsFor(sum(partnerCash), rule);
    s.requestedDirect = spread(funder, partnerCash);
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

/** The direct costs requested by year, how the program computes them, and the sentence saying so. */
export function requestOf(c: BudgetSums): {
  requestedDirect: number[];
  basis: string;
  computed: string;
} {
  const { rules, program, eligibleDirect } = c;
  const requestRule = ofKind(rules, 'request')[0] ?? null;
  const computed = requestRule?.computed ?? 'eligible_costs';
  const s: RequestState = {
    requestedDirect: [...eligibleDirect],
    basis: requestRule
      ? requestRule.says
      : program
        ? 'No rule on how the request is computed is recorded: the request is the eligible costs.'
        : 'No cost rules are recorded for this program: the request is the sum of the costs entered.',
    requestRule,
  };
  if (computed === 'ratio_to_partner_contribution') ratioRequest(c, s);
  else if (computed === 'share_of_eligible_costs') shareRequest(c, s);
  else if (computed === 'units') unitsRequest(c, s);
  modularRequest(c, s);
  return { requestedDirect: s.requestedDirect, basis: s.basis, computed };
}

function modularRequest(c: BudgetSums, s: RequestState): void {
  const { rules, money, findings } = c;
  // --- modular budgets: direct costs requested in whole modules up to a yearly ceiling ---
  const modular = ofKind(rules, 'modular')[0];
  if (modular && sum(s.requestedDirect) > 0) {
    const years = s.requestedDirect.map((d) => modularYear(d, modular));
    const over = years.findIndex((y) => !y.modular);
    if (over >= 0)
      findings.push(
        finding(
          modular,
          'info',
          `${modular.says} The direct costs of ${yearLabel(over)} are ${money(s.requestedDirect[over] ?? 0)}, above ${money(modular.maxPerYear)}: a detailed budget is needed, not a modular one.`,
          { year: over },
        ),
      );
    else {
      const rounded = years
        .map((y, i) => ({ ...y, i }))
        .filter((y) => y.requested !== s.requestedDirect[y.i]);
      if (rounded.length > 0)
        findings.push(
          finding(
            modular,
            'info',
            `${modular.says} Rounded up to whole modules: ${rounded.map((y) => `${yearLabel(y.i)} ${money(s.requestedDirect[y.i] ?? 0)} → ${y.modules} × ${money(modular.moduleSize)} = ${money(y.requested)}`).join('; ')}.`,
          ),
        );
      s.requestedDirect = years.map((y) => y.requested);
      s.basis = `${s.basis} Direct costs are requested in modules of ${money(modular.moduleSize)}.`;
    }
  }
}
