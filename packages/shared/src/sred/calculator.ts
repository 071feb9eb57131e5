import { addDaysTo, calendarDaysBetween, isoDayPlusMonths } from '../days.ts';
import { ALBERTA, BRITISH_COLUMBIA, FEDERAL, ONTARIO, QUEBEC, type Dated, type DatedRule } from './rules.ts';
import { SRED_NOTE, sredNote } from './notes.ts';

/**
 * The SR&ED credit calculator: one pure function, used by the web for the live preview and by
 * the server for the record (so the two never disagree).
 *
 * INPUT (`SredInput`): every amount is an integer number of cents.
 * - taxYearStart / taxYearEnd: ISO dates (inclusive) of the corporation's tax year.
 * - corporationType: 'ccpc' (Canadian-controlled private corporation), 'ecpc' (eligible Canadian
 *   public corporation) or 'other'.
 * - priorYearTaxableCapital: taxable capital employed in Canada of the associated group for the
 *   preceding tax year (drives the phase-out of the expenditure limit; Ontario's OITC too).
 * - priorYearTaxableIncome: the associated group's prior-year taxable income (Ontario OITC only;
 *   null when unknown: the OITC is then computed without that reduction and marked unverified).
 * - expenditureLimitShare: the share (0..1) of the group's expenditure limit allocated to this
 *   corporation (1 when not associated).
 * - qualifyingCorporation: the user's statement that the CCPC is a "qualifying corporation"
 *   (40% of the basic-rate credit refunded); not derived here.
 * - method: 'proxy' (prescribed proxy amount on the salary base; overhead not claimed) or
 *   'traditional' (overhead directly attributable to SR&ED claimed as entered).
 * - spend: one block per jurisdiction where the SR&ED was carried on (ON, QC, BC, AB, OTHER), with
 *   the SR&ED share of salaries (employees directly engaged, specified employees), materials
 *   consumed or transformed, arm's-length and non-arm's-length contracts, third-party payments,
 *   overhead (traditional only), capital items (amount and acquisition date), and the government
 *   assistance, non-government assistance and contract payments that concern that work.
 * - alberta: average qualifying Alberta R&D spending of the previous two years (the IEG's base
 *   level); quebec: prior-year total assets and whether non-residents control the corporation.
 *
 * OUTPUT (`SredResult`): each step as a line with the amount, the arithmetic written out, the
 * sources of every rule it used and whether all of them were verified on a government page;
 * the federal credit (enhanced and basic parts, refundable and non-refundable), each provincial
 * credit, the totals, the filing deadline, and notes on what is not modelled.
 *
 * Order of computation (the interactions): each province's credit is computed on that
 * province's qualified expenditures less the assistance that concerns them (Ontario's ORDTC base
 * is also reduced by the OITC; neither is reduced by the federal credit). Provincial credits are
 * government assistance for federal purposes, so the federal qualified expenditures are reduced
 * by them, then by all other assistance and contract payments, before the federal rates apply.
 */

export type CorporationType = 'ccpc' | 'ecpc' | 'other';
export type Jurisdiction = 'ON' | 'QC' | 'BC' | 'AB' | 'OTHER';
export const JURISDICTIONS: readonly Jurisdiction[] = ['ON', 'QC', 'BC', 'AB', 'OTHER'];

export interface CapitalItem {
  amount: number;
  /** ISO date the property was acquired. */
  acquiredOn: string;
  description?: string;
}

export interface JurisdictionSpend {
  jurisdiction: Jurisdiction;
  salaries: number;
  specifiedSalaries: number;
  materials: number;
  armsLengthContracts: number;
  nonArmsLengthContracts: number;
  thirdPartyPayments: number;
  overhead: number;
  capital: CapitalItem[];
  governmentAssistance: number;
  nonGovernmentAssistance: number;
  contractPayments: number;
}

export interface SredInput {
  taxYearStart: string;
  taxYearEnd: string;
  corporationType: CorporationType;
  priorYearTaxableCapital: number;
  priorYearTaxableIncome: number | null;
  expenditureLimitShare: number;
  qualifyingCorporation: boolean;
  method: 'proxy' | 'traditional';
  spend: JurisdictionSpend[];
  alberta?: { priorTwoYearsAverage: number | null };
  quebec?: { priorYearAssets: number; foreignControlled: boolean };
}

export interface SredLine {
  key: string;
  label: string;
  amount: number;
  formula: string;
  sources: string[];
  verified: boolean;
}

export interface ProvincialCredit {
  jurisdiction: Jurisdiction;
  name: string;
  refundable: number;
  nonRefundable: number;
  verified: boolean;
}

export interface SredResult {
  days: number;
  lines: SredLine[];
  federal: {
    qualifiedExpenditures: number;
    expenditureLimit: number;
    enhancedBase: number;
    enhancedItc: number;
    basicItc: number;
    refundable: number;
    nonRefundable: number;
  };
  provincial: ProvincialCredit[];
  totals: { refundable: number; nonRefundable: number; total: number };
  filingDeadline: string;
  /** True only when every rule used was read on a government page. */
  verified: boolean;
  notes: string[];
}

export class SredInputError extends Error {}

function parseDate(iso: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) throw new SredInputError(`Not a date: ${iso}`);
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(t);
  if (d.getUTCMonth() !== Number(m[2]) - 1) throw new SredInputError(`Not a date: ${iso}`);
  return t;
}

/** Days from `a` to `b`, both inclusive. */
function daysInclusive(a: number, b: number): number {
  return calendarDaysBetween(a, b) + 1;
}

/**
 * The end date plus whole months, as CRA counts a corporation's due dates: a tax year that ends on
 * the last day of a month is due on the last day of the target month (June 30 + 18 months =
 * December 31, not 30); another day keeps its number, clipped to a shorter month (September 23 →
 * March 23). Read on canada.ca, "When to file your corporation income tax return" (read
 * 2026-11-28, source `cra-t2-when-file`), with its examples.
 */
export function addMonths(isoDate: string, months: number): string {
  return isoDayPlusMonths(parseDate(isoDate), months);
}

/**
 * The T661 filing deadline by the dated rule in force for the tax year (issue 30 §4): the
 * calculator's record and, for a claim it refused, the calendar feed and the reminders use this one
 * rule, so a change of the rule's months changes all of them.
 */
export function filingDeadline(
  taxYearStart: string,
  taxYearEnd: string,
): { date: string; verified: boolean } {
  const { date, rule } = deadlineByRule(taxYearStart, taxYearEnd);
  return { date, verified: rule.verified };
}

function deadlineByRule(taxYearStart: string, taxYearEnd: string) {
  const rule = must(
    resolve(FEDERAL.filingDeadlineMonths, parseDate(taxYearStart), parseDate(taxYearEnd)),
    'the filing deadline',
  );
  const date = addMonths(taxYearEnd, rule.value);
  // CRA counts 12 months from the return's due date; whether 12 months after a February 28 due
  // date is February 28 or 29 of a leap year, its pages do not say: that one date stays unverified.
  const leapEdge = date.endsWith('-02-29');
  return { date, rule: leapEdge ? { ...rule, verified: false } : rule };
}

interface Resolved<T> {
  value: T;
  sources: string[];
  verified: boolean;
  formula: string;
}

/** The version of a rule in force on a day. */
function versionOn<T>(rule: DatedRule<T>, day: number): Dated<T> | undefined {
  let found: Dated<T> | undefined;
  for (const v of rule.versions) if (v.from === undefined || parseDate(v.from) <= day) found = v;
  return found;
}

/** A rule's value for a tax year, following its `applies` mode. */
function resolve<T>(rule: DatedRule<T>, start: number, end: number): Resolved<T> | undefined {
  if (rule.applies === 'yearBeginning') {
    const v = versionOn(rule, start);
    return (
      v && {
        value: v.value,
        sources: [v.source, ...(v.alsoSources ?? [])],
        verified: v.verified,
        formula: String(v.value),
      }
    );
  }
  // prorateByDays: only numeric rules.
  const total = daysInclusive(start, end);
  const parts: { value: number; days: number; v: Dated<T> }[] = [];
  const versions = rule.versions;
  for (let i = 0; i < versions.length; i += 1) {
    const v = versions[i]!;
    const from = v.from === undefined ? -Infinity : parseDate(v.from);
    const next = versions[i + 1]?.from;
    const to = next === undefined ? Infinity : addDaysTo(parseDate(next), -1).getTime();
    const a = Math.max(from, start);
    const b = Math.min(to, end);
    if (b >= a) parts.push({ value: v.value as unknown as number, days: daysInclusive(a, b), v });
  }
  if (parts.length === 0) return undefined;
  const value = parts.reduce((s, p) => s + (p.value * p.days) / total, 0);
  const formula =
    parts.length === 1
      ? String(parts[0]!.value)
      : parts.map((p) => `${pct(p.value)} × ${p.days}/${total}`).join(' + ') + ` = ${pct(value, 4)}`;
  return {
    value: value as unknown as T,
    sources: [...new Set(parts.map((p) => p.v.source))],
    verified: parts.every((p) => p.v.verified),
    formula,
  };
}

function must<T>(r: Resolved<T> | undefined, what: string): Resolved<T> {
  if (!r) throw new SredInputError(`No rule for ${what} in this tax year`);
  return r;
}

export function pct(rate: number, digits = 2): string {
  return `${(rate * 100).toFixed(digits).replace(/\.?0+$/, '')}%`;
}

export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const c = abs % 100;
  return `${sign}$${dollars}${c ? `.${String(c).padStart(2, '0')}` : ''}`;
}

/** Straight-line reduction: `max` until `from`, nil at `to`. */
function phaseOut(max: number, measure: number, from: number, to: number): number {
  if (measure <= from) return max;
  if (measure >= to) return 0;
  return Math.round((max * (to - measure)) / (to - from));
}

const r = Math.round;

function checkInput(input: SredInput): void {
  const amounts: [string, number][] = [
    ['priorYearTaxableCapital', input.priorYearTaxableCapital],
    ...(input.priorYearTaxableIncome === null
      ? []
      : [['priorYearTaxableIncome', input.priorYearTaxableIncome] as [string, number]]),
  ];
  for (const s of input.spend) {
    for (const k of [
      'salaries',
      'specifiedSalaries',
      'materials',
      'armsLengthContracts',
      'nonArmsLengthContracts',
      'thirdPartyPayments',
      'overhead',
      'governmentAssistance',
      'nonGovernmentAssistance',
      'contractPayments',
    ] as const)
      amounts.push([`${s.jurisdiction}.${k}`, s[k]]);
    s.capital.forEach((c, i) => {
      amounts.push([`${s.jurisdiction}.capital[${i}]`, c.amount]);
      parseDate(c.acquiredOn);
    });
  }
  for (const [k, v] of amounts)
    if (!Number.isSafeInteger(v) || v < 0)
      throw new SredInputError(`${k} must be a whole number of cents, 0 or more`);
  if (!(input.expenditureLimitShare >= 0 && input.expenditureLimitShare <= 1))
    throw new SredInputError('expenditureLimitShare must be between 0 and 1');
  const seen = new Set<string>();
  for (const s of input.spend) {
    if (seen.has(s.jurisdiction)) throw new SredInputError(`${s.jurisdiction} appears twice`);
    seen.add(s.jurisdiction);
  }
}

export function computeSredCredits(input: SredInput): SredResult {
  checkInput(input);
  const start = parseDate(input.taxYearStart);
  const end = parseDate(input.taxYearEnd);
  if (end < start) throw new SredInputError('The tax year ends before it starts');
  const days = daysInclusive(start, end);
  if (days > 371) throw new SredInputError('A tax year cannot be longer than 53 weeks');

  const lines: SredLine[] = [];
  const notes: string[] = [];
  const line = (l: SredLine): number => {
    lines.push(l);
    return l.amount;
  };

  const proxyRate = must(resolve(FEDERAL.proxyRate, start, end), 'the proxy rate');
  const alShare = must(resolve(FEDERAL.armsLengthContractShare, start, end), 'arm’s-length contracts');
  const capitalRule = must(resolve(FEDERAL.capital, start, end), 'capital expenditures');

  // 1. Qualified expenditures per jurisdiction, before assistance.
  const perJurisdiction = new Map<
    Jurisdiction,
    { qe: number; afterAssistance: number; assistance: number }
  >();
  for (const s of input.spend) {
    const j = s.jurisdiction;
    const salaryBase = s.salaries + s.specifiedSalaries;
    const al = r(s.armsLengthContracts * alShare.value);
    let capital = 0;
    const capitalParts: string[] = [];
    for (const c of s.capital) {
      const ok =
        capitalRule.value.allowed &&
        (capitalRule.value.acquiredFrom === null ||
          parseDate(c.acquiredOn) >= parseDate(capitalRule.value.acquiredFrom)) &&
        parseDate(c.acquiredOn) <= end;
      if (ok) {
        capital += c.amount;
        capitalParts.push(money(c.amount));
      } else
        notes.push(
          sredNote(capitalRule.value.acquiredFrom ? SRED_NOTE.capitalFrom : SRED_NOTE.capital, {
            j,
            amount: money(c.amount),
            date: c.acquiredOn,
            from: capitalRule.value.acquiredFrom ?? '',
          }),
        );
    }
    const ppa = input.method === 'proxy' ? r(salaryBase * proxyRate.value) : 0;
    const overhead = input.method === 'traditional' ? s.overhead : 0;
    if (input.method === 'proxy' && s.overhead > 0)
      notes.push(sredNote(SRED_NOTE.overhead, { j, amount: money(s.overhead) }));
    const qe =
      salaryBase +
      s.materials +
      s.nonArmsLengthContracts +
      al +
      s.thirdPartyPayments +
      overhead +
      capital +
      ppa;
    line({
      key: `${j}.qualified`,
      label: `${j}: qualified expenditures before assistance`,
      amount: qe,
      formula: [
        `salaries ${money(s.salaries)}`,
        `specified employees ${money(s.specifiedSalaries)}`,
        `materials ${money(s.materials)}`,
        `non-arm’s-length contracts ${money(s.nonArmsLengthContracts)}`,
        `arm’s-length contracts ${money(s.armsLengthContracts)} × ${pct(alShare.value)} = ${money(al)}`,
        `third-party payments ${money(s.thirdPartyPayments)}`,
        input.method === 'traditional'
          ? `overhead ${money(overhead)}`
          : `proxy amount ${proxyRate.formula === String(proxyRate.value) ? pct(proxyRate.value) : proxyRate.formula} × ${money(salaryBase)} = ${money(ppa)}`,
        `capital ${capitalParts.length ? capitalParts.join(' + ') : '$0'}`,
      ].join(' + '),
      sources: [
        ...alShare.sources,
        ...(input.method === 'proxy' ? proxyRate.sources : []),
        ...capitalRule.sources,
      ],
      verified:
        alShare.verified &&
        (input.method === 'traditional' || proxyRate.verified) &&
        (capital === 0 || capitalRule.verified),
    });
    const assistance = s.governmentAssistance + s.nonGovernmentAssistance + s.contractPayments;
    const afterAssistance = Math.max(0, qe - assistance);
    if (assistance > 0)
      line({
        key: `${j}.assistance`,
        label: `${j}: less assistance and contract payments`,
        amount: -Math.min(assistance, qe),
        formula: `government ${money(s.governmentAssistance)} + non-government ${money(s.nonGovernmentAssistance)} + contract payments ${money(s.contractPayments)}`,
        sources: ['cra-itc-policy'],
        verified: true,
      });
    perJurisdiction.set(j, { qe, afterAssistance, assistance });
  }

  // 2. Federal expenditure limit (needed by BC as well).
  const eligible = must(resolve(FEDERAL.enhancedEligible, start, end), 'enhanced-rate eligibility');
  const limitRule = must(resolve(FEDERAL.expenditureLimit, start, end), 'the expenditure limit');
  const enhancedOk = eligible.value.includes(input.corporationType);
  let expenditureLimit = 0;
  if (enhancedOk) {
    const { max, phaseOutFrom, phaseOutTo } = limitRule.value;
    const phased = phaseOut(max, input.priorYearTaxableCapital, phaseOutFrom, phaseOutTo);
    const shared = r(phased * input.expenditureLimitShare);
    // A tax year shorter than 51 weeks takes days/365 of the limit.
    const short = days < 357;
    expenditureLimit = short ? r((shared * days) / 365) : shared;
    line({
      key: 'federal.limit',
      label: 'Federal expenditure limit',
      amount: expenditureLimit,
      formula:
        `${money(max)} × (${money(phaseOutTo)} − max(${money(phaseOutFrom)}, prior-year taxable capital ${money(input.priorYearTaxableCapital)})) / ${money(phaseOutTo - phaseOutFrom)} = ${money(phased)}` +
        ` × share ${input.expenditureLimitShare}` +
        (short ? ` × ${days}/365 (short tax year)` : ''),
      sources: limitRule.sources,
      verified: limitRule.verified && !short,
    });
    if (short)
      notes.push(
        'Short tax year: the expenditure limit is pro-rated by days/365 (threshold of 51 weeks not read on CRA’s page; unverified).',
      );
  } else {
    notes.push(
      input.corporationType === 'ecpc'
        ? 'An eligible Canadian public corporation earns the enhanced rate only for tax years starting on or after December 16, 2024.'
        : 'This corporation type earns the basic rate only.',
    );
  }

  const provincial: ProvincialCredit[] = [];

  // 3. Ontario: OITC (refundable) then ORDTC (non-refundable) on what remains.
  const on = perJurisdiction.get('ON');
  if (on && on.afterAssistance > 0) {
    const oitcRate = must(resolve(ONTARIO.oitcRate, start, end), 'OITC rate');
    const lim = must(resolve(ONTARIO.oitcLimit, start, end), 'OITC limit');
    let oitc = 0;
    let oitcVerified = oitcRate.verified && lim.verified;
    if (input.corporationType === 'ccpc') {
      const L = lim.value;
      const byIncome =
        input.priorYearTaxableIncome === null
          ? L.max
          : phaseOut(L.max, input.priorYearTaxableIncome, L.incomeFrom, L.incomeTo);
      const byCapital = phaseOut(L.max, input.priorYearTaxableCapital, L.capitalFrom, L.capitalTo);
      const both = byIncome < L.max && byCapital < L.max;
      let limit = r((((L.max * byIncome) / L.max) * byCapital) / L.max);
      limit = r(limit * input.expenditureLimitShare);
      if (days < 357) limit = r((limit * days) / 365);
      if (both || input.priorYearTaxableIncome === null) oitcVerified = false;
      if (input.priorYearTaxableIncome === null)
        notes.push(
          'Ontario OITC: prior-year taxable income not given, so its reduction of the OITC limit is not applied (unverified).',
        );
      const base = Math.min(on.afterAssistance, limit);
      oitc = r(base * oitcRate.value);
      line({
        key: 'ON.limit',
        label: 'Ontario OITC expenditure limit',
        amount: limit,
        formula: `${money(L.max)} reduced by prior-year taxable income (${money(L.incomeFrom)}–${money(L.incomeTo)}) to ${money(byIncome)} and by taxable capital (${money(L.capitalFrom)}–${money(L.capitalTo)}) to ${money(byCapital)}${both ? ' (both apply: multiplied, unverified)' : ''} × share ${input.expenditureLimitShare}`,
        sources: lim.sources,
        verified: oitcVerified,
      });
      line({
        key: 'ON.oitc',
        label: 'Ontario innovation tax credit (refundable)',
        amount: oitc,
        formula: `${oitcRate.formula === String(oitcRate.value) ? pct(oitcRate.value) : oitcRate.formula} × min(${money(on.afterAssistance)}, ${money(limit)})`,
        sources: oitcRate.sources,
        verified: oitcVerified,
      });
    } else {
      notes.push(
        'Ontario OITC: computed for CCPCs only (the eligibility sentence on ontario.ca was cut off in the stored copy; unverified).',
      );
    }
    const ordtcRate = must(resolve(ONTARIO.ordtcRate, start, end), 'ORDTC rate');
    const ordtcBase = Math.max(0, on.afterAssistance - oitc);
    const ordtc = r(ordtcBase * ordtcRate.value);
    line({
      key: 'ON.ordtc',
      label: 'Ontario research and development tax credit (non-refundable)',
      amount: ordtc,
      formula: `${ordtcRate.formula === String(ordtcRate.value) ? pct(ordtcRate.value) : ordtcRate.formula} × (${money(on.afterAssistance)} − OITC ${money(oitc)})`,
      sources: ordtcRate.sources,
      verified: ordtcRate.verified,
    });
    provincial.push({
      jurisdiction: 'ON',
      name: 'Ontario innovation tax credit',
      refundable: oitc,
      nonRefundable: 0,
      verified: oitcVerified,
    });
    provincial.push({
      jurisdiction: 'ON',
      name: 'Ontario research and development tax credit',
      refundable: 0,
      nonRefundable: ordtc,
      verified: ordtcRate.verified,
    });
  }

  // 4. British Columbia.
  const bc = perJurisdiction.get('BC');
  if (bc && bc.afterAssistance > 0) {
    const rate = must(resolve(BRITISH_COLUMBIA.rate, start, end), 'BC rate');
    const follows = must(resolve(BRITISH_COLUMBIA.limitFollowsFederal, start, end), 'BC limit');
    const refundBase = input.corporationType === 'ccpc' ? Math.min(bc.afterAssistance, expenditureLimit) : 0;
    const refundable = r(refundBase * rate.value);
    const nonRefundable = r((bc.afterAssistance - refundBase) * rate.value);
    let verified = rate.verified && (refundBase === 0 || follows.verified);
    if (end >= parseDate(BRITISH_COLUMBIA.endsBefore)) {
      verified = false;
      notes.push(sredNote(SRED_NOTE.bcEnds, { date: BRITISH_COLUMBIA.endsBefore }));
    }
    line({
      key: 'BC.credit',
      label: 'British Columbia SR&ED tax credit',
      amount: refundable + nonRefundable,
      formula: `${pct(rate.value)} × min(${money(bc.afterAssistance)}, limit ${money(expenditureLimit)}) = ${money(refundable)} refundable (CCPC) + ${pct(rate.value)} × the rest = ${money(nonRefundable)} non-refundable`,
      sources: [...rate.sources, ...follows.sources],
      verified,
    });
    provincial.push({
      jurisdiction: 'BC',
      name: 'British Columbia SR&ED tax credit',
      refundable,
      nonRefundable,
      verified,
    });
  }

  // 5. Alberta Innovation Employment Grant.
  const ab = perJurisdiction.get('AB');
  if (ab && ab.afterAssistance > 0) {
    const g = resolve(ALBERTA.grant, start, end);
    if (!g)
      notes.push('Alberta: the Innovation Employment Grant applies to expenditures after December 31, 2020.');
    else {
      const G = g.value;
      const cap = phaseOut(G.maxSpend, input.priorYearTaxableCapital, G.capitalFrom, G.capitalTo);
      const spend = Math.min(ab.afterAssistance, cap);
      const baseLevel = input.alberta?.priorTwoYearsAverage ?? null;
      const atBase = baseLevel === null ? spend : Math.min(spend, baseLevel);
      const grant = r(atBase * G.baseRate + (spend - atBase) * G.incrementalRate);
      const verified = g.verified && cap === G.maxSpend && baseLevel !== null;
      if (baseLevel === null)
        notes.push(
          'Alberta: the base level (average of the previous two years) was not given, so all spending is taken at the 8% rate.',
        );
      line({
        key: 'AB.ieg',
        label: 'Alberta Innovation Employment Grant (refundable)',
        amount: grant,
        formula: `${pct(G.baseRate)} × ${money(atBase)} (up to the base level${baseLevel === null ? ', not given' : ` ${money(baseLevel)}`}) + ${pct(G.incrementalRate)} × ${money(spend - atBase)}; spending counted up to ${money(cap)}${cap < G.maxSpend ? ' (taxable-capital phase-out, straight line: unverified)' : ''}`,
        sources: g.sources,
        verified,
      });
      provincial.push({
        jurisdiction: 'AB',
        name: 'Alberta Innovation Employment Grant',
        refundable: grant,
        nonRefundable: 0,
        verified,
      });
    }
  }

  // 6. Québec tax credit for salaries and wages (R&D).
  const qcSpend = input.spend.find((s) => s.jurisdiction === 'QC');
  if (qcSpend && qcSpend.salaries + qcSpend.specifiedSalaries + qcSpend.armsLengthContracts > 0) {
    const q = resolve(QUEBEC.salaries, start, end);
    if (!q) notes.push('Québec: no rule recorded for this tax year.');
    else {
      const Q = q.value;
      const assets = input.quebec?.priorYearAssets ?? 0;
      const foreign = input.quebec?.foreignControlled ?? input.corporationType === 'other';
      const threshold =
        assets <= Q.assetsFrom
          ? Q.exclusionThreshold
          : assets >= Q.assetsTo
            ? Q.exclusionThresholdLarge
            : r(
                Q.exclusionThreshold +
                  ((Q.exclusionThresholdLarge - Q.exclusionThreshold) * (assets - Q.assetsFrom)) /
                    (Q.assetsTo - Q.assetsFrom),
              );
      const wages =
        qcSpend.salaries +
        qcSpend.specifiedSalaries +
        r(qcSpend.armsLengthContracts * Q.armsLengthContractShare);
      const base = Math.max(0, wages - threshold);
      const enhancedRate =
        foreign || assets >= Q.assetsTo
          ? Q.baseRate
          : assets <= Q.assetsFrom
            ? Q.enhancedRate
            : Q.enhancedRate -
              ((Q.enhancedRate - Q.baseRate) * (assets - Q.assetsFrom)) / (Q.assetsTo - Q.assetsFrom);
      const enhancedPart = Math.min(base, Q.enhancedLimit);
      const credit = r(enhancedPart * enhancedRate + (base - enhancedPart) * Q.baseRate);
      line({
        key: 'QC.salaries',
        label: 'Québec tax credit for salaries and wages (R&D), refundable',
        amount: credit,
        formula: `${pct(enhancedRate, 4)} × min(${money(base)}, ${money(Q.enhancedLimit)}) + ${pct(Q.baseRate)} × the rest; base = salaries + ${pct(Q.armsLengthContractShare)} of arm’s-length contracts ${money(wages)} − exclusion threshold ${money(threshold)}`,
        sources: q.sources,
        verified: false,
      });
      provincial.push({
        jurisdiction: 'QC',
        name: 'Québec tax credit for salaries and wages (R&D)',
        refundable: credit,
        nonRefundable: 0,
        verified: false,
      });
      notes.push(
        'Québec: rates and thresholds were read on third parties’ copies only; the result is unverified.',
      );
    }
  }

  // 7. Federal qualified expenditures and credit.
  let qeTotal = 0;
  let assistanceTotal = 0;
  for (const v of perJurisdiction.values()) {
    qeTotal += v.qe;
    assistanceTotal += v.assistance;
  }
  const provincialTotal = provincial.reduce((s, p) => s + p.refundable + p.nonRefundable, 0);
  const fedQe = Math.max(0, qeTotal - assistanceTotal - provincialTotal);
  line({
    key: 'federal.qualified',
    label: 'Federal qualified expenditures',
    amount: fedQe,
    formula: `${money(qeTotal)} − assistance and contract payments ${money(assistanceTotal)} − provincial credits (government assistance) ${money(provincialTotal)}`,
    sources: ['cra-itc-policy', 'bc-sred-mentorworks'],
    verified: provincialTotal === 0,
  });
  const enhancedRate = must(resolve(FEDERAL.enhancedRate, start, end), 'the enhanced rate');
  const basicRate = must(resolve(FEDERAL.basicRate, start, end), 'the basic rate');
  const enhancedBase = enhancedOk ? Math.min(fedQe, expenditureLimit) : 0;
  const enhancedItc = r(enhancedBase * enhancedRate.value);
  const basicItc = r((fedQe - enhancedBase) * basicRate.value);
  line({
    key: 'federal.enhanced',
    label: 'Federal ITC at the enhanced rate',
    amount: enhancedItc,
    formula: `${pct(enhancedRate.value)} × min(${money(fedQe)}, ${money(expenditureLimit)})`,
    sources: [...enhancedRate.sources, ...eligible.sources],
    verified: enhancedRate.verified && eligible.verified && (enhancedBase === 0 || limitRule.verified),
  });
  line({
    key: 'federal.basic',
    label: 'Federal ITC at the basic rate',
    amount: basicItc,
    formula: `${basicRate.formula === String(basicRate.value) ? pct(basicRate.value) : basicRate.formula} × (${money(fedQe)} − ${money(enhancedBase)})`,
    sources: basicRate.sources,
    verified: basicRate.verified,
  });
  const refundShare = must(resolve(FEDERAL.enhancedRefundShare, start, end), 'refund share');
  const qShare = must(
    resolve(FEDERAL.qualifyingCorporationBasicRefundShare, start, end),
    'qualifying corporation share',
  );
  const enhancedRefund = r(enhancedItc * refundShare.value);
  const basicRefund =
    input.corporationType === 'ccpc' && input.qualifyingCorporation ? r(basicItc * qShare.value) : 0;
  const fedRefundable = enhancedRefund + basicRefund;
  const fedNonRefundable = enhancedItc + basicItc - fedRefundable;
  line({
    key: 'federal.refundable',
    label: 'Federal refundable ITC',
    amount: fedRefundable,
    formula: `${pct(refundShare.value)} of ${money(enhancedItc)}${basicRefund ? ` + ${pct(qShare.value)} of ${money(basicItc)} (qualifying corporation)` : ''}`,
    sources: [...refundShare.sources, ...(basicRefund ? qShare.sources : [])],
    verified: refundShare.verified,
  });

  const totals = {
    refundable: fedRefundable + provincial.reduce((s, p) => s + p.refundable, 0),
    nonRefundable: fedNonRefundable + provincial.reduce((s, p) => s + p.nonRefundable, 0),
    total: 0,
  };
  totals.total = totals.refundable + totals.nonRefundable;

  const { date: deadlineDate, rule: deadlineRule } = deadlineByRule(input.taxYearStart, input.taxYearEnd);
  line({
    key: 'deadline',
    label: `Filing deadline (${deadlineRule.value} months after the tax year end)`,
    amount: 0,
    formula: `${input.taxYearEnd} + ${deadlineRule.value} months = ${deadlineDate}`,
    sources: deadlineRule.sources,
    verified: deadlineRule.verified,
  });
  notes.push(
    'Not modelled: the salary-base limits for specified employees, the proxy amount’s overall cap, recapture and repayment of assistance, carry-backs and carry-forwards, and partnerships. Enter amounts already limited.',
  );

  return {
    days,
    lines,
    federal: {
      qualifiedExpenditures: fedQe,
      expenditureLimit,
      enhancedBase,
      enhancedItc,
      basicItc,
      refundable: fedRefundable,
      nonRefundable: fedNonRefundable,
    },
    provincial,
    totals,
    filingDeadline: deadlineDate,
    verified: lines.every((l) => l.verified),
    notes,
  };
}

/** An empty spend block for a jurisdiction. */
export function emptySpend(jurisdiction: Jurisdiction): JurisdictionSpend {
  return {
    jurisdiction,
    salaries: 0,
    specifiedSalaries: 0,
    materials: 0,
    armsLengthContracts: 0,
    nonArmsLengthContracts: 0,
    thirdPartyPayments: 0,
    overhead: 0,
    capital: [],
    governmentAssistance: 0,
    nonGovernmentAssistance: 0,
    contractPayments: 0,
  };
}
