import type { Language } from '../text/index.ts';
import type { StatementKind } from './cues.ts';

/**
 * The fact model (issue 24 §1, ADR 0240): what the applicant gave, read once. Every fact keeps
 * where it came from, so a draft, a check or a question can cite it and nothing the engine wrote
 * is mistaken for it.
 */

export interface Source {
  /** The form field ("totalBudget", "timelineMilestones[2].budgetAmount") or "section:<id>". */
  field: string;
  start: number;
  end: number;
  /** The words of the span, as written. */
  text: string;
}

export type AmountRole =
  /** The whole project's cost, all funders together. */
  | 'total_cost'
  /** What this funder is asked for. */
  | 'requested'
  | 'partner_cash'
  | 'partner_in_kind'
  /** An amount without a role word: a cost item in a budget, a figure in prose. */
  | 'other';

export interface AmountFact {
  value: number;
  /** ISO code when written ("CAD", "€"); null for a bare "$" (the program's currency applies). */
  currency: string | null;
  role: AmountRole;
  /** "per year", "/yr", "par année". */
  perYear: boolean;
  source: Source;
}

export interface PersonFact {
  name: string | null;
  role: string | null;
  /** Sentences stating the person's record ("PI has 45 publications in solid-state ionics"). */
  record: string[];
  source: Source;
}

export interface OrganisationFact {
  name: string;
  role: 'applicant' | 'partner' | 'subcontractor';
  source: Source;
}

export interface ObjectiveFact {
  text: string;
  /** As the applicant wrote it ("3.", "Aim 2:"); null when unmarked. */
  marker: string | null;
  label: string | null;
  /** The applicant's number or letter ("3", "b"); the reader never renumbers. */
  number: string | null;
  source: Source;
}

export interface MilestoneFact {
  title: string;
  description: string;
  deliverables: string;
  startDate: string | null;
  endDate: string | null;
  amount: AmountFact | null;
  source: Source;
}

export interface StatementFact {
  kind: StatementKind;
  text: string;
  source: Source;
}

export interface FactModel {
  language: Language;
  amounts: AmountFact[];
  people: PersonFact[];
  organisations: OrganisationFact[];
  objectives: ObjectiveFact[];
  milestones: MilestoneFact[];
  /** Sentences by what they say: pilot results, record, methods, outcomes, KM, training. */
  statements: StatementFact[];
}

export function emptyFacts(language: Language = 'en'): FactModel {
  return {
    language,
    amounts: [],
    people: [],
    organisations: [],
    objectives: [],
    milestones: [],
    statements: [],
  };
}

/** The largest amount of a role, the form's budget field before prose ("a $5B market budget"). */
function largest(facts: FactModel, role: AmountRole, perYear: boolean): AmountFact | null {
  const list = facts.amounts.filter((a) => a.role === role && a.perYear === perYear);
  const own = list.filter((a) => a.source.field === BUDGET_FIELD);
  return (own.length ? own : list).reduce<AmountFact | null>(
    (b, a) => (!b || a.value > b.value ? a : b),
    null,
  );
}

/** The form field that states the project's money. */
export const BUDGET_FIELD = 'totalBudget';

/**
 * The amount requested from this funder: a stated request, else the total cost; a whole-project
 * figure before a yearly one ("$75,000 per year" alone is still what is asked). Null when none.
 */
export function requestedAmount(facts: FactModel): AmountFact | null {
  return (
    largest(facts, 'requested', false) ??
    largest(facts, 'total_cost', false) ??
    largest(facts, 'requested', true) ??
    largest(facts, 'total_cost', true)
  );
}

export function totalCost(facts: FactModel): AmountFact | null {
  return largest(facts, 'total_cost', false);
}

/** The sum of the partners' stated amounts of one kind (each stated amount once). */
export function partnerAmount(facts: FactModel, role: 'partner_cash' | 'partner_in_kind'): number | null {
  const list = facts.amounts.filter((a) => a.role === role);
  const seen = new Set<string>();
  let sum = 0;
  for (const a of list) {
    const key = `${a.value}|${a.source.field}`;
    if (seen.has(key)) continue;
    seen.add(key);
    sum += a.value;
  }
  return list.length ? sum : null;
}

export function statementsOf(facts: FactModel, kind: StatementKind): StatementFact[] {
  return facts.statements.filter((s) => s.kind === kind);
}
