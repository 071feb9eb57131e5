import { checkBudget } from '@grantleaf/shared/budget-checks';
import type { Budget, BudgetLine, BudgetPartner } from '@grantleaf/shared/budget.schema';
import type { ProgramCostRules } from '@grantleaf/shared/cost-rules.schema';
import { describe, expect, it } from 'vitest';
import { costRulesFor, loadCostRules } from '../programs/cost-rules.ts';

/**
 * The budget checks on the real cost rules (data/cost-rules.json): each rule on both sides of its
 * boundary, the request as the funder computes it, and unverified rules only ever as "check".
 */

const rules = (id: string) => {
  const r = costRulesFor(id);
  if (!r) throw new Error(`no cost rules for ${id}`);
  return r;
};
const line = (id: string, category: BudgetLine['category'], amounts: number[], label = id): BudgetLine => ({
  id,
  category,
  label,
  amounts,
  note: '',
});
const partner = (id: string, employees: number | null, cash: number[], inKind: number[]): BudgetPartner => ({
  id,
  name: id,
  employees,
  cash,
  inKind,
});
const budget = (years: number, lines: BudgetLine[], partners: BudgetPartner[] = []): Budget => ({
  years,
  lines,
  partners,
  notes: '',
});
const statusOf = (s: ReturnType<typeof checkBudget>, kind: string) =>
  s.findings.filter((f) => f.rule?.kind === kind).map((f) => f.status);

describe('NSERC Alliance Advantage: 2:1 on partner cash for every partner size', () => {
  const alliance = rules('ca-nserc-alliance-advantage');

  it('a large partner supports 2 NSERC dollars per cash dollar; in-kind is not counted', () => {
    const b = budget(
      1,
      [line('ra', 'personnel', [240_000], 'Research associates'), line('mat', 'materials', [60_000])],
      [partner('BigCo', 20_000, [100_000], [50_000])],
    );
    const s = checkBudget(b, alliance);
    expect(s.totals.requested).toBe(200_000);
    expect(statusOf(s, 'cost_share')).toEqual(['met']);
    const inKind = s.findings.find(
      (f) => f.rule?.kind === 'category' && /in-kind|not counted/i.test(f.message),
    );
    expect(inKind?.status).toBe('info');
    expect(s.totals.partnerInKind).toBe(50_000);
  });

  it('one dollar short of the partner cash the costs need: unmet, naming the rule, source and date', () => {
    const b = budget(1, [line('ra', 'personnel', [300_000])], [partner('BigCo', 20_000, [99_999], [0])]);
    const s = checkBudget(b, alliance);
    const f = s.findings.find((x) => x.rule?.kind === 'cost_share')!;
    expect(f.status).toBe('unmet');
    expect(f.message).toContain('regardless of partner organization size');
    expect(f.message).toContain('Raise the partner cash to CAD $100,000');
    expect(f.rule).toMatchObject({
      verified: true,
      read: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      source: expect.stringContaining('nserc-crsng.gc.ca'),
    });
    expect(s.totals.requested).toBe(199_998);
    // At exactly one third of the costs the ratio is met.
    const met = checkBudget(budget(1, b.lines, [partner('BigCo', 20_000, [100_000], [0])]), alliance);
    expect(statusOf(met, 'cost_share')).toEqual(['met']);
  });

  it('the per-year floor and ceiling on the request ($20,000 to $1 million)', () => {
    const under = checkBudget(
      budget(1, [line('m', 'materials', [29_997])], [partner('P', 10, [9_999], [0])]),
      alliance,
    );
    expect(under.totals.requested).toBe(19_998);
    expect(statusOf(under, 'limit')).toEqual(['unmet']);
    const at = checkBudget(
      budget(1, [line('m', 'materials', [30_000])], [partner('P', 10, [10_000], [0])]),
      alliance,
    );
    expect(statusOf(at, 'limit')).toEqual(['met']);
    const over = checkBudget(
      budget(2, [line('m', 'materials', [1_500_003, 30_000])], [partner('P', 10, [500_001, 10_000], [0, 0])]),
      alliance,
    );
    expect(over.findings.filter((f) => f.rule?.kind === 'limit').map((f) => [f.status, f.year])).toEqual([
      ['unmet', 0],
    ]);
  });

  it('indirect costs are not eligible: the line is flagged and not requested', () => {
    const s = checkBudget(
      budget(
        1,
        [line('m', 'materials', [90_000]), line('oh', 'indirect', [20_000], 'Overhead')],
        [partner('P', 10, [30_000], [0])],
      ),
      alliance,
    );
    const f = s.findings.find((x) => x.lineId === 'oh')!;
    expect(f.status).toBe('unmet');
    expect(f.message).toContain("line 'Overhead' CAD $20,000");
    expect(s.totals.requested).toBe(60_000);
  });
});

describe('tri-agency indirect costs and unverified salary rules', () => {
  it('CIHR pays no indirect costs; the applicant-salary rule is unverified, so it says check', () => {
    const s = checkBudget(
      budget(1, [
        line('pi', 'applicant_salary', [18_000], 'PI summer salary'),
        line('oh', 'indirect', [5_000], 'Overhead'),
        line('t', 'personnel', [40_000]),
      ]),
      rules('ca-cihr-project-grant'),
    );
    const salary = s.findings.find((f) => f.lineId === 'pi')!;
    expect(salary.status).toBe('check');
    expect(salary.message).toMatch(/^Check with the funder/);
    expect(salary.message).toContain("line 'PI summer salary' CAD $18,000");
    expect(s.findings.find((f) => f.lineId === 'oh')?.status).toBe('unmet');
    // An unverified exclusion never changes the request: only the confirmed indirect rule does.
    expect(s.totals.requested).toBe(58_000);
  });

  it('SSHRC Insight Development: $7,000 to $75,000 over the project, both sides', () => {
    const idg = rules('ca-sshrc-insight-development-grants');
    expect(statusOf(checkBudget(budget(2, [line('a', 'travel', [37_500, 37_500])]), idg), 'limit')).toEqual([
      'met',
    ]);
    expect(statusOf(checkBudget(budget(2, [line('a', 'travel', [37_500, 37_501])]), idg), 'limit')).toEqual([
      'unmet',
    ]);
    expect(statusOf(checkBudget(budget(1, [line('a', 'travel', [6_999])]), idg), 'limit')).toEqual(['unmet']);
  });
});

describe('NIH modular budgets', () => {
  it('rounds each year up to $25,000 modules; above $250,000 a year it is not modular', () => {
    const r01 = rules('us-nih-r01');
    const s = checkBudget(budget(2, [line('a', 'personnel', [187_300, 250_000])]), r01);
    expect(s.requested).toEqual([200_000, 250_000]);
    expect(s.findings.find((f) => f.rule?.kind === 'modular')?.message).toContain(
      '8 × USD $25,000 = USD $200,000',
    );
    const over = checkBudget(budget(1, [line('a', 'personnel', [250_001])]), r01);
    expect(over.requested).toEqual([250_001]);
    expect(over.findings.find((f) => f.rule?.kind === 'modular')?.message).toContain('detailed budget');
  });

  it('R03: $50,000 direct a year, both sides, after modular rounding', () => {
    const r03 = rules('us-nih-r03');
    expect(statusOf(checkBudget(budget(1, [line('a', 'materials', [50_000])]), r03), 'limit')).toEqual([
      'met',
    ]);
    // 50,001 rounds up to three modules: $75,000 requested.
    expect(statusOf(checkBudget(budget(1, [line('a', 'materials', [50_001])]), r03), 'limit')).toEqual([
      'unmet',
    ]);
  });
});

describe('Mitacs units and IRAP shares', () => {
  it('Mitacs: partner cash buys $15,000 units, half from Mitacs', () => {
    const m = rules('ca-mitacs-accelerate');
    const s = checkBudget(
      budget(1, [line('i', 'personnel', [30_000])], [partner('P', 50, [20_000], [0])]),
      m,
    );
    expect(s.totals.requested).toBe(15_000);
    expect(s.findings.find((f) => f.rule?.kind === 'unit')?.message).toContain(
      'does not complete another unit',
    );
    const none = checkBudget(
      budget(1, [line('i', 'personnel', [15_000])], [partner('P', 50, [7_499], [0])]),
      m,
    );
    expect(none.totals.requested).toBe(0);
    expect(statusOf(none, 'unit')).toEqual(['unmet']);
  });

  it('IRAP: unverified shares of salaries and contractor fees are checks, and only an estimate of the request', () => {
    const lines = [line('s', 'personnel', [100_000], 'Two engineers'), line('c', 'subcontracts', [40_000])];
    const s = checkBudget(budget(1, lines), rules('ca-nrc-irap'));
    // No amount stated: the estimate at the quoted shares (80% and 50%), said to be one.
    expect(s.totals.requested).toBe(100_000);
    const shares = s.findings.filter((f) => f.rule?.kind === 'share_of_costs');
    expect(shares.map((f) => f.status)).toEqual(['check', 'check']);
    expect(shares.every((f) => f.message.startsWith('Check with the funder'))).toBe(true);
    expect(s.basis).toContain('CAD $100,000 is an estimate at those shares; check with the funder');
    expect(
      s.findings.find((f) => f.rule?.kind === 'request' && f.message.includes('enter the amount you request'))
        ?.status,
    ).toBe('check');
    expect(s.findings.every((f) => f.rule === null || f.rule.verified || f.status !== 'unmet')).toBe(true);
  });

  it('IRAP: the amount the applicant states is the request, up to the supported costs, both sides', () => {
    const at = (stated: number) =>
      checkBudget(
        {
          ...budget(1, [line('s', 'personnel', [100_000]), line('c', 'subcontracts', [40_000])]),
          statedRequest: stated,
        },
        rules('ca-nrc-irap'),
      );
    const s = at(95_000);
    expect(s.totals.requested).toBe(95_000);
    expect(s.basis).toBe(
      "The request is the amount the applicant states, CAD $95,000: the funder's shares of costs are not confirmed on its page, so none is applied (check with the funder).",
    );
    expect(s.findings.filter((f) => f.rule === null && f.status === 'unmet')).toEqual([]);
    expect(at(140_000).findings.filter((f) => f.status === 'unmet')).toEqual([]);
    const over = at(140_001).findings.filter((f) => f.status === 'unmet');
    expect(over.map((f) => f.message)).toEqual([
      'The request you state, CAD $140,001, is more than the supported costs of CAD $140,000.',
    ]);
  });

  it('a program whose shares are confirmed (CFI, 40%) computes the request and ignores a stated amount', () => {
    const s = checkBudget(
      { ...budget(1, [line('eq', 'equipment', [250_000])]), statedRequest: 1 },
      rules('ca-cfi-jelf'),
    );
    expect(s.totals.requested).toBe(100_000);
  });
});

describe('NSF participant support and the equipment threshold (issue 26 item 4)', () => {
  const nsf = rules('us-nsf-standard-research-grant');
  // The same rules as if NSF's page had confirmed them: what a verified rule would decide.
  const confirmed: ProgramCostRules = { ...nsf, rules: nsf.rules.map((r) => ({ ...r, verified: true })) };
  const about = (s: ReturnType<typeof checkBudget>, kind: string, lineId?: string) =>
    s.findings.filter((f) => f.rule?.kind === kind && (lineId === undefined || f.lineId === lineId));

  it('an equipment line under $5,000 in all is supplies ($4,999), one of $5,000 may be equipment', () => {
    const under = checkBudget(budget(1, [line('eq', 'equipment', [4_999], 'Field laptop')]), confirmed);
    expect(about(under, 'equipment_threshold', 'eq').map((f) => f.status)).toEqual(['unmet']);
    expect(about(under, 'equipment_threshold')[0]?.message).toContain(
      "line 'Field laptop' USD $4,999 is less than USD $5,000 in all, so no item in it is equipment",
    );
    const at = checkBudget(budget(1, [line('eq', 'equipment', [5_000], 'Ice radar')]), confirmed);
    expect(about(at, 'equipment_threshold')).toEqual([]);
    // Spread over years, the line's whole amount is what one item could cost.
    const spread = checkBudget(budget(2, [line('eq', 'equipment', [2_500, 2_500])]), confirmed);
    expect(about(spread, 'equipment_threshold')).toEqual([]);
  });

  it('supplies adding up to $5,000 may hide an item that is equipment ($4,999 says nothing)', () => {
    const under = checkBudget(budget(1, [line('m', 'materials', [4_999])]), confirmed);
    expect(about(under, 'equipment_threshold')).toEqual([]);
    const at = checkBudget(budget(1, [line('m', 'materials', [5_000], 'Sensors')]), confirmed);
    expect(about(at, 'equipment_threshold', 'm').map((f) => f.status)).toEqual(['info']);
    expect(about(at, 'equipment_threshold')[0]?.message).toContain(
      'an item in it that costs USD $5,000 or more is equipment',
    );
  });

  it('participant support leaves the indirect-cost base and needs approval to rebudget', () => {
    const s = checkBudget(
      budget(1, [
        line('gra', 'personnel', [100_000]),
        line('ps', 'participant_support', [20_000], 'Workshop stipends'),
        line('fa', 'indirect', [50_000]),
      ]),
      confirmed,
    );
    const [terms] = about(s, 'category_terms');
    expect(terms?.status).toBe('info');
    expect(terms?.message).toContain(
      "apply your institution's rate to USD $100,000 of direct costs, not USD $120,000",
    );
    expect(terms?.message).toContain("needs the funder's prior approval");
    // Participant support is a direct cost the funder pays: it stays in the request.
    expect(s.totals.requested).toBe(170_000);
    const none = checkBudget(budget(1, [line('gra', 'personnel', [100_000])]), confirmed);
    expect(about(none, 'category_terms')).toEqual([]);
  });

  it('as recorded (unconfirmed on an NSF page), each says "check with the funder", never "breaks a rule"', () => {
    const s = checkBudget(
      budget(1, [
        line('eq', 'equipment', [4_999]),
        line('m', 'materials', [5_000]),
        line('ps', 'participant_support', [20_000]),
      ]),
      nsf,
    );
    const findings = [...about(s, 'equipment_threshold'), ...about(s, 'category_terms')];
    expect(findings.map((f) => f.status)).toEqual(['check', 'check', 'check']);
    for (const f of findings) expect(f.message).toMatch(/^Check with the funder \(rule not confirmed/);
  });
});

it('without cost rules, the request is the costs entered and nothing is claimed', () => {
  const s = checkBudget(budget(1, [line('a', 'materials', [1_000]), line('b', 'indirect', [100])]), null);
  expect(s.totals.requested).toBe(1_100);
  expect(s.findings).toEqual([]);
  expect(s.basis).toContain('No cost rules');
});

describe('rules confirmed in the third pass: each finding names the rule’s words and its line (ADR 0630)', () => {
  it('NIH K08: the candidate’s salary line is eligible only under the institute’s limit; other lines say nothing', () => {
    const k08 = rules('us-nih-k08');
    const s = checkBudget(
      budget(1, [line('pi', 'applicant_salary', [100_000], 'Candidate salary (9 person-months)')]),
      k08,
    );
    const f = s.findings.find((x) => x.rule?.kind === 'category')!;
    expect(f.status).toBe('check');
    expect(f.lineId).toBe('pi');
    expect(f.message).toContain('salary limits vary by NIH institute');
    expect(f.message).toContain("line 'Candidate salary (9 person-months)' USD $100,000");
    expect(f.rule).toMatchObject({ verified: true, source: expect.stringContaining('grants.nih.gov') });
    // The other side: a technician's salary is not the candidate's, and the rule says nothing of it.
    const other = checkBudget(budget(1, [line('tech', 'personnel', [100_000], 'Technician')]), k08);
    expect(other.findings.filter((x) => x.rule?.kind === 'category')).toEqual([]);
  });

  it('NFRF Exploration: $125,000 in a year including indirect costs is within, $125,001 is not', () => {
    const nfrf = rules('ca-nfrf-exploration');
    const at = (indirect: number) =>
      checkBudget(
        budget(2, [
          line('ra', 'personnel', [100_000, 80_000], 'Research assistants'),
          line('ic', 'indirect', [indirect, 20_000], 'Indirect costs of research'),
        ]),
        nfrf,
      );
    const within = at(25_000);
    expect(statusOf(within, 'limit')).toEqual(['met']);
    expect(within.totals.requested).toBe(225_000);
    const over = at(25_001);
    const f = over.findings.find((x) => x.rule?.kind === 'limit')!;
    expect(f).toMatchObject({ status: 'unmet', year: 0 });
    expect(f.message).toContain('up to $125,000 per year (including indirect costs)');
    expect(f.message).toContain('In year 1 the request is CAD $125,001');
  });

  it('NFRF Exploration: indirect costs above 25% of a year’s direct costs, said as a check while unconfirmed', () => {
    const nfrf = rules('ca-nfrf-exploration');
    const lines = (indirect: number) => [
      line('ra', 'personnel', [100_000], 'Research assistants'),
      line('ic', 'indirect', [indirect], 'Indirect costs of research'),
    ];
    const fixed = (s: ReturnType<typeof checkBudget>) => s.findings.find((x) => x.rule?.kind === 'indirect')!;
    const over = fixed(checkBudget(budget(1, lines(25_001)), nfrf));
    expect(over.status).toBe('check');
    expect(over.message).toMatch(/^Check with the funder/);
    expect(over.message).toContain(
      "line 'Indirect costs of research': in year 1 the indirect costs are CAD $25,001",
    );
    expect(over.message).toContain('more than 25% of the CAD $100,000 of direct costs (CAD $25,000)');
    expect(fixed(checkBudget(budget(1, lines(25_000)), nfrf)).message).toContain('within 25%');
    // Were the rule confirmed, the same two budgets would decide.
    const confirmed = {
      ...nfrf,
      rules: nfrf.rules.map((r) => (r.kind === 'indirect' ? { ...r, verified: true } : r)),
    };
    expect(statusOf(checkBudget(budget(1, lines(25_001)), confirmed), 'indirect')).toEqual(['unmet']);
    expect(statusOf(checkBudget(budget(1, lines(25_000)), confirmed), 'indirect')).toEqual(['met']);
    const none = fixed(checkBudget(budget(1, [line('ra', 'personnel', [100_000])]), confirmed));
    expect(none).toMatchObject({ status: 'info' });
    expect(none.message).toContain('up to CAD $25,000 (25% of the direct costs) may be requested');
  });

  it('NSERC CREATE: $150,000 in year 1, $300,000 a year, $1.65M over six years, each both sides', () => {
    const create = rules('ca-nserc-create');
    const years = (first: number, last: number) =>
      budget(6, [
        line('st', 'personnel', [first, 300_000, 300_000, 300_000, 300_000, last], 'Trainee stipends'),
      ]);
    const limits = (s: ReturnType<typeof checkBudget>) =>
      s.findings.filter((f) => f.rule?.kind === 'limit').map((f) => [f.status, f.year]);
    expect(limits(checkBudget(years(150_000, 300_000), create))).toEqual([
      ['met', null],
      ['met', 0],
      ['met', null],
    ]);
    const firstOver = checkBudget(years(150_001, 299_999), create);
    expect(firstOver.totals.requested).toBe(1_650_000);
    expect(limits(firstOver)).toEqual([
      ['met', null],
      ['unmet', 0],
      ['met', null],
    ]);
    expect(firstOver.findings.find((f) => f.year === 0)!.message).toContain(
      'up to $150,000 in the first year and up to $300,000 for up to five subsequent years, for a maximum of $1.65M over six years. In year 1 the direct costs requested is CAD $150,001; it must be at most CAD $150,000 in that year.',
    );
    // The sixth year one dollar over $300,000: that year, and the six-year total, break their rules.
    const over = checkBudget(years(150_000, 300_001), create);
    expect(limits(over)).toEqual([
      ['unmet', null],
      ['met', 0],
      ['unmet', 5],
    ]);
    expect(over.findings.find((f) => f.rule?.kind === 'limit')!.message).toContain(
      'for a maximum of $1.65M over six years. Over the project, the direct costs requested is CAD $1,650,001',
    );
    for (const id of ['ca-nserc-create', 'ca-nserc-i2i', 'ca-nserc-alliance-missions']) {
      const s = checkBudget(
        budget(1, [
          line('m', 'materials', [50_000]),
          line('oh', 'indirect', [10_000], 'University overhead'),
        ]),
        rules(id),
      );
      const f = s.findings.find((x) => x.rule?.kind === 'indirect')!;
      expect(f.status, id).toBe('unmet');
      expect(f.message, id).toContain("indirect or overhead costs — line 'University overhead' CAD $10,000");
      expect(s.totals.requested, id).toBe(50_000);
      // Without an indirect line the rule has nothing to say.
      const clean = checkBudget(budget(1, [line('m', 'materials', [50_000])]), rules(id));
      expect(statusOf(clean, 'indirect'), id).toEqual([]);
    }
  });

  it('NIH SBIR/STTR Phase I: $314,363 in total costs is within, $314,364 breaks the confirmed cap', () => {
    const sbir = rules('us-nih-sbir-sttr-phase-1');
    const at = (indirect: number) =>
      checkBudget(
        budget(1, [
          line('eng', 'personnel', [200_000], 'Engineers'),
          line('fa', 'indirect', [indirect], 'F&A'),
        ]),
        sbir,
      );
    expect(statusOf(at(114_363), 'limit')).toEqual(['met']);
    const over = at(114_364).findings.find((f) => f.rule?.kind === 'limit')!;
    expect(over.status).toBe('unmet');
    expect(over.message).toContain('may not exceed $314,363');
    expect(over.message).toContain('Over the project, the request is USD $314,364');
  });
  it('CFI JELF: the request is 40% of the eligible costs, each category named with its amount', () => {
    const jelf = rules('ca-cfi-jelf');
    const s = checkBudget(
      budget(
        1,
        [line('ms', 'equipment', [250_000], 'Mass spectrometer')],
        [partner('Province', null, [100_000], [0])],
      ),
      jelf,
    );
    expect(s.totals.requested).toBe(100_000);
    const f = s.findings.find((x) => x.rule?.kind === 'share_of_costs')!;
    expect(f.status).toBe('info');
    expect(f.message).toContain('up to a maximum of 40 percent of the total eligible costs');
    expect(f.message).toContain('Equipment: CAD $100,000 of CAD $250,000 (40%)');
    // One dollar more of costs adds 40 cents, which round down: the request moves only at $2.50.
    const more = (n: number) => checkBudget(budget(1, [line('ms', 'equipment', [n])]), jelf).totals.requested;
    expect([more(250_002), more(250_003)]).toEqual([100_000, 100_001]);
  });

  it('Mitacs Globalink Research Award: $12,000 is within the two units, $12,001 is not', () => {
    const gra = rules('ca-mitacs-globalink-research-award');
    const at = (n: number) =>
      checkBudget(budget(1, [line('tr', 'travel', [n], 'Travel and stay abroad')]), gra);
    expect(statusOf(at(12_000), 'limit')).toEqual(['met']);
    const over = at(12_001).findings.find((f) => f.rule?.kind === 'limit')!;
    expect(over.status).toBe('unmet');
    expect(over.message).toContain('$6,000 per internship unit');
    expect(over.message).toContain('Over the project, the request is CAD $12,001');
  });
});

/**
 * Every rule of its kind in cost-rules.json, on both sides of its boundary, through the builder
 * (issue 26 "done when"): each rule alone in its program, so the boundary is the rule's own. A
 * confirmed rule decides ("unmet"/"met"); an unconfirmed one says "Check with the funder" on both
 * sides. Category and indirect findings name the rule's words and the line's label.
 */
describe('every rule in cost-rules.json, on both sides of its boundary', () => {
  const all = Object.entries(loadCostRules().programs).flatMap(([id, program]) =>
    program.rules.map((rule) => ({ id, program, rule })),
  );
  const alone = (program: ProgramCostRules, rule: ProgramCostRules['rules'][number]): ProgramCostRules => ({
    ...program,
    rules: [rule],
  });
  const decided = (verified: boolean, status: string) => (verified ? status : 'check');

  it('each limit: the bound itself is within, one dollar past it is not', () => {
    const limits = all.filter((x) => x.rule.kind === 'limit');
    expect(limits.length).toBeGreaterThan(20);
    for (const { id, program, rule } of limits) {
      if (rule.kind !== 'limit') continue;
      const category =
        rule.category && rule.category !== 'partner_cash' && rule.category !== 'partner_in_kind'
          ? rule.category
          : 'materials';
      const at = (amount: number) =>
        checkBudget(
          budget(1, [line('x', category, [amount], 'The line')]),
          alone(program, rule),
        ).findings.filter((f) => f.rule?.kind === 'limit');
      const bounds = [
        ...(rule.max !== undefined ? [[rule.max, rule.max + 1]] : []),
        ...(rule.min !== undefined && rule.min > 0 ? [[rule.min, rule.min - 1]] : []),
      ];
      expect(bounds.length, id).toBeGreaterThan(0);
      for (const [inside, outside] of bounds) {
        const within = at(inside!);
        const past = at(outside!);
        expect(
          within.map((f) => f.status),
          `${id} ${inside}`,
        ).toEqual([decided(rule.verified, 'met')]);
        expect(
          past.map((f) => f.status),
          `${id} ${outside}`,
        ).toEqual([decided(rule.verified, 'unmet')]);
        expect(past[0]!.message, id).toContain(rule.says.slice(0, 40));
        if (!rule.verified) expect(past[0]!.message, id).toMatch(/^Check with the funder/);
      }
    }
  });

  it('each category rule: a line of the category is named with the rule’s words; another category is not', () => {
    const categories = all.filter(
      (x) =>
        x.rule.kind === 'category' &&
        x.rule.eligible !== true &&
        x.rule.category !== 'partner_cash' &&
        x.rule.category !== 'partner_in_kind',
    );
    expect(categories.length).toBeGreaterThan(10);
    for (const { id, program, rule } of categories) {
      if (rule.kind !== 'category') continue;
      const other = rule.category === 'travel' ? 'materials' : 'travel';
      const s = checkBudget(
        budget(1, [
          line('hit', rule.category as BudgetLine['category'], [9_000], 'The named line'),
          line('miss', other, [1_000]),
        ]),
        alone(program, rule),
      );
      const found = s.findings.filter((f) => f.rule?.kind === 'category');
      expect(
        found.map((f) => f.lineId),
        id,
      ).toEqual(['hit']);
      expect(found[0]!.message, id).toContain(rule.says.replace(/\.$/, ''));
      expect(found[0]!.message, id).toContain("line 'The named line'");
      expect(found[0]!.status, id).toBe(
        rule.eligible === 'conditional' ? 'check' : decided(rule.verified, 'unmet'),
      );
    }
  });

  it('each "not paid" indirect rule: an indirect line is named; a budget without one says nothing', () => {
    const notPaid = all.filter((x) => x.rule.kind === 'indirect' && x.rule.treatment === 'not_paid');
    expect(notPaid.length).toBeGreaterThan(10);
    for (const { id, program, rule } of notPaid) {
      const withLine = checkBudget(
        budget(1, [line('m', 'materials', [5_000]), line('oh', 'indirect', [1_000], 'Overhead')]),
        alone(program, rule),
      );
      const f = withLine.findings.filter((x) => x.rule?.kind === 'indirect');
      expect(
        f.map((x) => [x.status, x.lineId]),
        id,
      ).toEqual([[decided(rule.verified, 'unmet'), 'oh']]);
      expect(f[0]!.message, id).toContain("line 'Overhead'");
      const without = checkBudget(budget(1, [line('m', 'materials', [5_000])]), alone(program, rule));
      expect(statusOf(without, 'indirect'), id).toEqual([]);
    }
  });

  it('each modular rule: the yearly ceiling is modular, one dollar more needs a detailed budget', () => {
    const modular = all.filter((x) => x.rule.kind === 'modular');
    expect(modular.length).toBeGreaterThanOrEqual(4);
    for (const { id, program, rule } of modular) {
      if (rule.kind !== 'modular') continue;
      const at = (n: number) =>
        checkBudget(budget(1, [line('m', 'materials', [n])]), alone(program, rule)).findings.some((f) =>
          /detailed budget is needed/.test(f.message),
        );
      expect([at(rule.maxPerYear), at(rule.maxPerYear + 1)], id).toEqual([false, true]);
    }
  });

  it('each equipment threshold: an equipment line one dollar under it is not equipment; at it, it is', () => {
    const thresholds = all.filter((x) => x.rule.kind === 'equipment_threshold');
    expect(thresholds.length).toBeGreaterThanOrEqual(2);
    for (const { id, program, rule } of thresholds) {
      if (rule.kind !== 'equipment_threshold') continue;
      const at = (n: number) =>
        statusOf(
          checkBudget(budget(1, [line('e', 'equipment', [n])]), alone(program, rule)),
          'equipment_threshold',
        );
      expect([at(rule.unitCost - 1), at(rule.unitCost)], id).toEqual([[decided(rule.verified, 'unmet')], []]);
    }
  });
});
