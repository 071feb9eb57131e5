import type { CostRule, ProgramCostRules } from './cost-rules.schema.ts';

/**
 * The arithmetic of a funder's cost rules (cost-rules.schema.ts), kept pure so the budget
 * builder, the editor's live checks and the analysis compute a boundary the same way.
 */

type Rule<K extends CostRule['kind']> = Extract<CostRule, { kind: K }>;

/** Whether an amount lies within a limit's floor and ceiling (both inclusive). */
export function withinLimit(amount: number, rule: Rule<'limit'>): boolean {
  return (rule.min === undefined || amount >= rule.min) && (rule.max === undefined || amount <= rule.max);
}

/**
 * A year's direct costs against a modular-budget rule: whether the year may be requested in the
 * modular format, and in how many modules (the request rounded up to whole modules).
 */
export function modularYear(
  directCosts: number,
  rule: Rule<'modular'>,
): { modular: boolean; modules: number; requested: number } {
  const modules = Math.ceil(directCosts / rule.moduleSize);
  const requested = modules * rule.moduleSize;
  return { modular: directCosts <= rule.maxPerYear && requested <= rule.maxPerYear, modules, requested };
}

/** The most the funder pays against the partners' counted contribution under a cost-share ratio. */
export function costShareRequest(partnerContribution: number, rule: Rule<'cost_share'>): number {
  return Math.floor(partnerContribution * rule.funderPerPartnerDollar);
}

/** The most the funder pays towards eligible costs under a share-of-costs rule (whole dollars). */
export function shareOfCosts(eligibleCosts: number, rule: Rule<'share_of_costs'>): number {
  return Math.floor(eligibleCosts * rule.maxShare);
}

/** Units of a fixed-unit program the partner's contribution pays for, and what the funder adds. */
export function unitsFor(
  partnerContribution: number,
  rule: Rule<'unit'>,
): { units: number; funder: number; total: number } {
  const units = rule.partnerPerUnit === 0 ? 0 : Math.floor(partnerContribution / rule.partnerPerUnit);
  return { units, funder: units * rule.funderPerUnit, total: units * rule.unitAmount };
}

/**
 * Whether an item is equipment under an equipment threshold: its unit cost at or above the
 * threshold (inclusive); below it, the item is materials and supplies.
 */
export function isEquipment(unitCost: number, rule: Rule<'equipment_threshold'>): boolean {
  return unitCost >= rule.unitCost;
}

/**
 * The most indirect costs a fixed-rate rule allows on a base of direct costs (whole dollars, rounded
 * down): NFRF's 25 % of the direct costs of research.
 */
export function fixedRateIndirect(directCosts: number, rule: Rule<'indirect'>): number | null {
  return rule.treatment === 'fixed_rate' && rule.rate !== undefined
    ? Math.floor(directCosts * rule.rate)
    : null;
}

/**
 * The base an indirect-cost rate applies to: the direct costs less the categories on which the
 * funder pays no indirect costs (`category_terms` with `carriesIndirect: false`).
 */
export function indirectCostBase(
  directByCategory: ReadonlyMap<string, number>,
  rules: readonly CostRule[],
): number {
  const outside = new Set<string>(
    rules
      .filter((r): r is Rule<'category_terms'> => r.kind === 'category_terms' && !r.carriesIndirect)
      .map((r) => r.category),
  );
  let base = 0;
  for (const [category, amount] of directByCategory) if (!outside.has(category)) base += amount;
  return base;
}

/**
 * A rule as a check or a draft quotes it: the funder's words when its own page confirmed them;
 * otherwise as something to check, with what to check (ADR 0280: never stated as fact).
 */
export function ruleWords(rule: Pick<CostRule, 'says' | 'verified' | 'note'>): string {
  const says = rule.says.trim().replace(/([^.!?])$/, '$1.');
  return rule.verified
    ? says
    : `Check with the funder (rule not confirmed on the funder's page): ${says}${rule.note ? ` ${rule.note}` : ''}`;
}

/**
 * Whether the request must be the applicant's own figure (ADR 0740): the program computes it as
 * shares of eligible costs, and the funder's page confirms neither the computation nor a share
 * (NRC IRAP). An unconfirmed share then only gives an estimate to check with the funder.
 */
export function requestIsStated(program: ProgramCostRules | null): boolean {
  const rules = program?.rules ?? [];
  const request = rules.find((r) => r.kind === 'request');
  if (request?.kind !== 'request' || request.computed !== 'share_of_eligible_costs') return false;
  return !request.verified || rules.some((r) => r.kind === 'share_of_costs' && !r.verified);
}
