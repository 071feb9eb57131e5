import type { GenerationForm } from './form.ts';
import { detectLanguage, lexicon, splitListItems } from '../text/index.ts';
import { readAmounts } from './amounts.ts';
import { maskEngineText } from './engine-text.ts';
import { emptyFacts, type AmountRole, type FactModel, type MilestoneFact, type Source } from './facts.ts';
import { partnerFromField, readOrganisations, readPeople, readStatements } from './statements.ts';

/**
 * One reading of everything the applicant gave (issue 24 §1): the §3 generation form, pasted
 * text, the editor's sections. Every later stage asks the fact model instead of re-reading text.
 */

/** Reads one stretch of the applicant's prose into the model. */
function readProse(facts: FactModel, text: string, field: string, amountRole: AmountRole = 'other'): void {
  if (!text.trim()) return;
  facts.amounts.push(...readAmounts(text, field, amountRole));
  facts.statements.push(...readStatements(text, field));
  facts.people.push(...readPeople(text, field));
  for (const org of readOrganisations(text, field)) {
    if (!facts.organisations.some((o) => o.name === org.name)) facts.organisations.push(org);
  }
}

function readMilestone(
  m: NonNullable<GenerationForm['timelineMilestones']>[number],
  i: number,
): MilestoneFact {
  const field = `timelineMilestones[${i}]`;
  const budget = m.budgetAmount === null || m.budgetAmount === undefined ? '' : String(m.budgetAmount);
  const read = readAmounts(budget, `${field}.budgetAmount`, 'other')[0];
  // The form's budget field may hold a bare number ("40000" or "400"): it is this milestone's amount.
  const bare = !read ? /\d[\d,. ]*/.exec(budget) : null;
  const value = bare ? Number(bare[0].replace(/[, ]/g, '')) : null;
  const source: Source = { field, start: 0, end: 0, text: m.title ?? '' };
  return {
    title: m.title?.trim() || `Milestone ${i + 1}`,
    description: m.description?.trim() ?? '',
    deliverables: m.deliverables?.trim() ?? '',
    startDate: m.startDate ?? null,
    endDate: m.endDate ?? null,
    amount:
      read ??
      (value !== null && Number.isFinite(value)
        ? {
            value,
            currency: null,
            role: 'other',
            perYear: false,
            source: {
              field: `${field}.budgetAmount`,
              start: bare?.index ?? 0,
              end: budget.length,
              text: budget,
            },
          }
        : null),
    source,
  };
}

/** The facts of the §3 generation form, field by field. */
/**
 * A saved budget's totals replace the money read from the form's prose (ADR 0453): the request the
 * cost rules compute is the request, and the partners' cash and in-kind are what the budget holds.
 */
function useBudget(facts: FactModel, budget: NonNullable<GenerationForm['budget']>): void {
  const MONEY: AmountRole[] = ['requested', 'total_cost', 'partner_cash', 'partner_in_kind'];
  facts.amounts = facts.amounts.filter((a) => !MONEY.includes(a.role));
  const fact = (value: number, role: AmountRole, text: string) =>
    facts.amounts.push({
      value,
      currency: null,
      role,
      perYear: false,
      source: { field: 'budget', start: 0, end: text.length, text },
    });
  if (budget.requested > 0) fact(budget.requested, 'requested', 'Budget: requested from the funder');
  if (budget.projectCost > 0) fact(budget.projectCost, 'total_cost', 'Budget: total project cost');
  if (budget.partnerCash > 0) fact(budget.partnerCash, 'partner_cash', 'Budget: partner cash');
  if (budget.partnerInKind > 0) fact(budget.partnerInKind, 'partner_in_kind', 'Budget: partner in-kind');
}

export function readForm(form: GenerationForm): FactModel {
  const facts = emptyFacts(detectLanguage(`${form.projectOverview}\n${form.keyObjectives}`));
  // The budget field states the project's money: an amount without a role word is its total.
  readProse(facts, form.totalBudget, 'totalBudget', 'total_cost');
  if (facts.amounts.length === 0) {
    const bare = /^\s*(\d[\d,. ]*)\s*$/.exec(form.totalBudget);
    const value = bare?.[1] ? Number(bare[1].replace(/[, ]/g, '')) : NaN;
    if (Number.isFinite(value) && value > 0) {
      facts.amounts.push({
        value,
        currency: null,
        role: 'total_cost',
        perYear: false,
        source: { field: 'totalBudget', start: 0, end: form.totalBudget.length, text: form.totalBudget },
      });
    }
  }
  readProse(facts, form.projectOverview, 'projectOverview');
  readProse(facts, form.projectTimeline ?? '', 'projectTimeline');
  readProse(facts, form.teamProfiles, 'teamProfiles');
  const partnerText = form.industryPartner ?? '';
  // The partner field's amounts are the partner's: cash unless the words say in kind.
  readProse(facts, partnerText, 'industryPartner', 'partner_cash');
  if (form.budget) useBudget(facts, form.budget);
  const partner = partnerFromField(partnerText, 'industryPartner');
  if (partner && !facts.organisations.some((o) => o.name === partner.name))
    facts.organisations.unshift(partner);
  facts.people.unshift({
    name: form.teamLeadName.trim() || null,
    role: form.teamLeadRole.trim() || null,
    record: [],
    source: { field: 'teamLeadName', start: 0, end: form.teamLeadName.length, text: form.teamLeadName },
  });
  facts.objectives = splitListItems(form.keyObjectives).map((item) => ({
    text: item.text,
    marker: item.marker,
    label: item.label,
    number: item.number,
    source: { field: 'keyObjectives', start: item.start, end: item.end, text: item.text },
  }));
  // An objective is a plan, never a result obtained: "Aim 1: Certify the pilot line …" is not a
  // pilot result to move into preliminary data (and out of the applicant's list).
  facts.statements.push(
    ...readStatements(form.keyObjectives, 'keyObjectives').filter((st) => st.kind !== 'pilot'),
  );
  facts.milestones = (form.timelineMilestones ?? []).map(readMilestone);
  for (const [i, m] of (form.timelineMilestones ?? []).entries()) {
    facts.statements.push(
      ...readStatements(`${m.description ?? ''}\n${m.deliverables ?? ''}`, `timelineMilestones[${i}]`),
    );
  }
  return facts;
}

/**
 * In prose, only a list the applicant labelled ("Aim 1: … Aim 2: …", "Objective 3 –") states
 * objectives: a bare "1." in running text may number anything (steps, references, questions).
 */
function objectiveLabel(label: string | null): boolean {
  return label !== null && lexicon().objectiveLabels.includes(label.toLowerCase());
}

function labelledObjectives(text: string, field: string): FactModel['objectives'] {
  // In prose an item ends with its line: the heading and paragraphs after "Objective 3: …" are
  // not part of it (a form's objectives field lets an unmarked line continue an item).
  let offset = 0;
  return text.split('\n').flatMap((line) => {
    const at = offset;
    offset += line.length + 1;
    return splitListItems(line)
      .filter((item) => objectiveLabel(item.label) && item.text.trim())
      .map((item) => ({
        text: item.text,
        marker: item.marker,
        label: item.label,
        number: item.number,
        source: { field, start: at + item.start, end: at + item.end, text: item.text },
      }));
  });
}

/**
 * The facts of written text (a paste, the editor's sections), with the engine's own words
 * masked out first: a rule explanation's "2 dollars" is not the applicant's amount.
 */
export function readText(sections: { id: string; text: string }[]): FactModel {
  const joined = sections.map((s) => s.text).join('\n');
  const facts = emptyFacts(detectLanguage(joined));
  for (const s of sections) {
    const text = maskEngineText(s.text);
    readProse(facts, text, `section:${s.id}`);
    facts.objectives.push(...labelledObjectives(text, `section:${s.id}`));
  }
  return facts;
}

/** Whether the applicant's material states an amount equal to `value` (rounding aside). */
export function statesAmount(facts: FactModel, value: number): boolean {
  return facts.amounts.some((a) => Math.abs(a.value - value) <= 1);
}
