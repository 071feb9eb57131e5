import type { Budget, BudgetFinding, BudgetLine, BudgetRuleRef } from './budget.schema.ts';
import type { CostRule, ProgramCostRules } from './cost-rules.schema.ts';

/**
 * The budget checks' vocabulary (budget-checks.ts, ADR 0281): how a rule's finding is worded, so an
 * unverified rule is never stated as fact, and the small sums every check shares.
 */

export type Rule<K extends CostRule['kind']> = Extract<CostRule, { kind: K }>;

/** A rule's words before " — line …": its closing full stop dropped, so the sentence reads once. */
export const ruleWords = (rule: { says: string }) => rule.says.trim().replace(/\.$/, '');

/** Currencies written with a dollar sign after their code ("CAD $200,000"); others by code alone ("EUR 200,000"). */
const DOLLARS = new Set(['CAD', 'USD', 'AUD']);

export function formatBudgetMoney(value: number, currency: string): string {
  return `${currency}${DOLLARS.has(currency) ? ' $' : ' '}${Math.round(value).toLocaleString('en-US')}`;
}

export const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
export const zeros = (n: number) => Array.from({ length: n }, () => 0);
export const addInto = (into: number[], xs: number[]) => xs.forEach((x, i) => (into[i] = (into[i] ?? 0) + x));

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
export function finding(
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
export function noteOf(rule: CostRule, message: string, at: { lineId?: string | null } = {}): BudgetFinding {
  return rule.verified
    ? finding(rule, 'info', message, at)
    : {
        ...finding(rule, 'check', message, at),
        message: `Check with the funder (rule not confirmed on the funder's page): ${message}${rule.note ? ` ${rule.note}` : ''}`,
      };
}

/** Verified rules first, so the rule that decides is the confirmed one. */
export function ofKind<K extends CostRule['kind']>(rules: CostRule[], kind: K): Rule<K>[] {
  return rules
    .filter((r): r is Rule<K> => r.kind === kind)
    .sort((a, b) => Number(b.verified) - Number(a.verified));
}

export function partnerMatches(rule: Rule<'cost_share'>, employees: number | null): boolean | null {
  const p = rule.partners;
  if (p.size === 'any') return true;
  if (employees === null) return null;
  return p.size === 'small' ? employees <= p.maxEmployees : employees >= p.minEmployees;
}

export const yearLabel = (y: number) => `year ${y + 1}`;
export const lineName = (l: BudgetLine) => `'${l.label}'`;

/**
 * Spreads a whole-project amount over the years in proportion to a per-year base, in whole units,
 * so the years add up to the total exactly (the last year takes the rounding).
 */
export function spread(total: number, base: number[]): number[] {
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

/** A budget's sums by year and what every check reads; checks add their findings to `findings`. */
export interface BudgetSums {
  budget: Budget;
  program: ProgramCostRules | null;
  rules: CostRule[];
  /** The budget's years. */
  n: number;
  money: (v: number) => string;
  findings: BudgetFinding[];
  /** Categories a confirmed rule says the funder does not pay. */
  excluded: Set<string>;
  indirectNotPaid: boolean;
  direct: number[];
  eligibleDirect: number[];
  indirect: number[];
  partnerCash: number[];
  partnerInKind: number[];
}
