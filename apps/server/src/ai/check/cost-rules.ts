import type { CostRule } from '@grantleaf/shared/cost-rules.schema';
import type { GeneratedApplication } from '@grantleaf/shared/grant-results.schema';
import { profileOf } from '../profile/profile.ts';
import type { GrantProgram } from '../profile/program.ts';
import { programCurrency } from './budget.ts';
import { type WriterText, writerText } from '../write/phrases/index.ts';

/**
 * The draft's money rules (cap, cost share, share of eligible costs), read from the program's
 * cost rules through its profile (cost-rules.json, ADR 0280/0451) and nowhere else. A rule the
 * funder's own page did not confirm is said as "Check with the funder" and never decides a status:
 * only a verified rule makes a check "met" or "unmet".
 */

type RuleCheck = NonNullable<GeneratedApplication['ruleChecks']>[number];
type Kind<K extends CostRule['kind']> = Extract<CostRule, { kind: K }>;

export const MONEY_RULES = new Set(['Budget cap', 'Cost share', 'Contribution to eligible costs']);

/** What the draft knows of the money: the request, and the partners' stated cash. */
export interface DraftMoney {
  /** The whole project's request as stated (or as the saved budget computes it); null when unknown. */
  request: number | null;
  /** The partners' cash over the project; null when not stated. */
  partnerCash: number | null;
  /** Set when the request comes from the application's saved budget (ADR 0451). */
  fromBudget?: boolean;
}

function rulesOf<K extends CostRule['kind']>(program: GrantProgram, kind: K): Kind<K>[] {
  const rules = (profileOf(program).costRules?.rules ?? []).filter((r): r is Kind<K> => r.kind === kind);
  // A confirmed rule is quoted before an unconfirmed one.
  return rules.sort((a, b) => Number(b.verified) - Number(a.verified));
}

/**
 * A per-project cap on the whole request. A per-year limit is never read against a whole-project
 * total, and a cap on direct costs only where the program pays no indirect costs, so that the
 * stated request and the cap count the same money.
 */
export function projectCap(program: GrantProgram): Kind<'limit'> | null {
  const noIndirect =
    rulesOf(program, 'indirect').some((r) => r.verified && r.treatment === 'not_paid') ||
    rulesOf(program, 'category').some((r) => r.verified && r.category === 'indirect' && r.eligible === false);
  return (
    rulesOf(program, 'limit').find(
      (r) =>
        r.scope === 'per_project' &&
        r.category === undefined &&
        r.max !== undefined &&
        (r.basis === 'total' || noIndirect),
    ) ?? null
  );
}

export function costRuleChecks(
  program: GrantProgram,
  money: DraftMoney,
  t: WriterText = writerText('en'),
): RuleCheck[] {
  const currency = programCurrency(program);
  const fmt = (n: number) => t.money(Math.round(n), currency);
  const ruleWords = (rule: CostRule) => t.ruleWords(rule, fmt);
  const total = money.request;
  const out: RuleCheck[] = [];

  const cap = projectCap(program);
  if (cap?.max !== undefined) {
    const max = cap.max;
    const words = ruleWords(cap);
    if (total === null) out.push({ rule: 'Budget cap', status: 'unknown', message: t.capNoTotal(words) });
    else if (total > max)
      out.push({
        rule: 'Budget cap',
        status: cap.verified ? 'unmet' : 'unknown',
        message: t.overCap(fmt(total), fmt(max), words),
      });
    else
      out.push({
        rule: 'Budget cap',
        status: cap.verified ? 'met' : 'unknown',
        message: t.withinCap(fmt(total), fmt(max), cap.verified ? null : words),
      });
  }

  // Funder dollars per partner cash dollar: the Alliance's cost share, or Mitacs's matched units.
  const share = rulesOf(program, 'cost_share').find((r) => r.counts.includes('partner_cash'));
  const unit = rulesOf(program, 'unit')[0];
  const ratio = share
    ? { perCash: share.funderPerPartnerDollar, rule: share as CostRule }
    : unit && unit.partnerPerUnit > 0
      ? { perCash: unit.funderPerUnit / unit.partnerPerUnit, rule: unit as CostRule }
      : null;
  if (ratio) {
    const words = ruleWords(ratio.rule);
    let status: RuleCheck['status'] = 'unknown';
    let message = words;
    if (total !== null) {
      const needed = total / ratio.perCash;
      message = t.partnerCashNeeded(words, fmt(total), fmt(needed));
      if (money.partnerCash !== null) {
        if (ratio.rule.verified) status = money.partnerCash >= needed ? 'met' : 'unmet';
        message += t.partnerCashStated(fmt(money.partnerCash), status === 'unmet');
      }
    }
    out.push({ rule: 'Cost share', status, message });
  }

  const shares = rulesOf(program, 'share_of_costs');
  if (shares.length > 0) {
    const words = shares.map(ruleWords).join(' ');
    const most = Math.max(...shares.map((r) => r.maxShare));
    out.push({
      rule: 'Contribution to eligible costs',
      status: 'unknown',
      message:
        total === null || money.fromBudget ? words : t.wouldPayAtMost(words, fmt(total), fmt(total * most)),
    });
  }
  return out;
}
