import type { Budget, BudgetFinding, BudgetPartner, BudgetSummary } from './budget.schema.ts';
import type { ProgramCostRules } from './cost-rules.schema.ts';
import {
  addInto,
  type BudgetSums,
  finding,
  formatBudgetMoney,
  ofKind,
  sum,
  zeros,
} from './budget-findings.ts';
import { inProgramCurrency } from './budget-currency.ts';
import { requestOf } from './budget-request.ts';
import {
  categoryFindings,
  categoryTermsFindings,
  equipmentFindings,
  indirectFindings,
  limitFindings,
} from './budget-rule-checks.ts';

export { formatBudgetMoney } from './budget-findings.ts';

/**
 * A budget against its program's cost rules (issue 26 §3, ADR 0281): the request computed the way
 * the funder computes it, and one finding per rule that applies, naming the rule's words, source
 * and date. Pure, so the editor's live preview and the server's stored record are the same
 * computation on the same data (apps/server/data/cost-rules.json). A rule the funder's own page
 * did not confirm never decides anything on its own: its finding says "check with the funder".
 * The findings' wording is budget-findings.ts; the rule-by-rule checks budget-rule-checks.ts; the
 * request's computation budget-request.ts.
 */

/** The budget's sums and the request the funder would compute, with one finding per rule. */
export function checkBudget(entered: Budget, program: ProgramCostRules | null): BudgetSummary {
  const n = entered.years;
  const currency = program?.currency ?? 'CAD';
  const money = (v: number) => formatBudgetMoney(v, currency);
  const rules = program?.rules ?? [];
  // Every check reads amounts in the program's currency, converted only at the applicant's rates.
  const { budget, conversions, findings: conversionFindings } = inProgramCurrency(entered, currency);
  const findings: BudgetFinding[] = [...conversionFindings];

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

  const sums: BudgetSums = {
    budget,
    program,
    rules,
    n,
    money,
    findings,
    excluded,
    indirectNotPaid,
    direct,
    eligibleDirect,
    indirect,
    partnerCash,
    partnerInKind,
  };
  categoryFindings(sums);
  indirectFindings(sums);
  categoryTermsFindings(sums);
  equipmentFindings(sums);
  const { requestedDirect, basis, computed } = requestOf(sums);

  const requested = requestedDirect.map(
    (d, i) => d + (computed === 'eligible_costs' ? (indirectRequested[i] ?? 0) : 0),
  );

  limitFindings(sums, requestedDirect, requested);

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
  return {
    currency,
    direct,
    indirect,
    partnerCash,
    partnerInKind,
    requested,
    totals,
    basis,
    findings,
    conversions,
  };
}

/**
 * The partners' money as facts (ADR 0281): what the budget says each partner gives, by kind, in the
 * program's currency (a partner in another currency without a rate gives nothing countable).
 */
export function partnerFacts(
  entered: Budget,
  program: ProgramCostRules | null,
): { partner: string; kind: 'cash' | 'in_kind'; value: number }[] {
  const { budget } = inProgramCurrency(entered, program?.currency ?? 'CAD');
  return budget.partners.flatMap((p: BudgetPartner) => [
    ...(sum(p.cash) > 0 ? [{ partner: p.name, kind: 'cash' as const, value: sum(p.cash) }] : []),
    ...(sum(p.inKind) > 0 ? [{ partner: p.name, kind: 'in_kind' as const, value: sum(p.inKind) }] : []),
  ]);
}
