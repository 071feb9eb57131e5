import type { Budget, BudgetConversion, BudgetFinding, ExchangeRate } from './budget.schema.ts';
import { finding, formatBudgetMoney, sum } from './budget-findings.ts';

/**
 * Amounts entered in another currency than the program's (issue 26 §1, ADR 0940): a US partner's
 * cash in an NSERC budget, a Canadian team's costs in an NIH one. They are converted only at a rate
 * the applicant enters with its source and date, never at a rate of ours and never silently: each
 * conversion is a finding naming the amount, the rate and its source, and a line or partner whose
 * currency has no rate stays out of every total, with a finding that says so.
 */

/** "1.365" with at most six decimals, as the applicant typed it. */
export const formatRate = (rate: number) => rate.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** One unit of `from` in the program's currency, as the rate's sentence says it. */
export const rateWords = (r: ExchangeRate, to: string) =>
  `1 ${r.currency} = ${formatRate(r.rate)} ${to} (rate you entered: ${r.source}, ${r.date})`;

/** An amount converted at a rate: whole units, rounded to the nearest. */
export const convertAmount = (amount: number, rate: number) => Math.round(amount * rate);

/**
 * The budget with every amount in the program's currency, the conversions made, and one finding
 * per line or partner entered in another currency. Budgets saved before currencies existed have
 * neither field and come back unchanged.
 */
export function inProgramCurrency(
  budget: Budget,
  currency: string,
): { budget: Budget; conversions: BudgetConversion[]; findings: BudgetFinding[] } {
  const rates = new Map<string, ExchangeRate>((budget.exchangeRates ?? []).map((r) => [r.currency, r]));
  const conversions: BudgetConversion[] = [];
  const findings: BudgetFinding[] = [];
  const foreign = (c: string | undefined): c is string => c !== undefined && c !== currency;

  function convert(
    id: string,
    what: string,
    from: string,
    series: number[][],
  ): { series: number[][]; rate: ExchangeRate | undefined } {
    const rate = rates.get(from);
    const original = sum(series.map(sum));
    const converted = rate ? series.map((s) => s.map((v) => convertAmount(v, rate.rate))) : null;
    conversions.push({
      id,
      name: what,
      currency: from,
      rate: rate?.rate ?? null,
      source: rate?.source ?? null,
      date: rate?.date ?? null,
      original,
      converted: converted ? sum(converted.map(sum)) : null,
    });
    if (rate && converted)
      findings.push(
        finding(
          null,
          'info',
          `${what} is entered in ${from}: ${formatBudgetMoney(original, from)} converted at ${rateWords(rate, currency)} = ${formatBudgetMoney(sum(converted.map(sum)), currency)}.`,
          { lineId: id },
        ),
      );
    else
      findings.push(
        finding(
          null,
          'unmet',
          `${what} is entered in ${from} (${formatBudgetMoney(original, from)}) and no exchange rate from ${from} to ${currency} is entered: it is left out of every total until you enter the rate and where it comes from.`,
          { lineId: id },
        ),
      );
    // Without a rate the amounts count as nothing: no total may hold a figure in another currency.
    return { series: converted ?? series.map((s) => s.map(() => 0)), rate };
  }

  const lines = budget.lines.map((l) => {
    if (!foreign(l.currency)) return l;
    const { series } = convert(l.id, `Line '${l.label}'`, l.currency, [l.amounts]);
    return { ...l, currency: undefined, amounts: series[0]! };
  });
  const partners = budget.partners.map((p) => {
    if (!foreign(p.currency)) return p;
    const { series } = convert(p.id, `${p.name}'s contribution`, p.currency, [p.cash, p.inKind]);
    return { ...p, currency: undefined, cash: series[0]!, inKind: series[1]! };
  });
  if (conversions.length === 0) return { budget, conversions, findings };
  return { budget: { ...budget, lines, partners }, conversions, findings };
}
