import { describe, expect, it } from 'vitest';
import {
  addMonths,
  computeSredCredits,
  emptySpend,
  filingDeadline,
  SredInputError,
  type JurisdictionSpend,
  type SredInput,
} from './calculator.ts';
import { SRED_SOURCES } from './rules.ts';
import * as RULES from './rules.ts';

/**
 * Worked examples. Ontario's two rate examples are the province's own (ontario.ca / fin.gov.on.ca);
 * CRA's T4088 examples were not in the stored copies, so the federal examples are hand-computed
 * with the arithmetic written beside each expectation. Amounts in cents ($1 = 100).
 */
const $ = (dollars: number) => Math.round(dollars * 100);

function spend(j: JurisdictionSpend['jurisdiction'], over: Partial<JurisdictionSpend>): JurisdictionSpend {
  return { ...emptySpend(j), ...over };
}

function input(over: Partial<SredInput>): SredInput {
  return {
    taxYearStart: '2025-01-01',
    taxYearEnd: '2025-12-31',
    corporationType: 'ccpc',
    priorYearTaxableCapital: 0,
    priorYearTaxableIncome: 0,
    expenditureLimitShare: 1,
    qualifyingCorporation: false,
    method: 'traditional',
    spend: [],
    ...over,
  };
}

describe('Ontario worked examples (ontario.ca)', () => {
  it('example 2: a 2016 calendar year straddles June 1, 2016 — OITC 8.8306%, ORDTC 3.9153%', () => {
    const res = computeSredCredits(
      input({
        taxYearStart: '2016-01-01',
        taxYearEnd: '2016-12-31',
        spend: [spend('ON', { salaries: $(100_000) })],
      }),
    );
    // OITC rate = 10% × 152/366 + 8% × 214/366 = 32.32/366 = 8.83060%; × $100,000 = $8,830.60
    const oitc = res.provincial.find((p) => p.name.startsWith('Ontario innovation'))!;
    expect(oitc.refundable).toBe($(8_830.6));
    expect(res.lines.find((l) => l.key === 'ON.oitc')!.formula).toContain('8.8306%');
    // ORDTC rate = 4.5% × 152/366 + 3.5% × 214/366 = 14.33/366 = 3.91530%;
    // base = $100,000 − OITC $8,830.60 = $91,169.40; × 3.91530% = $3,569.56
    const ordtc = res.provincial.find((p) => p.name.startsWith('Ontario research'))!;
    expect(ordtc.nonRefundable).toBe($(3_569.56));
    expect(res.lines.find((l) => l.key === 'ON.ordtc')!.formula).toContain('3.9153%');
  });

  it('example 1: a 2017 calendar year takes 8% OITC and 3.5% ORDTC; provincial credits reduce the federal base', () => {
    const res = computeSredCredits(
      input({
        taxYearStart: '2017-01-01',
        taxYearEnd: '2017-12-31',
        spend: [spend('ON', { salaries: $(1_000_000) })],
      }),
    );
    // OITC = 8% × $1,000,000 = $80,000; ORDTC = 3.5% × ($1,000,000 − $80,000) = $32,200
    expect(res.provincial.map((p) => p.refundable + p.nonRefundable)).toEqual([$(80_000), $(32_200)]);
    // Federal QE = $1,000,000 − $112,200 = $887,800; enhanced 35% (under the $3M limit) = $310,730
    expect(res.federal.qualifiedExpenditures).toBe($(887_800));
    expect(res.federal.enhancedItc).toBe($(310_730));
    expect(res.federal.refundable).toBe($(310_730));
    expect(res.totals).toEqual({ refundable: $(390_730), nonRefundable: $(32_200), total: $(422_930) });
  });
});

describe('federal worked examples (hand-computed)', () => {
  it('proxy method: the prescribed proxy amount is 55% of the salary base', () => {
    const res = computeSredCredits(
      input({
        method: 'proxy',
        spend: [
          spend('OTHER', {
            salaries: $(300_000),
            specifiedSalaries: $(100_000),
            materials: $(50_000),
            overhead: $(90_000),
          }),
        ],
      }),
    );
    // salary base $400,000 × 55% = $220,000; QE = 400,000 + 50,000 + 220,000 = $670,000 (overhead not claimed)
    expect(res.federal.qualifiedExpenditures).toBe($(670_000));
    // 35% × $670,000 = $234,500, all refundable for a CCPC under the limit
    expect(res.federal.enhancedItc).toBe($(234_500));
    expect(res.notes.some((n) => n.includes('not claimed under the proxy method'))).toBe(true);
  });

  it('traditional method: overhead counts as entered', () => {
    const res = computeSredCredits(
      input({ spend: [spend('OTHER', { salaries: $(300_000), overhead: $(90_000) })] }),
    );
    // QE = 300,000 + 90,000 = $390,000; × 35% = $136,500
    expect(res.federal.enhancedItc).toBe($(136_500));
  });

  it('assistance: government, non-government assistance and contract payments reduce the qualified expenditures', () => {
    const res = computeSredCredits(
      input({
        spend: [
          spend('OTHER', {
            salaries: $(500_000),
            governmentAssistance: $(100_000),
            nonGovernmentAssistance: $(50_000),
            contractPayments: $(25_000),
          }),
        ],
      }),
    );
    // QE = 500,000 − 100,000 − 50,000 − 25,000 = $325,000; × 35% = $113,750
    expect(res.federal.qualifiedExpenditures).toBe($(325_000));
    expect(res.federal.enhancedItc).toBe($(113_750));
  });

  it('contracts: 80% of arm’s-length contracts, 100% of non-arm’s-length', () => {
    const res = computeSredCredits(
      input({
        corporationType: 'other',
        spend: [spend('OTHER', { armsLengthContracts: $(100_000), nonArmsLengthContracts: $(40_000) })],
      }),
    );
    // QE = 100,000 × 80% + 40,000 = $120,000; other corporation: 15% basic = $18,000, non-refundable
    expect(res.federal.qualifiedExpenditures).toBe($(120_000));
    expect(res.federal.basicItc).toBe($(18_000));
    expect(res.federal.refundable).toBe(0);
    expect(res.federal.nonRefundable).toBe($(18_000));
  });

  it('phase-out (rules before December 16, 2024): $3M limit falls to nil from $10M to $50M of prior-year taxable capital', () => {
    const res = computeSredCredits(
      input({
        taxYearStart: '2023-01-01',
        taxYearEnd: '2023-12-31',
        priorYearTaxableCapital: $(30_000_000),
        spend: [spend('OTHER', { salaries: $(4_000_000) })],
      }),
    );
    // limit = $3M × ($50M − $30M) / $40M = $1,500,000
    expect(res.federal.expenditureLimit).toBe($(1_500_000));
    // enhanced 35% × 1.5M = $525,000; basic 15% × 2.5M = $375,000 (non-refundable, not a qualifying corporation)
    expect(res.federal.enhancedItc).toBe($(525_000));
    expect(res.federal.basicItc).toBe($(375_000));
    expect(res.federal.refundable).toBe($(525_000));
    expect(res.federal.nonRefundable).toBe($(375_000));
  });

  it('phase-out under the 2026 rules: $6M limit falls to nil from $15M to $75M', () => {
    const res = computeSredCredits(
      input({ priorYearTaxableCapital: $(30_000_000), spend: [spend('OTHER', { salaries: $(7_000_000) })] }),
    );
    // limit = $6M × ($75M − $30M) / $60M = $4,500,000; enhanced 35% × 4.5M = 1,575,000; basic 15% × 2.5M = 375,000
    expect(res.federal.expenditureLimit).toBe($(4_500_000));
    expect(res.federal.enhancedItc).toBe($(1_575_000));
    expect(res.federal.basicItc).toBe($(375_000));
    const none = computeSredCredits(
      input({ priorYearTaxableCapital: $(80_000_000), spend: [spend('OTHER', { salaries: $(1_000_000) })] }),
    );
    // above $75M: no enhanced rate; 15% × $1M = $150,000 non-refundable
    expect(none.federal.expenditureLimit).toBe(0);
    expect(none.federal.nonRefundable).toBe($(150_000));
    // the 2026 limit was read on third parties' pages only: shown as unverified
    expect(res.lines.find((l) => l.key === 'federal.limit')!.verified).toBe(false);
    expect(res.verified).toBe(false);
  });

  it('a tax year straddling the Budget 2025 change: the rules in force when the year begins apply', () => {
    const qe = [spend('OTHER', { salaries: $(5_000_000) })];
    const before = computeSredCredits(
      input({ taxYearStart: '2024-12-01', taxYearEnd: '2025-11-30', spend: qe }),
    );
    // began before December 16, 2024: $3M limit; 35% × 3M = 1,050,000 + 15% × 2M = 300,000
    expect(before.federal.expenditureLimit).toBe($(3_000_000));
    expect(before.federal.enhancedItc + before.federal.basicItc).toBe($(1_350_000));
    const after = computeSredCredits(
      input({ taxYearStart: '2024-12-16', taxYearEnd: '2025-12-15', spend: qe }),
    );
    // began on December 16, 2024: $6M limit; 35% × 5M = $1,750,000, all refundable
    expect(after.federal.expenditureLimit).toBe($(6_000_000));
    expect(after.federal.refundable).toBe($(1_750_000));
  });

  it('a tax year straddling January 1, 2014: basic rate and proxy rate pro-rated by days', () => {
    const res = computeSredCredits(
      input({
        corporationType: 'other',
        method: 'proxy',
        taxYearStart: '2013-07-01',
        taxYearEnd: '2014-06-30',
        spend: [spend('OTHER', { salaries: $(1_000_000) })],
      }),
    );
    // days: 184 in 2013, 181 in 2014, 365 in all.
    // proxy rate = 60% × 184/365 + 55% × 181/365 = (110.4 + 99.55)/365 = 57.5205%; PPA = $575,205.48
    // QE = 1,000,000 + 575,205.48 = $1,575,205.48
    expect(res.federal.qualifiedExpenditures).toBe(157_520_548);
    // basic = 20% × 184/365 + 15% × 181/365 = (36.8 + 27.15)/365 = 17.5205%; × 1,575,205.48 = $275,984.63
    expect(res.federal.basicItc).toBe(27_598_463);
    expect(res.lines.find((l) => l.key === 'federal.basic')!.formula).toContain(
      '20% × 184/365 + 15% × 181/365',
    );
  });

  it('eligible Canadian public corporation: basic rate before the change, enhanced and refundable after', () => {
    const qe = [spend('OTHER', { salaries: $(2_000_000) })];
    const old = computeSredCredits(
      input({ corporationType: 'ecpc', taxYearStart: '2024-01-01', taxYearEnd: '2024-12-31', spend: qe }),
    );
    // 15% × $2M = $300,000 non-refundable
    expect(old.federal.enhancedItc).toBe(0);
    expect(old.federal.nonRefundable).toBe($(300_000));
    const now = computeSredCredits(
      input({ corporationType: 'ecpc', taxYearStart: '2026-01-01', taxYearEnd: '2026-12-31', spend: qe }),
    );
    // 35% × $2M = $700,000 refundable
    expect(now.federal.refundable).toBe($(700_000));
  });

  it('capital: restored for property acquired on or after December 16, 2024, in a year that began on or after it', () => {
    const capital = [
      { amount: $(200_000), acquiredOn: '2026-03-01' },
      { amount: $(50_000), acquiredOn: '2024-12-01' },
    ];
    const res = computeSredCredits(
      input({
        taxYearStart: '2026-01-01',
        taxYearEnd: '2026-12-31',
        spend: [spend('OTHER', { salaries: $(100_000), capital })],
      }),
    );
    // QE = 100,000 + 200,000 (the 2024-12-01 item is too early) = $300,000; × 35% = $105,000
    expect(res.federal.qualifiedExpenditures).toBe($(300_000));
    expect(res.notes.some((n) => n.includes('acquired 2024-12-01'))).toBe(true);
    const old = computeSredCredits(
      input({
        taxYearStart: '2023-01-01',
        taxYearEnd: '2023-12-31',
        spend: [
          spend('OTHER', {
            salaries: $(100_000),
            capital: [{ amount: $(200_000), acquiredOn: '2023-03-01' }],
          }),
        ],
      }),
    );
    // 2023: capital not qualified: QE = $100,000
    expect(old.federal.qualifiedExpenditures).toBe($(100_000));
  });

  it('a qualifying corporation gets 40% of the basic-rate credit refunded', () => {
    const res = computeSredCredits(
      input({
        taxYearStart: '2023-01-01',
        taxYearEnd: '2023-12-31',
        qualifyingCorporation: true,
        spend: [spend('OTHER', { salaries: $(4_000_000) })],
      }),
    );
    // enhanced 35% × 3M = 1,050,000 (refundable); basic 15% × 1M = 150,000, 40% refunded = 60,000
    expect(res.federal.refundable).toBe($(1_110_000));
    expect(res.federal.nonRefundable).toBe($(90_000));
  });

  it('shared and short-year limit: a quarter share, a 6-month year', () => {
    const res = computeSredCredits(
      input({
        taxYearStart: '2023-01-01',
        taxYearEnd: '2023-06-30',
        expenditureLimitShare: 0.25,
        spend: [spend('OTHER', { salaries: $(2_000_000) })],
      }),
    );
    // $3M × 0.25 = $750,000 × 181/365 = $371,917.81
    expect(res.federal.expenditureLimit).toBe(37_191_781);
  });
});

describe('provincial credits and their interaction with the federal credit', () => {
  it('British Columbia: 10% refundable up to the federal limit for a CCPC, non-refundable above', () => {
    const res = computeSredCredits(
      input({
        taxYearStart: '2023-01-01',
        taxYearEnd: '2023-12-31',
        spend: [spend('BC', { salaries: $(4_000_000) })],
      }),
    );
    // refundable 10% × min(4M, 3M) = 300,000; non-refundable 10% × 1M = 100,000
    expect(res.provincial).toEqual([
      expect.objectContaining({ jurisdiction: 'BC', refundable: $(300_000), nonRefundable: $(100_000) }),
    ]);
    // federal QE = 4,000,000 − 400,000 = 3,600,000: 35% × 3M = 1,050,000 + 15% × 600,000 = 90,000
    expect(res.federal.qualifiedExpenditures).toBe($(3_600_000));
    expect(res.federal.enhancedItc + res.federal.basicItc).toBe($(1_140_000));
  });

  it('Alberta: 8% up to the base level, 20% above it', () => {
    const res = computeSredCredits(
      input({
        spend: [spend('AB', { salaries: $(1_000_000) })],
        alberta: { priorTwoYearsAverage: $(600_000) },
      }),
    );
    // 8% × 600,000 = 48,000 + 20% × 400,000 = 80,000 → $128,000
    expect(res.provincial[0]!.refundable).toBe($(128_000));
    // federal QE = 1,000,000 − 128,000 = 872,000; × 35% = 305,200
    expect(res.federal.enhancedItc).toBe($(305_200));
    // without the base level, everything at 8% = $80,000 and a note says so
    const noBase = computeSredCredits(input({ spend: [spend('AB', { salaries: $(1_000_000) })] }));
    expect(noBase.provincial[0]!.refundable).toBe($(80_000));
    expect(noBase.provincial[0]!.verified).toBe(false);
  });

  it('Québec: salary credit above the exclusion threshold, always marked unverified', () => {
    const res = computeSredCredits(
      input({
        spend: [spend('QC', { salaries: $(550_000) })],
        quebec: { priorYearAssets: $(10_000_000), foreignControlled: false },
      }),
    );
    // base = 550,000 − 50,000 = 500,000; 30% = $150,000
    expect(res.provincial[0]).toEqual(
      expect.objectContaining({ jurisdiction: 'QC', refundable: $(150_000), verified: false }),
    );
  });

  it('Ontario assistance reduces the provincial base and the federal base once', () => {
    const res = computeSredCredits(
      input({
        taxYearStart: '2023-01-01',
        taxYearEnd: '2023-12-31',
        spend: [spend('ON', { salaries: $(500_000), governmentAssistance: $(100_000) })],
      }),
    );
    // ON base = 400,000; OITC 8% = 32,000; ORDTC 3.5% × 368,000 = 12,880
    // federal = 500,000 − 100,000 − 44,880 = 355,120; × 35% = 124,292
    expect(res.federal.qualifiedExpenditures).toBe($(355_120));
    expect(res.federal.enhancedItc).toBe($(124_292));
  });
});

describe('deadline, inputs and sources', () => {
  it('one dated rule gives the deadline to the record and to a claim the calculator refused', () => {
    // The rule's months, not a constant: the record's line and the stand-alone answer agree.
    const months = RULES.FEDERAL.filingDeadlineMonths.versions[0]!.value;
    expect(filingDeadline('2025-01-01', '2025-06-30')).toEqual({
      date: addMonths('2025-06-30', months),
      verified: true,
    });
    expect(filingDeadline('2025-01-01', '2025-06-30').date).toBe('2026-12-31');
  });

  it('filing deadline is 18 months after the tax year end, clipped to the month', () => {
    expect(addMonths('2025-12-31', 18)).toBe('2027-06-30');
    expect(addMonths('2024-08-31', 18)).toBe('2026-02-28');
    // A month-end year end is due on the target month's last day (CRA's T2 examples: March 31 →
    // September 30, August 31 → February 28); another day keeps its number (September 23 → March 23).
    expect(addMonths('2025-03-31', 6)).toBe('2025-09-30');
    expect(addMonths('2025-06-30', 18)).toBe('2026-12-31');
    expect(addMonths('2024-02-29', 18)).toBe('2025-08-31');
    expect(addMonths('2025-09-30', 18)).toBe('2027-03-31');
    expect(addMonths('2025-09-23', 6)).toBe('2026-03-23');
    expect(
      computeSredCredits(input({ taxYearStart: '2024-07-01', taxYearEnd: '2025-06-30' })).filingDeadline,
    ).toBe('2026-12-31');
    expect(computeSredCredits(input({})).filingDeadline).toBe('2027-06-30');
  });

  it('the 18-month rule is read on canada.ca; a February 29 deadline stays unverified', () => {
    const rule = RULES.FEDERAL.filingDeadlineMonths.versions[0]!;
    expect(rule).toMatchObject({ value: 18, verified: true, source: 'cra-sred-submit' });
    expect(RULES.SRED_SOURCES.find((s) => s.id === rule.source)?.url).toMatch(/^https:\/\/www\.canada\.ca\//);
    // A year ending August 31, 2026: the return is due February 28, 2027; 12 months after it, CRA
    // does not say whether February 28 or 29, 2028.
    expect(filingDeadline('2025-09-01', '2026-08-31')).toEqual({ date: '2028-02-29', verified: false });
    expect(filingDeadline('2024-09-01', '2025-08-31')).toEqual({ date: '2027-02-28', verified: true });
  });

  it('rejects bad input with a message', () => {
    expect(() => computeSredCredits(input({ taxYearEnd: '2024-12-31' }))).toThrow(SredInputError);
    expect(() => computeSredCredits(input({ spend: [spend('ON', { salaries: -1 })] }))).toThrow(
      /ON.salaries/,
    );
    expect(() => computeSredCredits(input({ spend: [spend('ON', { salaries: 1.5 })] }))).toThrow(
      SredInputError,
    );
    expect(() => computeSredCredits(input({ taxYearStart: '2025-02-30' }))).toThrow(/Not a date/);
    expect(() => computeSredCredits(input({ expenditureLimitShare: 2 }))).toThrow(/between 0 and 1/);
  });

  it('every rule names a known source with a read date, and every source is used', () => {
    const ids = new Set(SRED_SOURCES.map((s) => s.id));
    for (const s of SRED_SOURCES) expect(s.read).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const used = new Set<string>();
    const walk = (o: unknown): void => {
      if (o && typeof o === 'object') {
        if ('source' in o && typeof (o as { source: unknown }).source === 'string')
          used.add((o as { source: string }).source);
        for (const a of (o as { alsoSources?: string[] }).alsoSources ?? []) used.add(a);
        for (const v of Object.values(o)) walk(v);
      }
    };
    walk(RULES);
    for (const u of used) expect(ids.has(u), u).toBe(true);
    for (const id of ids) expect(used.has(id), id).toBe(true);
  });
});
