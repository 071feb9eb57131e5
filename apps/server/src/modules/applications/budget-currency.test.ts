import { checkBudget, formatBudgetMoney, partnerFacts } from '@grantleaf/shared/budget-checks';
import { inProgramCurrency } from '@grantleaf/shared/budget-currency';
import {
  type Budget,
  type BudgetLine,
  type BudgetPartner,
  budgetSchema,
  type ExchangeRate,
} from '@grantleaf/shared/budget.schema';
import { describe, expect, it } from 'vitest';
import { costRulesFor } from '../programs/cost-rules.ts';

/**
 * Amounts in another currency than the program's (ADR 0940), on the real cost rules: converted
 * only at the applicant's rate, each conversion said with its rate, source and date, and an amount
 * without a rate left out of every total, never counted as if it were in the program's currency.
 */

const rules = (id: string) => {
  const r = costRulesFor(id);
  if (!r) throw new Error(`no cost rules for ${id}`);
  return r;
};
const line = (
  id: string,
  category: BudgetLine['category'],
  amounts: number[],
  currency?: BudgetLine['currency'],
): BudgetLine => ({ id, category, label: id, amounts, note: '', ...(currency ? { currency } : {}) });
const partner = (
  id: string,
  cash: number[],
  inKind: number[],
  currency?: BudgetPartner['currency'],
): BudgetPartner => ({ id, name: id, employees: 20_000, cash, inKind, ...(currency ? { currency } : {}) });
const usd = (rate: number): ExchangeRate => ({
  currency: 'USD',
  rate,
  source: 'Bank of Canada daily rate',
  date: '2026-11-27',
});
const budget = (
  years: number,
  lines: BudgetLine[],
  partners: BudgetPartner[] = [],
  exchangeRates?: ExchangeRate[],
): Budget => ({ years, lines, partners, notes: '', ...(exchangeRates ? { exchangeRates } : {}) });

describe('NSERC Alliance with a US partner: the partner cash counts only at the applicant’s rate', () => {
  const alliance = rules('ca-nserc-alliance-advantage');
  const costs = [line('ra', 'personnel', [210_000])];

  it('USD 50,000 at 1.4 is CAD $70,000 of partner cash, which supports the CAD $140,000 requested', () => {
    const s = checkBudget(budget(1, costs, [partner('US Corp', [50_000], [0], 'USD')], [usd(1.4)]), alliance);
    expect(s.currency).toBe('CAD');
    expect(s.totals.partnerCash).toBe(70_000);
    expect(s.totals.requested).toBe(140_000);
    expect(s.findings.find((f) => f.rule?.kind === 'cost_share')?.status).toBe('met');
    const said = s.findings.find((f) => f.lineId === 'US Corp')!;
    expect(said.status).toBe('info');
    expect(said.message).toBe(
      "US Corp's contribution is entered in USD: USD $50,000 converted at 1 USD = 1.4 CAD (rate you entered: Bank of Canada daily rate, 2026-11-27) = CAD $70,000.",
    );
    expect(s.conversions).toEqual([
      {
        id: 'US Corp',
        name: "US Corp's contribution",
        currency: 'USD',
        rate: 1.4,
        source: 'Bank of Canada daily rate',
        date: '2026-11-27',
        original: 50_000,
        converted: 70_000,
      },
    ]);
  });

  it('one cent of rate lower and the same USD 50,000 no longer supports the costs (both sides of the ratio)', () => {
    const s = checkBudget(
      budget(1, costs, [partner('US Corp', [50_000], [0], 'USD')], [usd(1.39)]),
      alliance,
    );
    expect(s.totals.partnerCash).toBe(69_500);
    expect(s.findings.find((f) => f.rule?.kind === 'cost_share')?.status).toBe('unmet');
  });

  it('without a rate the USD cash is never read as Canadian dollars: it counts for nothing, and the finding says why', () => {
    const s = checkBudget(budget(1, costs, [partner('US Corp', [50_000], [10_000], 'USD')]), alliance);
    expect(s.totals.partnerCash).toBe(0);
    expect(s.totals.partnerInKind).toBe(0);
    expect(s.totals.requested).toBe(0);
    const missing = s.findings.find((f) => f.lineId === 'US Corp')!;
    expect(missing.status).toBe('unmet');
    expect(missing.message).toContain('no exchange rate from USD to CAD is entered');
    expect(missing.message).toContain('USD $60,000');
    expect(s.conversions[0]).toMatchObject({ rate: null, converted: null, original: 60_000 });
    // The draft's partner facts are the program's currency too: nothing countable without a rate.
    expect(partnerFacts(budget(1, costs, [partner('US Corp', [50_000], [0], 'USD')]), alliance)).toEqual([]);
    expect(
      partnerFacts(budget(1, costs, [partner('US Corp', [50_000], [0], 'USD')], [usd(1.4)]), alliance),
    ).toEqual([{ partner: 'US Corp', kind: 'cash', value: 70_000 }]);
  });
});

describe('a Canadian team’s costs in an NIH (USD) budget', () => {
  const r01 = rules('us-nih-r01');

  it('CAD lines convert into USD year by year before the modules are counted', () => {
    const cad: ExchangeRate = {
      currency: 'CAD',
      rate: 0.73,
      source: 'our office’s rate',
      date: '2026-11-01',
    };
    const s = checkBudget(
      budget(
        2,
        [line('tech', 'personnel', [100_000, 120_000], 'CAD'), line('mat', 'materials', [10_000, 0])],
        [],
        [cad],
      ),
      r01,
    );
    expect(s.currency).toBe('USD');
    expect(s.direct).toEqual([83_000, 87_600]);
    // CAD 100,000 at 0.73 plus the USD 10,000 line; whole $25,000 modules on the converted figures.
    expect(s.requested.slice(0, 2)).toEqual([100_000, 100_000]);
    expect(s.findings.some((f) => f.lineId === 'tech' && f.message.includes('1 CAD = 0.73 USD'))).toBe(true);
  });

  it('a line already in the program’s currency is not converted, and a budget saved before currencies is unchanged', () => {
    const plain = budget(1, [line('mat', 'materials', [10_000])]);
    expect(inProgramCurrency(plain, 'USD')).toEqual({ budget: plain, conversions: [], findings: [] });
    const same = budget(1, [line('mat', 'materials', [10_000], 'USD')], [], [usd(2)]);
    expect(checkBudget(same, r01).totals.direct).toBe(10_000);
  });
});

describe('the rates the schema accepts', () => {
  const valid = budget(1, [line('m', 'materials', [1], 'USD')], [], [usd(1.365)]);
  const withRate = (r: Partial<ExchangeRate>) => ({ ...valid, exchangeRates: [{ ...usd(1.365), ...r }] });
  const messages = (b: unknown) => {
    const parsed = budgetSchema.safeParse(b);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };

  it('accepts a rate with six decimals, its source and a real date', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages(withRate({ rate: 1.365123 }))).toEqual([]);
    expect(messages(withRate({ rate: 1000 }))).toEqual([]);
  });

  it('refuses each bad part with its own message', () => {
    expect(messages(withRate({ rate: 0 }))).toEqual(['A rate is more than 0']);
    expect(messages(withRate({ rate: 1.3651234 }))).toEqual(['At most six decimals']);
    expect(messages(withRate({ rate: 1000.5 }))).toEqual(['That rate is too large']);
    expect(messages(withRate({ source: ' x ' }))).toEqual(['Say where the rate comes from']);
    expect(messages(withRate({ date: '2026-02-30' }))).toEqual(['Enter a real date as YYYY-MM-DD']);
    expect(messages(withRate({ date: '27/11/2026' }))).toEqual(['Enter a real date as YYYY-MM-DD']);
    expect(messages({ ...valid, exchangeRates: [usd(1.3), usd(1.4)] })).toEqual([
      'USD has two rates: keep one',
    ]);
    expect(messages({ ...valid, lines: [{ ...valid.lines[0], currency: 'JPY' }] })).not.toEqual([]);
  });
});

it('money in a currency without a dollar sign is written by its code alone', () => {
  expect(formatBudgetMoney(40_000, 'EUR')).toBe('EUR 40,000');
  expect(formatBudgetMoney(40_000, 'CAD')).toBe('CAD $40,000');
});
