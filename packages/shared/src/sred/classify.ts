import { emptySpend, type Jurisdiction, type JurisdictionSpend, type SredInput } from './calculator.ts';
import type { ClaimSettings, ExpenseCategory } from './sred.schema.ts';

/**
 * Rules that classify an imported ledger or payroll line, first match wins, each with the reason
 * shown to the user. They are a starting point the user reviews: every line can be overridden
 * (the override and its reason are kept), and an unmatched line is "not eligible" with a reason
 * that says no rule matched, never a guess.
 */
export interface ClassificationRule {
  category: ExpenseCategory;
  /** Matched against the account and the description, case-insensitive. */
  pattern: RegExp;
  reason: string;
}

export const CLASSIFICATION_RULES: readonly ClassificationRule[] = [
  {
    category: 'government_assistance',
    pattern:
      /\b(irap|nrc|grant|contribution agreement|subsid|mitacs|government assistance|wage subsidy|sdtc|ngen)\b/i,
    reason: 'Names a grant, contribution or subsidy: government assistance reduces qualified expenditures.',
  },
  {
    category: 'contract_payment',
    pattern: /\b(contract revenue|research revenue|client funded|funded research|contract payment)\b/i,
    reason:
      'Payment received for SR&ED done for someone else: a contract payment reduces qualified expenditures.',
  },
  {
    category: 'not_eligible',
    pattern:
      /\b(marketing|advertis|sales|travel|meals?|entertainment|legal|accounting|bookkeep|interest|bank fee|donation|dues|recruit|patent)\b/i,
    reason:
      'Marketing, travel, professional fees, interest, recruitment and similar costs are not SR&ED expenditures.',
  },
  {
    category: 'capital',
    pattern:
      /\b(equipment|capital|hardware purchase|machinery|server purchase|fixed asset|instrument purchase)\b/i,
    reason:
      'Equipment or other capital property: qualified only for property acquired when the claim year’s rules allow it.',
  },
  {
    category: 'contract_arms_length',
    pattern: /\b(subcontract|contractor|consult|outsourc|contract research|lab services|testing services)\b/i,
    reason: 'Work contracted out: assumed arm’s length (80% counts); change it if the contractor is related.',
  },
  {
    category: 'materials',
    pattern: /\b(material|supplies|reagent|consumable|component|prototype|parts?|chemicals?|samples?)\b/i,
    reason: 'Materials consumed or transformed in the work.',
  },
  {
    category: 'overhead',
    pattern:
      /\b(rent|utilit|electric|hydro|telephone|internet|insurance|office|cloud|hosting|software licen[cs]e|maintenance)\b/i,
    reason:
      'Overhead: claimed only under the traditional method, and only the part directly attributable to SR&ED.',
  },
];

export function classifyLine(
  source: 'ledger' | 'payroll',
  account: string,
  description: string,
): { category: ExpenseCategory; reason: string } {
  if (source === 'payroll')
    return {
      category: 'salary',
      reason:
        'Payroll line: salary of an employee; the SR&ED share comes from the person’s time records. Mark specified employees (owners of 10% or more, or related to one).',
    };
  const text = `${account} ${description}`;
  for (const rule of CLASSIFICATION_RULES)
    if (rule.pattern.test(text)) return { category: rule.category, reason: rule.reason };
  return {
    category: 'not_eligible',
    reason: 'No rule matched this account or description: review it and choose a category.',
  };
}

export interface AggregatedLine {
  category: ExpenseCategory;
  amount: number;
  jurisdiction: Jurisdiction;
  person: string;
  date: string | null;
  error: string | null;
}

export interface TimeEntry {
  person: string;
  projectId: string | null;
  hours: number;
}

const fold = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** Each person's SR&ED share of time: SR&ED hours / all hours (null when no record). */
export function sredShares(time: readonly TimeEntry[]): Map<string, number> {
  const sred = new Map<string, number>();
  const all = new Map<string, number>();
  for (const t of time) {
    const k = fold(t.person);
    all.set(k, (all.get(k) ?? 0) + t.hours);
    if (t.projectId !== null) sred.set(k, (sred.get(k) ?? 0) + t.hours);
  }
  const out = new Map<string, number>();
  for (const [k, total] of all) out.set(k, total > 0 ? (sred.get(k) ?? 0) / total : 0);
  return out;
}

/** What a line contributes: salaries by the person's SR&ED share (0 without time records). */
export function countedAmount(
  line: AggregatedLine,
  shares: Map<string, number>,
): { counted: number; share: number | null } {
  if (line.error) return { counted: 0, share: null };
  if (line.category === 'salary' || line.category === 'specified_salary') {
    const share = shares.get(fold(line.person));
    return { counted: share === undefined ? 0 : Math.round(line.amount * share), share: share ?? null };
  }
  return { counted: line.category === 'not_eligible' ? 0 : line.amount, share: null };
}

/** The calculator's input from a claim's settings, lines and time records. */
export function buildCalculatorInput(
  settings: ClaimSettings,
  lines: readonly AggregatedLine[],
  time: readonly TimeEntry[],
): SredInput {
  const shares = sredShares(time);
  const blocks = new Map<Jurisdiction, JurisdictionSpend>();
  const block = (j: Jurisdiction) => {
    let b = blocks.get(j);
    if (!b) blocks.set(j, (b = emptySpend(j)));
    return b;
  };
  for (const line of lines) {
    const { counted } = countedAmount(line, shares);
    if (counted === 0) continue;
    const b = block(line.jurisdiction);
    switch (line.category) {
      case 'salary':
        b.salaries += counted;
        break;
      case 'specified_salary':
        b.specifiedSalaries += counted;
        break;
      case 'materials':
        b.materials += counted;
        break;
      case 'contract_arms_length':
        b.armsLengthContracts += counted;
        break;
      case 'contract_non_arms_length':
        b.nonArmsLengthContracts += counted;
        break;
      case 'third_party':
        b.thirdPartyPayments += counted;
        break;
      case 'overhead':
        b.overhead += counted;
        break;
      case 'capital':
        b.capital.push({ amount: counted, acquiredOn: line.date ?? settings.taxYearStart });
        break;
      case 'government_assistance':
        b.governmentAssistance += counted;
        break;
      case 'non_government_assistance':
        b.nonGovernmentAssistance += counted;
        break;
      case 'contract_payment':
        b.contractPayments += counted;
        break;
      case 'not_eligible':
        break;
    }
  }
  return {
    taxYearStart: settings.taxYearStart,
    taxYearEnd: settings.taxYearEnd,
    corporationType: settings.corporationType,
    priorYearTaxableCapital: settings.priorYearTaxableCapital,
    priorYearTaxableIncome: settings.priorYearTaxableIncome,
    expenditureLimitShare: settings.expenditureLimitShare,
    qualifyingCorporation: settings.qualifyingCorporation,
    method: settings.method,
    spend: [...blocks.values()],
    alberta: { priorTwoYearsAverage: settings.albertaPriorTwoYearsAverage },
    ...(settings.quebecPriorYearAssets === null
      ? {}
      : {
          quebec: {
            priorYearAssets: settings.quebecPriorYearAssets,
            foreignControlled: settings.quebecForeignControlled,
          },
        }),
  };
}

/** Parses an amount as accountants write it: "$1,234.56", "(1,234.56)", "-1234.5". Cents, or null. */
export function parseAmount(raw: string): number | null {
  let s = raw.trim().replace(/[$\s]/g, '').replace(/CAD$/i, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  }
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(s)) return null;
  const cents = Math.round(Number(s.replace(/,/g, '')) * 100);
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** Parses a date written YYYY-MM-DD or YYYY/MM/DD (other orders are ambiguous and refused). */
export function parseIsoDate(raw: string): string | null {
  const m = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(raw.trim());
  if (!m) return null;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (d.getUTCMonth() !== Number(m[2]) - 1) return null;
  return d.toISOString().slice(0, 10);
}

const PROVINCES: Record<string, Jurisdiction> = {
  on: 'ON',
  ontario: 'ON',
  qc: 'QC',
  quebec: 'QC',
  québec: 'QC',
  bc: 'BC',
  'british columbia': 'BC',
  ab: 'AB',
  alberta: 'AB',
};
/** A province cell: its code or name; anything else is another province (the user can see it). */
export function parseJurisdiction(raw: string): Jurisdiction | null {
  const s = fold(raw);
  if (!s) return null;
  return PROVINCES[s] ?? 'OTHER';
}
