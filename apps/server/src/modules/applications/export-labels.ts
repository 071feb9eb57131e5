import { BUDGET_CATEGORY_LABELS, type BudgetLineCategory } from '@grantleaf/shared/budget.schema';
import { formatBudgetMoney } from '@grantleaf/shared/budget-checks';
import { applicationStatusLabel } from '@grantleaf/shared/display-rules';
import type { Language } from '@grantleaf/shared/language';

/**
 * The words Grantleaf adds to an application's DOCX/PDF export and to the deadline calendar
 * (issue 31 §1, ADR 0861), in the reader's account language. The English is the text the exports
 * always had; the French uses the budget builder's terms (fr.budget.json). What the user wrote
 * (titles, sections, lines, notes) and what the funder's rules say (the request's basis, the
 * funder's own table) stay as written.
 */
const NBSP = '\u00a0';

const FRENCH_CATEGORY: Record<BudgetLineCategory, string> = {
  personnel: 'Personnel (étudiants, postdoctorants, employés)',
  applicant_salary: 'Salaire du demandeur',
  equipment: 'Équipement',
  materials: 'Matériel et fournitures',
  travel: 'Déplacements',
  dissemination: 'Diffusion et libre accès',
  knowledge_mobilisation: 'Mobilisation des connaissances',
  subcontracts: 'Sous-traitance, consultants, services',
  participant_support:
    'Soutien aux participants (allocations, déplacements, frais des participants ou stagiaires)',
  indirect: 'Coûts indirects (frais généraux)',
};

const frenchDay = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'UTC' });
const frDate = (isoDay: string) => frenchDay.format(new Date(`${isoDay.slice(0, 10)}T00:00:00Z`));

export interface ExportLabels {
  program: (name: string) => string;
  money: (value: number, currency: string) => string;
  category: (c: BudgetLineCategory) => string;
  budget: string;
  budgetLines: string;
  amountsIn: (currency: string) => string;
  head: { category: string; line: string; year: (n: number) => string; total: string };
  totals: { direct: string; indirect: string; requested: string };
  partners: { heading: string; partner: string; contribution: string; cash: string; inKind: string };
  justification: string;
  requestSentence: (v: { request: string; years: number; projectCost: string; basis: string }) => string;
  partnerSentence: (name: string, cash: string, inKind: string) => string;
  calendar: {
    name: string;
    internal: (organisation: string, title: string) => string;
    internalWhy: (organisation: string, days: number, deadline: string) => string;
    deadline: (title: string) => string;
    status: (status: string) => string;
    submitted: (day: string) => string;
    program: (agency: string, name: string) => string;
    sred: (claim: string) => string;
    sredWhy: (taxYearEnd: string) => string;
  };
}

const FRENCH_STATUS: Record<string, string> = {
  draft: 'Brouillon',
  submitted: 'Soumise',
  under_review: 'En évaluation',
  approved: 'Approuvée',
  rejected: 'Refusée',
};

const EN: ExportLabels = {
  program: (name) => `Program: ${name}`,
  money: formatBudgetMoney,
  category: (c) => BUDGET_CATEGORY_LABELS[c],
  budget: 'Budget',
  budgetLines: 'Budget lines',
  amountsIn: (currency) => `Amounts in ${currency}, by budget year.`,
  head: { category: 'Category', line: 'Line', year: (n) => `Year ${n}`, total: 'Total' },
  totals: { direct: 'Direct costs', indirect: 'Indirect costs', requested: 'Requested from the funder' },
  partners: {
    heading: 'Partner contributions',
    partner: 'Partner',
    contribution: 'Contribution',
    cash: 'Cash',
    inKind: 'In-kind',
  },
  justification: 'Budget justification',
  requestSentence: ({ request, years, projectCost, basis }) =>
    `The request is ${request} over ${years} year${years === 1 ? '' : 's'}, for total costs of ${projectCost}. ${basis}`,
  partnerSentence: (name, cash, inKind) => `${name} contributes ${cash} in cash and ${inKind} in kind.`,
  calendar: {
    name: 'Grantleaf deadlines',
    internal: (organisation, title) => `Internal deadline (${organisation}): ${title}`,
    internalWhy: (organisation, days, deadline) =>
      `${organisation} wants it complete ${days} business days before the funder's deadline of ${deadline}.`,
    deadline: (title) => `Deadline: ${title}`,
    status: applicationStatusLabel,
    submitted: (day) => `, submitted ${day}`,
    program: (agency, name) => `${agency}: ${name} deadline`,
    sred: (claim) => `SR&ED filing deadline: ${claim}`,
    sredWhy: (taxYearEnd) => `SR&ED claim for the tax year ending ${taxYearEnd}, as computed on the claim.`,
  },
};

const FR: ExportLabels = {
  program: (name) => `Programme${NBSP}: ${name}`,
  money: (value, currency) => `${Math.round(value).toLocaleString('fr-CA')}${NBSP}$${NBSP}${currency}`,
  category: (c) => FRENCH_CATEGORY[c],
  budget: 'Budget',
  budgetLines: 'Lignes budgétaires',
  amountsIn: (currency) => `Montants en ${currency}, par année budgétaire.`,
  head: { category: 'Catégorie', line: 'Ligne', year: (n) => `Année ${n}`, total: 'Total' },
  totals: { direct: 'Coûts directs', indirect: 'Coûts indirects', requested: 'Demandé au bailleur de fonds' },
  partners: {
    heading: 'Contributions des partenaires',
    partner: 'Partenaire',
    contribution: 'Contribution',
    cash: 'En espèces',
    inKind: 'En nature',
  },
  justification: 'Justification du budget',
  requestSentence: ({ request, years, projectCost, basis }) =>
    `La demande est de ${request} sur ${years}${NBSP}an${years === 1 ? '' : 's'}, pour des coûts totaux de ${projectCost}. ${basis}`,
  partnerSentence: (name, cash, inKind) => `${name} contribue ${cash} en espèces et ${inKind} en nature.`,
  calendar: {
    name: 'Dates limites Grantleaf',
    internal: (organisation, title) => `Date limite interne (${organisation})${NBSP}: ${title}`,
    internalWhy: (organisation, days, deadline) =>
      `${organisation} veut la demande complète ${days}${NBSP}jours ouvrables avant la date limite du bailleur de fonds, le ${frDate(deadline)}.`,
    deadline: (title) => `Date limite${NBSP}: ${title}`,
    status: (status) => FRENCH_STATUS[status] ?? status,
    submitted: (day) => `, soumise le ${frDate(day)}`,
    program: (agency, name) => `${agency}${NBSP}: date limite de ${name}`,
    sred: (claim) => `Date limite de production RS&DE${NBSP}: ${claim}`,
    sredWhy: (taxYearEnd) =>
      `Demande RS&DE pour l’année d’imposition se terminant le ${frDate(taxYearEnd)}, telle que calculée dans la demande.`,
  },
};

export const exportLabels = (language: Language): ExportLabels => (language === 'fr' ? FR : EN);
