import {
  BUDGET_CURRENCIES,
  BUDGET_MAX_AMOUNT,
  BUDGET_MAX_RATE,
  type Budget,
  type BudgetCurrency,
  type BudgetLineCategory,
  type ExchangeRate,
  isRealDay,
  type BudgetPrefill,
  type PrefillAmount,
  type PrefillSource,
} from '@grantleaf/shared/budget.schema';

/**
 * The budget builder's form (budget-builder.tsx): what is typed, kept as typed, and how it becomes
 * a Budget. Every field keeps its text, valid or not; only a valid form is a budget, and each
 * invalid field says why (a catalogue key under budget.errors).
 */

export interface LineForm {
  id: string;
  category: BudgetLineCategory;
  label: string;
  amounts: string[];
  note: string;
  /** '' for the program's currency; otherwise the currency the amounts are typed in (ADR 0940). */
  currency: string;
}
export interface PartnerForm {
  id: string;
  name: string;
  employees: string;
  cash: string[];
  inKind: string[];
  /** '' for the program's currency; otherwise the currency the cash and in-kind are typed in. */
  currency: string;
  /** Where a prefilled partner's name and money came from (ADR 0830); absent for a typed one. */
  from?: { name: PrefillSource | null; amounts: (PrefillAmount & { kind: 'cash' | 'inKind' })[] };
}
export interface BudgetFormState {
  years: number;
  lines: LineForm[];
  partners: PartnerForm[];
  notes: string;
  /** The amount requested, where the program's computation is unconfirmed (ADR 0740); blank: none. */
  statedRequest: string;
  /** The applicant's exchange rates, by currency, as typed (ADR 0940). */
  rates: RateForm[];
}
/** What each part of the builder's form gets: the form, the program's currency, errors and an edit. */
export interface BudgetPartProps {
  form: BudgetFormState;
  currency: string;
  fieldError: (id: string) => string | undefined;
  edit: (change: (f: BudgetFormState) => BudgetFormState) => void;
}

export interface RateForm {
  currency: string;
  rate: string;
  source: string;
  date: string;
}

/** The currencies other than the program's that a line or partner is typed in, in a stable order. */
export function foreignCurrencies(f: Pick<BudgetFormState, 'lines' | 'partners'>): string[] {
  const used = new Set([...f.lines, ...f.partners].map((x) => x.currency).filter(Boolean));
  return BUDGET_CURRENCIES.filter((c) => used.has(c));
}

export const newId = () => Math.random().toString(36).slice(2, 10);
export const resize = (xs: string[], n: number) => Array.from({ length: n }, (_, i) => xs[i] ?? '');
const shown = (n: number) => (n === 0 ? '' : String(n));

export function toForm(b: Budget): BudgetFormState {
  return {
    years: b.years,
    notes: b.notes,
    statedRequest: b.statedRequest === undefined ? '' : String(b.statedRequest),
    lines: b.lines.map((l) => ({ ...l, amounts: l.amounts.map(shown), currency: l.currency ?? '' })),
    partners: b.partners.map((p) => ({
      id: p.id,
      name: p.name,
      employees: p.employees === null ? '' : String(p.employees),
      cash: p.cash.map(shown),
      inKind: p.inKind.map(shown),
      currency: p.currency ?? '',
    })),
    rates: (b.exchangeRates ?? []).map((r) => ({ ...r, rate: String(r.rate) })),
  };
}

/**
 * The form as the application's material states it (ADR 0830): its years, its partners with their
 * cash and in-kind, the stated request where the program asks for one; no cost line, since none
 * is ever invented. An unknown partner size or name is left blank for the applicant.
 */
export function prefillToForm(p: BudgetPrefill): BudgetFormState {
  return {
    years: p.years,
    notes: '',
    statedRequest: p.statedRequest === null ? '' : String(p.statedRequest),
    lines: [],
    partners: p.partners.map((x) => ({
      id: x.id,
      name: x.name,
      employees: '',
      cash: x.cash.map(shown),
      inKind: x.inKind.map(shown),
      // Money stated in another currency stays in it; its rate is asked for, never assumed.
      currency: x.currency ?? '',
      from: { name: x.nameSource, amounts: x.amounts },
    })),
    rates: [],
  };
}

/** A field's message, as a catalogue key under budget.errors (shown in the interface's language). */
export type ErrorKey =
  'wholeUnits' | 'tooLarge' | 'nameLine' | 'namePartner' | 'employees' | 'rate' | 'rateSource' | 'rateDate';

/**
 * A rate as typed (ADR 0940): all three fields blank is no rate yet (the amounts then count for
 * nothing, and a finding says so); otherwise each must be valid. "1,365" is read as 1.365.
 */
function parseRate(r: RateForm, errors: Map<string, ErrorKey>): ExchangeRate | null {
  const text = r.rate.trim().replace(',', '.');
  if (!text && !r.source.trim() && !r.date.trim()) return null;
  const rate = Number(text);
  const valid = /^\d+(\.\d{1,6})?$/.test(text) && rate > 0 && rate <= BUDGET_MAX_RATE;
  if (!valid) errors.set(`rate-${r.currency}-rate`, 'rate');
  if (r.source.trim().length < 3) errors.set(`rate-${r.currency}-source`, 'rateSource');
  const day = r.date.trim();
  const real = isRealDay(day);
  if (!real) errors.set(`rate-${r.currency}-date`, 'rateDate');
  return valid && real && r.source.trim().length >= 3
    ? { currency: r.currency as BudgetCurrency, rate, source: r.source.trim(), date: day }
    : null;
}

/** An amount as typed: blank is 0; "25,000" and "$25 000" are 25000; anything else is an error. */
function parseAmount(text: string): number | ErrorKey {
  const t = text.replace(/[\s\u00a0\u202f,$]/g, '');
  if (t === '') return 0;
  if (!/^\d+$/.test(t)) return 'wholeUnits';
  const n = Number(t);
  return n > BUDGET_MAX_AMOUNT ? 'tooLarge' : n;
}

/** The form as a budget, or the message of each field that is not valid (keyed by field id). */
export function fromForm(f: BudgetFormState): { budget: Budget | null; errors: Map<string, ErrorKey> } {
  const errors = new Map<string, ErrorKey>();
  const amounts = (prefix: string, xs: string[]) =>
    xs.map((x, i) => {
      const v = parseAmount(x);
      if (typeof v === 'string') errors.set(`${prefix}-${i}`, v);
      return typeof v === 'number' ? v : 0;
    });
  const currencyOf = (c: string) => (c ? { currency: c as BudgetCurrency } : {});
  const lines = f.lines.map((l) => {
    if (!l.label.trim()) errors.set(`line-${l.id}-label`, 'nameLine');
    return {
      id: l.id,
      category: l.category,
      label: l.label.trim(),
      amounts: amounts(`line-${l.id}`, l.amounts),
      note: l.note,
      ...currencyOf(l.currency),
    };
  });
  const partners = f.partners.map((p) => {
    if (!p.name.trim()) errors.set(`partner-${p.id}-name`, 'namePartner');
    const e = p.employees.replace(/[\s,]/g, '');
    if (e && !/^\d+$/.test(e)) errors.set(`partner-${p.id}-employees`, 'employees');
    return {
      id: p.id,
      name: p.name.trim(),
      employees: e && /^\d+$/.test(e) ? Number(e) : null,
      cash: amounts(`partner-${p.id}-cash`, p.cash),
      inKind: amounts(`partner-${p.id}-inKind`, p.inKind),
      ...currencyOf(p.currency),
    };
  });
  // Only the rates of currencies in use are kept: a rate for a currency no longer used is dropped.
  const inUse = new Set(foreignCurrencies(f));
  const exchangeRates = f.rates
    .filter((r) => inUse.has(r.currency))
    .map((r) => parseRate(r, errors))
    .filter((r): r is ExchangeRate => r !== null);
  const stated = parseAmount(f.statedRequest);
  if (typeof stated === 'string') errors.set('stated-request', stated);
  const statedRequest = f.statedRequest.trim() && typeof stated === 'number' ? { statedRequest: stated } : {};
  return {
    budget: errors.size
      ? null
      : { years: f.years, lines, partners, notes: f.notes, exchangeRates, ...statedRequest },
    errors,
  };
}
