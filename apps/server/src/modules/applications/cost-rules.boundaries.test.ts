import { checkBudget, formatBudgetMoney } from '@grantleaf/shared/budget-checks';
import type { Budget, BudgetLineCategory } from '@grantleaf/shared/budget.schema';
import type { CostRule, ProgramCostRules } from '@grantleaf/shared/cost-rules.schema';
import { requestIsStated } from '@grantleaf/shared/cost-rules';
import { describe, expect, it } from 'vitest';
import { loadCostRules } from '../programs/cost-rules.ts';

/**
 * Every cost rule in data/cost-rules.json on both sides of its boundary, through the checker the
 * editor and the server run (checkBudget), derived from the data (issue 26, "each rule has tests on
 * both sides of its boundary", ADR 0985). Each rule kind knows how to build a budget just inside and
 * one just outside its rule from the rule's own numbers, so a rule added to the data is covered
 * without a list to keep, and a kind or variant this file cannot build fails here rather than going
 * untested.
 *
 * A rule is checked on its own, with only the rules it works through (a cost-share ratio or a unit
 * works through the program's request rule): the boundary is the rule's, not an interaction of
 * several. Unverified rules are checked twice: their arithmetic as if confirmed, and as they are,
 * where neither side may ever be stated as fact ('met' or 'unmet').
 */

type Summary = ReturnType<typeof checkBudget>;
type Rule<K extends CostRule['kind']> = Extract<CostRule, { kind: K }>;
interface Side {
  budget: Budget;
  /** What the checker must say of this side. */
  holds: (s: Summary) => void;
}
interface Boundary {
  what: string;
  inside: Side;
  outside: Side;
}
type Builder<K extends CostRule['kind']> = (rule: Rule<K>, program: ProgramCostRules) => Boundary[];

interface Spec {
  years?: number;
  lines?: [BudgetLineCategory, number[]][];
  cash?: number[];
  inKind?: number[];
  employees?: number | null;
}
function budgetOf({ years = 1, lines = [], cash, inKind, employees = null }: Spec): Budget {
  const none = Array.from({ length: years }, () => 0);
  return {
    years,
    notes: '',
    lines: lines.map(([category, amounts], i) => ({
      id: `line${i}`,
      category,
      label: `${category} ${i}`,
      amounts,
      note: '',
    })),
    partners:
      cash || inKind
        ? [{ id: 'partner', name: 'Partner Inc.', employees, cash: cash ?? none, inKind: inKind ?? none }]
        : [],
  };
}

const findingsOf = (s: Summary, rule: CostRule) =>
  s.findings.filter((f) => f.rule?.kind === rule.kind && f.rule.says === rule.says);
const statusesOf = (s: Summary, rule: CostRule) => findingsOf(s, rule).map((f) => f.status);
const requested = (s: Summary) => s.totals.requested;
const split = (v: number) => [Math.floor(v / 2), v - Math.floor(v / 2)];
const unsupported = (rule: CostRule, why: string): never => {
  throw new Error(`no boundary can be built for a ${rule.kind} rule ${why}: teach this test how`);
};

/** A limit: each bound (max, and min above 0) at the bound and one dollar past it, by its scope. */
const limit: Builder<'limit'> = (rule) => {
  const bounds: [string, number, number][] = [];
  if (rule.max !== undefined) bounds.push(['max', rule.max, rule.max + 1]);
  if (rule.min !== undefined && rule.min > 0) bounds.push(['min', rule.min, rule.min - 1]);
  if (rule.category?.startsWith('partner_')) unsupported(rule, 'on partner money');
  const category = (rule.category ?? 'personnel') as BudgetLineCategory;
  const n = rule.scope === 'one_year' ? Math.max(2, rule.year ?? 1) : 2;
  const y = rule.scope === 'one_year' ? (rule.year ?? 1) - 1 : 1;
  // Costs the rule must not count sit beside the counted ones on both sides: indirect costs under a
  // direct-cost limit, another category under a category's limit. Counted, they would move a side.
  const beside: [BudgetLineCategory, number[]][] = [
    [
      rule.category ? (rule.category === 'personnel' ? 'materials' : 'personnel') : 'indirect',
      Array.from({ length: n }, () => 1_000),
    ],
  ];
  const linesFor = (amounts: number[]): [BudgetLineCategory, number[]][] => {
    if (rule.category || rule.basis === 'direct') return [[category, amounts], ...beside];
    // A limit on the total request: part of each year's amount entered as indirect costs, which it counts.
    const indirect = amounts.map((a) => Math.floor(a / 10));
    return [
      ['personnel', amounts.map((a, i) => a - (indirect[i] ?? 0))],
      ['indirect', indirect],
    ];
  };
  const sideOf = (amounts: number[], inside: boolean): Side => ({
    budget: budgetOf({ years: n, lines: linesFor(amounts) }),
    holds: (s) => {
      const found = findingsOf(s, rule);
      if (inside) {
        expect(found.map((f) => f.status)).toEqual(['met']);
      } else {
        const unmet = found.filter((f) => f.status === 'unmet');
        expect(unmet, found.map((f) => f.message).join(' | ')).toHaveLength(1);
        if (rule.scope !== 'per_project') expect(unmet[0]!.year).toBe(y);
      }
    },
  });
  return bounds.map(([which, at, past]) => {
    const year = (v: number, others: number) => Array.from({ length: n }, (_, i) => (i === y ? v : others));
    // Per year: every year at the bound, then one year past it. One year: only the named year is
    // judged, so the other years sit on the other side. Per project: the sum over two years.
    const [inside, outside] =
      rule.scope === 'per_year'
        ? [year(at, at), year(past, at)]
        : rule.scope === 'one_year'
          ? [year(at, past), year(past, at)]
          : [split(at), split(past)];
    return {
      what: `${rule.scope} ${rule.basis}${rule.category ? ` ${rule.category}` : ''} ${which} ${at} / ${past}`,
      inside: sideOf(inside, true),
      outside: sideOf(outside, false),
    };
  });
};

/** A category's eligibility: none of it entered, then one dollar of it. */
const category: Builder<'category'> = (rule) => {
  if (rule.category === 'partner_cash' || rule.category === 'partner_in_kind') {
    const kind = rule.category === 'partner_cash' ? 'cash' : 'inKind';
    const other = kind === 'cash' ? 'inKind' : 'cash';
    const costs: [BudgetLineCategory, number[]][] = [['personnel', [10_000]]];
    return [
      {
        what: `${rule.category} 0 / 1`,
        inside: {
          budget: budgetOf({ lines: costs, [kind]: [0], [other]: [1_000] }),
          holds: (s) => expect(statusesOf(s, rule)).toEqual([]),
        },
        outside: {
          budget: budgetOf({ lines: costs, [kind]: [1], [other]: [1_000] }),
          holds: (s) => {
            expect(statusesOf(s, rule)).toEqual(rule.eligible === false ? ['info'] : []);
            // Partner money is the partners' contribution, never a second request.
            expect(requested(s)).toBe(10_000);
          },
        },
      },
    ];
  }
  const other: BudgetLineCategory = rule.category === 'personnel' ? 'materials' : 'personnel';
  return [
    {
      what: `${rule.category} ${String(rule.eligible)} 0 / 1`,
      inside: {
        budget: budgetOf({ lines: [[other, [10_000]]] }),
        holds: (s) => {
          expect(statusesOf(s, rule)).toEqual([]);
          expect(requested(s)).toBe(10_000);
        },
      },
      outside: {
        budget: budgetOf({
          lines: [
            [other, [10_000]],
            [rule.category as BudgetLineCategory, [1]],
          ],
        }),
        holds: (s) => {
          const found = findingsOf(s, rule);
          const expected =
            rule.eligible === false ? ['unmet'] : rule.eligible === 'conditional' ? ['check'] : [];
          expect(found.map((f) => f.status)).toEqual(expected);
          for (const f of found) expect(f.lineId).toBe('line1');
          // A category the funder does not pay leaves the request; one it pays, even under conditions, stays.
          expect(requested(s)).toBe(rule.eligible === false ? 10_000 : 10_001);
        },
      },
    },
  ];
};

/** Indirect costs: none entered, then one dollar (not paid, negotiated); a fixed rate and a dollar over. */
const indirect: Builder<'indirect'> = (rule) => {
  const direct: [BudgetLineCategory, number[]] = ['personnel', [10_000]];
  if (rule.treatment === 'fixed_rate') {
    const rate = rule.rate ?? unsupported(rule, 'without a rate');
    const costs = [100_000, 100_003];
    const most = costs.map((d) => Math.floor(d * rate));
    return [
      {
        what: `fixed rate ${rate}`,
        inside: {
          budget: budgetOf({
            years: 2,
            lines: [
              ['personnel', costs],
              ['indirect', most],
            ],
          }),
          holds: (s) => expect(statusesOf(s, rule)).toEqual(['met']),
        },
        outside: {
          budget: budgetOf({
            years: 2,
            lines: [
              ['personnel', costs],
              ['indirect', [most[0]!, most[1]! + 1]],
            ],
          }),
          holds: (s) => {
            const found = findingsOf(s, rule);
            expect(found.map((f) => [f.status, f.year])).toEqual([['unmet', 1]]);
          },
        },
      },
    ];
  }
  return [
    {
      what: `${rule.treatment} 0 / 1`,
      inside: {
        budget: budgetOf({ lines: [direct] }),
        holds: (s) => {
          // Negotiated: with no indirect costs entered, the applicant is told to add them at their rate.
          expect(statusesOf(s, rule)).toEqual(rule.treatment === 'negotiated_rate' ? ['info'] : []);
          expect(requested(s)).toBe(10_000);
        },
      },
      outside: {
        budget: budgetOf({ lines: [direct, ['indirect', [1]]] }),
        holds: (s) => {
          const found = findingsOf(s, rule);
          expect(found.map((f) => [f.status, f.lineId])).toEqual(
            rule.treatment === 'not_paid' ? [['unmet', 'line1']] : [],
          );
          expect(requested(s)).toBe(rule.treatment === 'not_paid' ? 10_000 : 10_001);
        },
      },
    },
  ];
};

/** A category's terms (NSF participant support): none of it, then one dollar, outside the rate's base. */
const categoryTerms: Builder<'category_terms'> = (rule, program) => {
  const direct: [BudgetLineCategory, number[]] = ['personnel', [10_000]];
  return [
    {
      what: `${rule.category} 0 / 1`,
      inside: {
        budget: budgetOf({ lines: [direct] }),
        holds: (s) => expect(statusesOf(s, rule)).toEqual([]),
      },
      outside: {
        budget: budgetOf({ lines: [direct, [rule.category as BudgetLineCategory, [1]]] }),
        holds: (s) => {
          const [f, ...more] = findingsOf(s, rule);
          expect(more).toEqual([]);
          expect(f?.status).toBe('info');
          const money = (v: number) => formatBudgetMoney(v, program.currency);
          if (!rule.carriesIndirect)
            expect(f?.message).toContain(
              `apply your institution's rate to ${money(10_000)} of direct costs, not ${money(10_001)}`,
            );
          if (rule.rebudgetNeedsApproval) expect(f?.message).toContain('prior approval');
        },
      },
    },
  ];
};

/** Equipment starts at the threshold: an equipment line one dollar under it, supplies at it. */
const equipmentThreshold: Builder<'equipment_threshold'> = (rule) => {
  const side = (cat: BudgetLineCategory, amount: number, expected: string[]): Side => ({
    budget: budgetOf({ lines: [[cat, [amount]]] }),
    holds: (s) => {
      const found = findingsOf(s, rule);
      expect(found.map((f) => f.status)).toEqual(expected);
      for (const f of found) expect(f.lineId).toBe('line0');
    },
  });
  return [
    {
      what: `equipment ${rule.unitCost} / ${rule.unitCost - 1}`,
      inside: side('equipment', rule.unitCost, []),
      outside: side('equipment', rule.unitCost - 1, ['unmet']),
    },
    {
      what: `supplies ${rule.unitCost - 1} / ${rule.unitCost}`,
      inside: side('materials', rule.unitCost - 1, []),
      outside: side('materials', rule.unitCost, ['info']),
    },
  ];
};

/** NIH modules: a year at the ceiling, and one dollar over it (a detailed budget). */
const modular: Builder<'modular'> = (rule) => {
  const detailed = (s: Summary) => findingsOf(s, rule).filter((f) => /detailed budget/.test(f.message));
  return [
    {
      what: `max ${rule.maxPerYear} / ${rule.maxPerYear + 1}`,
      inside: {
        budget: budgetOf({ lines: [['personnel', [rule.maxPerYear]]] }),
        holds: (s) => {
          expect(detailed(s)).toEqual([]);
          expect(requested(s)).toBe(rule.maxPerYear);
        },
      },
      outside: {
        budget: budgetOf({ lines: [['personnel', [rule.maxPerYear + 1]]] }),
        holds: (s) => expect(detailed(s).map((f) => f.year)).toEqual([0]),
      },
    },
    {
      what: `a dollar into the last module, ${rule.maxPerYear - rule.moduleSize + 1} / ${rule.maxPerYear - rule.moduleSize}`,
      inside: {
        budget: budgetOf({ lines: [['personnel', [rule.maxPerYear - rule.moduleSize]]] }),
        holds: (s) => expect(requested(s)).toBe(rule.maxPerYear - rule.moduleSize),
      },
      outside: {
        budget: budgetOf({ lines: [['personnel', [rule.maxPerYear - rule.moduleSize + 1]]] }),
        holds: (s) => expect(requested(s)).toBe(rule.maxPerYear),
      },
    },
  ];
};

/** A cost-share ratio: costs the partner cash exactly supports, then one dollar more. */
const costShare: Builder<'cost_share'> = (rule) => {
  if (!rule.counts.includes('partner_cash')) unsupported(rule, 'that does not count partner cash');
  const p = rule.partners;
  const employees = p.size === 'small' ? p.maxEmployees : p.size === 'large' ? p.minEmployees : null;
  const cash = 10_000;
  const cap = Math.floor(cash * rule.funderPerPartnerDollar);
  const side = (costs: number, status: string): Side => ({
    budget: budgetOf({ lines: [['personnel', [costs]]], cash: [cash], inKind: [5_000], employees }),
    holds: (s) => {
      expect(statusesOf(s, rule)).toEqual([status]);
      // In-kind is not counted: the request stops at the cash's ratio.
      expect(requested(s)).toBe(cap);
    },
  });
  return [
    {
      what: `${rule.funderPerPartnerDollar}:1 on ${cash} cash`,
      inside: side(cash + cap, 'met'),
      outside: side(cash + cap + 1, 'unmet'),
    },
  ];
};

/** A share of costs: the request is the most whole dollars within the share, never more. */
const shareOfCosts: Builder<'share_of_costs'> = (rule) => {
  const cat = (rule.category ?? 'personnel') as BudgetLineCategory;
  // Costs whose share is a whole number of dollars, then one dollar less (a fraction to round down).
  const costs = Math.round(100 / rule.maxShare) * 1_000;
  const side = (amount: number): Side => ({
    budget: budgetOf({ lines: [[cat, [amount]]] }),
    holds: (s) => {
      expect(statusesOf(s, rule)).toEqual(['info']);
      const r = requested(s);
      expect(r).toBeLessThanOrEqual(amount * rule.maxShare);
      expect(r + 1).toBeGreaterThan(amount * rule.maxShare);
    },
  });
  return [
    { what: `${rule.maxShare} of ${costs} / ${costs - 1}`, inside: side(costs), outside: side(costs - 1) },
  ];
};

/** Units: the partner cash for one unit, and one dollar short of it. */
const unit: Builder<'unit'> = (rule) => {
  const side = (cash: number, status: string, request: number): Side => ({
    budget: budgetOf({ lines: [['personnel', [rule.unitAmount]]], cash: [cash] }),
    holds: (s) => {
      expect(statusesOf(s, rule)).toEqual([status]);
      expect(requested(s)).toBe(request);
    },
  });
  return [
    {
      what: `${rule.partnerPerUnit} / ${rule.partnerPerUnit - 1} partner cash`,
      inside: side(rule.partnerPerUnit, 'met', rule.funderPerUnit),
      outside: side(rule.partnerPerUnit - 1, 'unmet', 0),
    },
  ];
};

/** How the request is computed: through the rules it computes with, or the eligible costs in full. */
const request: Builder<'request'> = (rule, program) => {
  const through = {
    ratio_to_partner_contribution: 'cost_share',
    share_of_eligible_costs: 'share_of_costs',
    units: 'unit',
  } as const;
  if (rule.computed === 'eligible_costs')
    // No bound of its own: the request is every eligible cost, one more dollar of costs one more requested.
    return [10_000, 10_001].map((d) => ({
      what: `eligible costs ${d}`,
      inside: {
        budget: budgetOf({ lines: [['personnel', [d]]], cash: [5_000] }),
        holds: (s) => {
          expect(requested(s)).toBe(d);
          expect(s.basis).toBe(rule.says);
        },
      },
      outside: {
        budget: budgetOf({ lines: [['personnel', [d + 1]]], cash: [5_000] }),
        holds: (s) => expect(requested(s)).toBe(d + 1),
      },
    }));
  const kind = through[rule.computed];
  const rules = program.rules.filter((r) => r.kind === kind);
  if (rules.length === 0) unsupported(rule, `without a ${kind} rule in its program`);
  return rules.flatMap((r) => (BUILDERS[r.kind] as Builder<typeof r.kind>)(r as never, program));
};

const BUILDERS: { [K in CostRule['kind']]: Builder<K> } = {
  limit,
  category,
  indirect,
  category_terms: categoryTerms,
  equipment_threshold: equipmentThreshold,
  modular,
  cost_share: costShare,
  share_of_costs: shareOfCosts,
  unit,
  request,
};

/** The rules a rule works through: a ratio, a share or units only act through the program's request rule. */
function alone(rule: CostRule, program: ProgramCostRules, confirmed: boolean): ProgramCostRules {
  const needs: Partial<Record<CostRule['kind'], (r: CostRule) => boolean>> = {
    cost_share: (r) => r.kind === 'request' && r.computed === 'ratio_to_partner_contribution',
    share_of_costs: (r) => r.kind === 'request' && r.computed === 'share_of_eligible_costs',
    unit: (r) => r.kind === 'request' && r.computed === 'units',
    request: (r) =>
      rule.kind === 'request' &&
      ((rule.computed === 'ratio_to_partner_contribution' && r.kind === 'cost_share') ||
        (rule.computed === 'share_of_eligible_costs' && r.kind === 'share_of_costs') ||
        (rule.computed === 'units' && r.kind === 'unit')),
  };
  const pick = needs[rule.kind];
  const companions = pick ? program.rules.filter((r) => r !== rule && pick(r)) : [];
  if (pick && rule.kind !== 'request' && companions.length === 0)
    unsupported(rule, 'whose program computes its request another way');
  const rules = [rule, ...companions].map((r) => (confirmed ? { ...r, verified: true } : r));
  return { ...program, rules };
}

const programs = Object.entries(loadCostRules().programs);
const everyRule = programs.flatMap(([id, program]) =>
  program.rules.map((rule, i) => ({ id, program, rule, i })),
);

describe('every cost rule on both sides of its boundary (ADR 0985)', () => {
  it('covers every verified rule of the data, on at least 25 programs', () => {
    const verified = everyRule.filter(({ rule }) => rule.verified);
    expect(verified.length).toBeGreaterThanOrEqual(62);
    expect(new Set(verified.map((v) => v.id)).size).toBeGreaterThanOrEqual(25);
    for (const { id, program, rule } of verified)
      expect(
        (BUILDERS[rule.kind] as Builder<typeof rule.kind>)(rule as never, program).length,
        `${id} ${rule.kind}`,
      ).toBeGreaterThan(0);
  });

  for (const { id, program, rule, i } of everyRule) {
    const label = `${id} rule ${i} (${rule.kind}${rule.verified ? '' : ', unverified'})`;

    it(`${label}: just inside holds, just outside is caught`, () => {
      // Unverified rules' arithmetic is checked as if confirmed; their wording is checked below.
      const run = alone(rule, program, true);
      const boundaries = (BUILDERS[rule.kind] as Builder<typeof rule.kind>)(run.rules[0] as never, run);
      expect(boundaries.length).toBeGreaterThan(0);
      for (const b of boundaries) {
        expect(() => b.inside.holds(checkBudget(b.inside.budget, run)), `${b.what}: inside`).not.toThrow();
        expect(() => b.outside.holds(checkBudget(b.outside.budget, run)), `${b.what}: outside`).not.toThrow();
      }
    });

    if (!rule.verified)
      it(`${label}: on neither side is the unconfirmed rule stated as fact`, () => {
        const run = alone(rule, program, false);
        for (const b of (BUILDERS[rule.kind] as Builder<typeof rule.kind>)(rule as never, run))
          for (const side of [b.inside, b.outside])
            for (const f of findingsOf(checkBudget(side.budget, run), rule)) {
              expect(['check', 'info'], `${b.what}: ${f.message}`).toContain(f.status);
              if (f.status === 'check') expect(f.message).toMatch(/^Check with the funder/);
            }
      });
  }

  // Where the shares are unconfirmed (NRC IRAP, SIF) the request is the applicant's figure: at most
  // the supported costs, one dollar over is caught.
  for (const [id, program] of programs.filter(([, p]) => requestIsStated(p)))
    it(`${id}: a stated request up to the supported costs holds, one dollar over is caught`, () => {
      const shares = program.rules.filter((r) => r.kind === 'share_of_costs');
      const cat = (shares.find((r) => r.category)?.category ?? 'personnel') as BudgetLineCategory;
      const b = (stated: number) => ({ ...budgetOf({ lines: [[cat, [50_000]]] }), statedRequest: stated });
      const over = (s: Summary) =>
        s.findings.filter((f) => f.status === 'unmet' && /more than the supported costs/.test(f.message));
      const at = checkBudget(b(50_000), program);
      expect(over(at)).toEqual([]);
      expect(requested(at)).toBe(50_000);
      expect(over(checkBudget(b(50_001), program))).toHaveLength(1);
    });
});
