import { docToText } from '@grantleaf/shared/application-document.schema';
import {
  BUDGET_CURRENCIES,
  BUDGET_MAX_YEARS,
  type BudgetCurrency,
  type BudgetPrefill,
  type PrefillAmount,
  type PrefillSource,
} from '@grantleaf/shared/budget.schema';
import { requestIsStated } from '@grantleaf/shared/cost-rules';
import type { ProgramCostRules } from '@grantleaf/shared/cost-rules.schema';
import type { GenerationForm } from '../../ai/read/form.ts';
import {
  type AmountFact,
  type FactModel,
  readForm,
  readText,
  requestedAmount,
  totalCost,
} from '../../ai/read/index.ts';
import { findDurations, sentenceSpans } from '../../ai/text/index.ts';
import type { Tx } from '../../db/client.ts';
import { findOwnSubmission } from '../submissions/index.ts';
import type { ApplicationRow } from './applications.schema.ts';

/**
 * The budget builder's starting point (issue 26 §1, ADR 0830): what the application's material
 * already states about money, read by the one fact model (ai/read), never by a parser of its own.
 * The material is the form the draft was written from when the application came from one, else
 * its sections. Partners get the cash and in-kind stated for them; the total cost, the request and
 * the milestones' amounts are hints; no cost line, salary or rate is ever filled in, and what the
 * material does not say is listed as missing.
 */

/** A quote is the sentence that states the figure, cut here so a long paragraph stays readable. */
const QUOTE_MAX = 240;

/** The texts read, by the field id a fact's source names, with how the builder labels each. */
type Material = {
  facts: FactModel;
  texts: Map<string, { origin: PrefillSource['origin']; label: string; text: string }>;
};

/** The form the application's draft was written from, as the writer read it (no saved budget of another application). */
async function draftForm(db: Tx, row: ApplicationRow): Promise<GenerationForm | null> {
  if (!row.submissionId) return null;
  // The application's owner wrote the draft; the caller's access to the application was checked.
  const submission = await findOwnSubmission(db, row.userId, row.submissionId);
  const c = submission?.type === 'generation' ? (submission.contentJson as Record<string, unknown>) : null;
  if (!c || typeof c.totalBudget !== 'string') return null;
  const str = (k: string) => (typeof c[k] === 'string' ? c[k] : '');
  return {
    projectTitle: str('projectTitle'),
    projectOverview: str('projectOverview'),
    keyObjectives: str('keyObjectives'),
    totalBudget: str('totalBudget'),
    projectTimeline: str('projectTimeline'),
    teamLeadName: str('teamLeadName'),
    teamLeadRole: str('teamLeadRole'),
    teamProfiles: str('teamProfiles'),
    industryPartner: str('industryPartner'),
    timelineMilestones: Array.isArray(c.timelineMilestones)
      ? (c.timelineMilestones as GenerationForm['timelineMilestones'])
      : [],
  };
}

async function materialOf(db: Tx, row: ApplicationRow): Promise<Material> {
  const form = await draftForm(db, row);
  const texts: Material['texts'] = new Map();
  if (form) {
    for (const field of [
      'totalBudget',
      'industryPartner',
      'projectTimeline',
      'projectOverview',
      'teamProfiles',
    ] as const)
      texts.set(field, { origin: 'form', label: field, text: form[field] ?? '' });
    (form.timelineMilestones ?? []).forEach((m, i) =>
      texts.set(`timelineMilestones[${i}].budgetAmount`, {
        origin: 'form',
        label: 'milestone',
        text: m.budgetAmount === null || m.budgetAmount === undefined ? '' : String(m.budgetAmount),
      }),
    );
    return { facts: readForm(form), texts };
  }
  const sections = row.sections.map((s) => ({ id: s.id, header: s.header, text: docToText(s.doc) }));
  for (const s of sections)
    texts.set(`section:${s.id}`, { origin: 'section', label: s.header, text: s.text });
  return { facts: readText(sections), texts };
}

/** The labelled source of a span: the sentence around it, in the applicant's words. */
function sourceOf(material: Material, field: string, start: number, fallback: string): PrefillSource {
  const found = material.texts.get(field);
  if (!found) return { origin: 'form', field, quote: fallback };
  const sentence = sentenceSpans(found.text).find((s) => s.start <= start && start < s.end);
  const quote = (sentence?.text ?? fallback).trim();
  return {
    origin: found.origin,
    field: found.label,
    quote: quote.length > QUOTE_MAX ? `${quote.slice(0, QUOTE_MAX - 1)}…` : quote,
  };
}

const amountOf = (material: Material, a: AmountFact): PrefillAmount => ({
  value: a.value,
  perYear: a.perYear,
  currency: a.currency,
  source: sourceOf(material, a.source.field, a.source.start, a.source.text),
});

/** The currency an amount is stated in when it is not the program's, else null (a bare "$" is the program's). */
function foreignCurrency(a: AmountFact, programCurrency: string): BudgetCurrency | null {
  const c = a.currency;
  if (!c || c === programCurrency) return null;
  return (BUDGET_CURRENCIES as readonly string[]).includes(c) ? (c as BudgetCurrency) : null;
}

/** The project's length in years, from the form's stated timeline or budget ("24 months", "over 3 years"). */
function yearsOf(material: Material): { years: number; source: PrefillSource | null } {
  let best: { months: number; field: string; start: number; text: string } | null = null;
  for (const field of ['projectTimeline', 'totalBudget']) {
    const text = material.texts.get(field)?.text ?? '';
    for (const d of findDurations(text))
      if (d.months >= 1 && (!best || d.months > best.months))
        best = { months: d.months, field, start: d.start, text: d.text };
  }
  if (!best) return { years: 1, source: null };
  const years = Math.min(BUDGET_MAX_YEARS, Math.max(1, Math.ceil(best.months / 12)));
  return { years, source: sourceOf(material, best.field, best.start, best.text) };
}

type PartnerDraft = BudgetPrefill['partners'][number];

/**
 * Each partner amount goes to the partner named before it in the same text, else to the only
 * partner the material names, else to an unnamed partner the applicant is asked to name. The same
 * figure stated twice for one partner (the form's budget and partner fields) counts once.
 */
function partnersOf(material: Material, years: number, programCurrency: string): PartnerDraft[] {
  const all = material.facts.organisations.filter((o) => o.role === 'partner');
  // A name the reader ran on past ("Hydro Giant Inc. will contribute $50") is the partner it begins with.
  const canonical = (name: string) =>
    all.find((o) => o.name !== name && name.startsWith(`${o.name} `))?.name ?? name;
  const names = [...new Set(all.map((o) => canonical(o.name)))];
  const named = names.map(
    (name) => all.find((o) => o.name === name) ?? all.find((o) => canonical(o.name) === name)!,
  );
  const indexOf = (name: string) => names.indexOf(canonical(name));
  const partners: PartnerDraft[] = named.map((o, i) => ({
    id: `prefill-p${i + 1}`,
    name: o.name,
    nameSource: sourceOf(material, o.source.field, o.source.start, o.name),
    cash: Array<number>(years).fill(0),
    inKind: Array<number>(years).fill(0),
    currency: null,
    amounts: [],
  }));
  const unnamed = (): PartnerDraft => {
    let p = partners.find((x) => x.name === '');
    if (!p) {
      p = {
        id: 'prefill-unnamed',
        name: '',
        nameSource: null,
        cash: Array<number>(years).fill(0),
        inKind: Array<number>(years).fill(0),
        currency: null,
        amounts: [],
      };
      partners.push(p);
    }
    return p;
  };
  for (const a of material.facts.amounts) {
    if (a.role !== 'partner_cash' && a.role !== 'partner_in_kind') continue;
    const before = all
      .filter((o) => o.source.field === a.source.field && o.source.start <= a.source.start)
      .sort((x, y) => x.source.start - y.source.start)
      .at(-1);
    const partner = before ? partners[indexOf(before.name)]! : named.length === 1 ? partners[0]! : unnamed();
    const kind = a.role === 'partner_cash' ? 'cash' : 'inKind';
    if (partner.amounts.some((x) => x.kind === kind && x.value === a.value)) continue;
    // A partner's money is entered in the currency its first amount is stated in (ADR 0940), never
    // converted here; an amount in yet another currency is shown with its source, not entered.
    const currency = foreignCurrency(a, programCurrency);
    const entered = partner.amounts.length > 0 || partner.currency !== null;
    partner.amounts.push({ ...amountOf(material, a), kind });
    if (entered && currency !== partner.currency) continue;
    partner.currency = currency;
    // A yearly figure fills every year; a whole-project figure is entered in year 1, to be spread.
    const value = Math.round(a.value);
    if (a.perYear) partner[kind] = partner[kind].map((v) => v + value);
    else partner[kind][0]! += value;
  }
  // A partner named with no amount stays: its name is the applicant's, its money is asked for.
  return partners;
}

/**
 * The prefill of an application with no saved budget, or null when its material states no money,
 * no partner and no duration (the builder then opens empty, as before).
 */
export async function budgetPrefill(
  db: Tx,
  row: ApplicationRow,
  rules: ProgramCostRules | null,
): Promise<BudgetPrefill | null> {
  const material = await materialOf(db, row);
  const { facts } = material;
  const { years, source: yearsSource } = yearsOf(material);
  const partners = partnersOf(material, years, rules?.currency ?? 'CAD');
  const total = totalCost(facts);
  const asked = requestedAmount(facts);
  const requested = asked?.role === 'requested' ? asked : null;
  const milestones = facts.milestones
    .filter((m) => m.amount && m.amount.value > 0)
    .map((m) => ({
      title: m.title,
      value: m.amount!.value,
      source: sourceOf(material, m.amount!.source.field, m.amount!.source.start, m.amount!.source.text),
    }));
  if (!total && !requested && partners.length === 0 && milestones.length === 0 && !yearsSource) return null;

  const stated = requestIsStated(rules);
  const kinds = new Set(rules?.rules.map((r) => r.kind) ?? []);
  const missing: BudgetPrefill['missing'] = ['costLines'];
  if (!yearsSource) missing.push('years');
  if ((kinds.has('cost_share') || kinds.has('unit')) && !partners.some((p) => p.amounts.length > 0))
    missing.push('partnerMoney');
  if (partners.some((p) => p.name === '')) missing.push('partnerName');
  if (kinds.has('cost_share') && partners.length > 0) missing.push('partnerSize');
  if (years > 1 && partners.some((p) => p.amounts.some((a) => !a.perYear))) missing.push('partnerByYear');
  if (stated && (!requested || requested.perYear || foreignCurrency(requested, rules?.currency ?? 'CAD')))
    missing.push('requested');
  if (partners.some((p) => p.currency !== null)) missing.push('exchangeRate');
  return {
    years,
    yearsSource,
    partners,
    totalCost: total ? amountOf(material, total) : null,
    requested: requested ? amountOf(material, requested) : null,
    // A yearly request is not the whole project's: the applicant enters the total.
    // Nor is one in another currency: it stays a hint, in its own currency, for the applicant to convert.
    statedRequest:
      stated && requested && !requested.perYear && !foreignCurrency(requested, rules?.currency ?? 'CAD')
        ? Math.round(requested.value)
        : null,
    milestones,
    missing,
  };
}
