import fs from 'node:fs';
import {
  type CostRule,
  type CostRulesFile,
  costRulesFileSchema,
  type ProgramCostRules,
} from '@grantleaf/shared/cost-rules.schema';

/**
 * Each funder's cost rules (data/cost-rules.json, ADR 0280): the one place the budget builder and
 * the budget checks read what a program pays for, its caps and ratios, each rule with its source.
 */

export const COST_RULES_FILE = new URL('../../../data/cost-rules.json', import.meta.url);

let cached: CostRulesFile | undefined;

export function loadCostRules(): CostRulesFile {
  cached ??= costRulesFileSchema.parse(JSON.parse(fs.readFileSync(COST_RULES_FILE, 'utf8')));
  return cached;
}

/** A program's cost rules, or null when none are recorded (the builder then states none). */
export function costRulesFor(programId: string): ProgramCostRules | null {
  return loadCostRules().programs[programId] ?? null;
}

/** A program's rules of one kind, verified ones first so a check quotes a confirmed rule. */
export function rulesOfKind<K extends CostRule['kind']>(
  programId: string,
  kind: K,
): Extract<CostRule, { kind: K }>[] {
  const rules = (costRulesFor(programId)?.rules ?? []).filter(
    (r): r is Extract<CostRule, { kind: K }> => r.kind === kind,
  );
  return rules.sort((a, b) => Number(b.verified) - Number(a.verified));
}
