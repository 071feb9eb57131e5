import { BUDGET_CATEGORY_LABELS, type BudgetLineCategory } from '@grantleaf/shared/budget.schema';
import { formatBudgetMoney } from '@grantleaf/shared/budget-checks';
import { applicationStatusLabel, applicationStatusLabelFr } from '@grantleaf/shared/display-rules';
import type { FundingProbability, Gap } from '@grantleaf/shared/grant-results.schema';
import type { Language } from '@grantleaf/shared/language';
import type { SectionLimit } from '@grantleaf/shared/program-sections.schema';
import { frenchNameOf } from '../../ai/profile/french-names.ts';
import { limitText } from '../../ai/profile/data.ts';
import { formatMoney } from '../../ai/text/money.ts';
import { SRED_EN, SRED_FR, type SredPackageLabels } from './export-labels-sred.ts';

/**
 * The words Grantleaf adds to its exports, in the reader's account language (issue 31 §1,
 * ADRs 0861, 0915): an application's DOCX/PDF and the deadline calendar, the generated draft's and
 * the analysis's own DOCX/PDF. The English is the text the exports
 * always had; the French uses the budget builder's terms (fr.budget.json). A section's heading
 * is the funder's name, in French where the funder's French name was read (ADR 1085). What the
 * user wrote (titles, section text, lines, notes) and what the funder's rules say (the request's
 * basis, the funder's own table) stay as written.
 */
const NBSP = '\u00a0';
type GapSeverity = Gap['severity'];

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
  /** What a conversion concerns: a cost line by its label, or a partner's contribution by its name. */
  converted: { line: (label: string) => string; partner: (name: string) => string };
  /** A line or partner entered in another currency (ADR 0940): converted at the applicant's rate, or not counted. */
  conversion: (c: {
    name: string;
    original: string;
    from: string;
    to: string;
    rate: string | null;
    source: string | null;
    date: string | null;
    converted: string | null;
  }) => string;
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
  /**
   * A section's heading: the funder's name, in French where the funder's French name was read
   * (section-names-fr.json, ADR 1085); the section's text stays as the user wrote it.
   */
  section: (programId: string, header: string) => string;
  /** The plain-text export's line under each heading: the section's limit and its length. */
  sectionText: {
    size: (words: number, characters: number) => string;
    limit: (limit: SectionLimit, wordsPerPage: number, size: string) => string;
    none: (size: string) => string;
  };
  /** The generated draft's and the analysis's own export (`submission-export.ts`). */
  draft: {
    coverage: (percent: number, present: number, required: number) => string;
    length: (note: string) => string;
    toConfirm: (items: string) => string;
    question: (q: string) => string;
    workPlan: string;
    workPlanHead: (currency: string) => string[];
    money: (value: number, currency: string) => string;
    rules: string;
    rule: (rule: string, status: 'met' | 'unmet' | 'unknown', message: string) => string;
    budgetCheck: string;
    gaps: string;
    gap: (severity: GapSeverity, message: string) => string;
    certification: (status: string) => string;
  };
  analysis: {
    title: string;
    scores: (probability: FundingProbability, mean: number) => string;
    head: string[];
  };
  /** The funding finder's PDF report (`funding-report.ts`); the catalogue's words stay as written. */
  funding: {
    documentTitle: string;
    title: string;
    prepared: (today: string, requestDay: string) => string;
    request: string;
    topic: string;
    details: string;
    team: string;
    recommendations: string;
    failed: string;
    processing: string;
    none: string;
    funding: string;
    deadline: string;
    notPublished: string;
    why: string;
    description: string;
    eligibility: string;
    others: string;
    other: (name: string, agency: string, range: string, deadline: string | null) => string;
    caveat: string;
  };
  /**
   * The idea export (`idea-export.ts`): a section heading or field label of the shared
   * `ideaSections` in the reader's language, and a label with its colon.
   */
  idea: { heading: (english: string) => string; field: (label: string) => string };
  /** The SR&ED audit-defence package's PDF (`sred/audit-package.ts`; its words in their own file). */
  sredPackage: SredPackageLabels;
}

/** `ideaSections`' headings and labels (packages/shared ideas.schema.ts), keyed by their English. */
export const FRENCH_IDEA_WORDS: Record<string, string> = {
  'Market analysis': 'Analyse du marché',
  'Total addressable market': 'Marché total adressable',
  'Serviceable addressable market': 'Marché adressable desservi',
  'Adoption timeline': 'Échéancier d’adoption',
  'Target customer': 'Clientèle cible',
  'Primary segment': 'Segment principal',
  'Buying authority': 'Décideur d’achat',
  'Budget range': 'Fourchette budgétaire',
  'Discovery channels': 'Canaux de découverte',
  'Problem and solution': 'Problème et solution',
  'Market problem': 'Problème du marché',
  'Research solution': 'Solution issue de la recherche',
  'Competitive advantage': 'Avantage concurrentiel',
  'Fit with your research': 'Adéquation avec vos recherches',
  'Expertise alignment': 'Concordance de l’expertise',
  'Unfair advantages': 'Avantages distinctifs',
  'Commercialization path': 'Voie de commercialisation',
  'Time to prototype': 'Délai jusqu’au prototype',
  'Regulatory pathway': 'Parcours réglementaire',
  'IP strategy': 'Stratégie de propriété intellectuelle',
  'Funding sources': 'Sources de financement',
  'Monetization strategy': 'Stratégie de monétisation',
  'Revenue model': 'Modèle de revenus',
  'Pricing strategy': 'Stratégie de prix',
  'Recurring revenue potential': 'Potentiel de revenus récurrents',
  'Exit opportunities': 'Possibilités de sortie',
};

const EN_RULE = { met: 'met', unmet: 'not met', unknown: 'to check' } as const;
const FR_RULE = { met: 'respectée', unmet: 'non respectée', unknown: 'à vérifier' } as const;
// The result viewer's words (fr.submissions.json), so the file says what the screen says.
const FR_UNIT: Record<SectionLimit['unit'], (n: number) => string> = {
  pages: (n) => (n === 1 ? 'page' : 'pages'),
  words: (n) => (n === 1 ? 'mot' : 'mots'),
  characters: (n) => (n === 1 ? 'caractère' : 'caractères'),
};
const FR_SEVERITY: Record<GapSeverity, string> = { critical: 'critique', major: 'majeure', minor: 'mineure' };
const FR_LEVEL: Record<FundingProbability, string> = { high: 'élevée', moderate: 'moyenne', low: 'faible' };
// A dollar currency keeps its sign ("200 000 $ CAD"); a euro or pound amount is written by its code alone.
const frMoney = (value: number, currency: string) =>
  `${Math.round(value).toLocaleString('fr-CA')}${NBSP}${['CAD', 'USD', 'AUD'].includes(currency) ? `$${NBSP}` : ''}${currency}`;
const frNumber = (value: number, digits: number) =>
  value.toLocaleString('fr-CA', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const EN: ExportLabels = {
  program: (name) => `Program: ${name}`,
  section: (_programId, header) => header,
  sectionText: {
    size: (words, characters) =>
      `${words.toLocaleString('en-US')} words, ${characters.toLocaleString('en-US')} characters`,
    limit: (limit, wordsPerPage, size) =>
      `Limit: ${limitText(limit)}${limit.unit === 'pages' ? ` (about ${wordsPerPage} words a page)` : ''}. This text: ${size}.`,
    none: (size) => `No limit. This text: ${size}.`,
  },
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
  converted: { line: (label) => `Line '${label}'`, partner: (name) => `${name}'s contribution` },
  conversion: ({ name, original, from, to, rate, source, date, converted }) =>
    rate === null || converted === null
      ? `${name}: entered as ${original}; no exchange rate from ${from} to ${to} was entered, so it is left out of every total.`
      : `${name}: entered as ${original}, converted at 1 ${from} = ${rate} ${to} (the applicant's rate: ${source}, ${date}) = ${converted}.`,
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
  draft: {
    coverage: (percent, present, required) =>
      `Requirement coverage: ${percent}% (${present} of ${required} required sections)`,
    length: (note) => `Length: ${note}`,
    toConfirm: (items) => `Not found in your material, please confirm: ${items}`,
    question: (q) => `Question for you: ${q}`,
    workPlan: 'Work plan',
    workPlanHead: (currency) => ['Milestone', 'Start', 'End', 'Days', `Budget (${currency})`],
    money: formatMoney,
    rules: 'Program rules',
    rule: (rule, status, message) => `${rule} (${EN_RULE[status]}): ${message}`,
    budgetCheck: 'Budget check',
    gaps: 'Gaps to address',
    gap: (severity, message) => `• [${severity}] ${message}`,
    certification: (status) => `Certification: ${status}`,
  },
  analysis: {
    title: 'Grant application analysis',
    scores: (probability, mean) => `Funding probability: ${probability} · Mean score: ${mean.toFixed(1)}/10`,
    head: ['Criterion', 'Score', 'Justification'],
  },
  funding: {
    documentTitle: 'Grantleaf funding report',
    title: 'Funding opportunities report',
    prepared: (today, requestDay) => `Prepared by Grantleaf on ${today} for the request of ${requestDay}.`,
    request: 'Your request',
    topic: 'Research topic: ',
    details: 'Research details: ',
    team: 'Team profile: ',
    recommendations: 'Recommendations',
    failed: 'The search could not be completed; your credit was refunded.',
    processing: 'The search is still running. Download the report again in a few minutes.',
    none: 'No open program matched this request.',
    funding: 'Funding: ',
    deadline: 'Deadline: ',
    notPublished: 'Not published',
    why: 'Why it matched: ',
    description: 'Description: ',
    eligibility: 'Eligibility: ',
    others: 'Other programs to consider',
    other: (name, agency, range, deadline) =>
      `${name} — ${agency}; ${range}; deadline: ${deadline ?? 'not published'}`,
    caveat:
      'Figures and dates come from the programs’ published pages as of their last check; confirm them on the official page before applying.',
  },
  idea: { heading: (english) => english, field: (label) => `${label}:` },
  sredPackage: SRED_EN,
};

const FR: ExportLabels = {
  program: (name) => `Programme${NBSP}: ${name}`,
  section: (programId, header) => frenchNameOf(programId, header)?.name ?? header,
  sectionText: {
    size: (words, characters) =>
      `${frNumber(words, 0)}${NBSP}mots, ${frNumber(characters, 0)}${NBSP}caractères`,
    limit: (limit, wordsPerPage, size) =>
      `Limite${NBSP}: ${frNumber(limit.max, 0)}${NBSP}${FR_UNIT[limit.unit](limit.max)}${
        limit.kind === 'recommended' ? ' (recommandée)' : ''
      }${limit.unit === 'pages' ? ` (environ ${frNumber(wordsPerPage, 0)}${NBSP}mots par page)` : ''}. Ce texte${NBSP}: ${size}.`,
    none: (size) => `Aucune limite. Ce texte${NBSP}: ${size}.`,
  },
  money: frMoney,
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
  converted: {
    line: (label) => `Ligne «${NBSP}${label}${NBSP}»`,
    partner: (name) => `Contribution de ${name}`,
  },
  conversion: ({ name, original, from, to, rate, source, date, converted }) =>
    rate === null || converted === null
      ? `${name}${NBSP}: saisi en ${original}${NBSP}; aucun taux de change de ${from} en ${to} n'a été saisi, il est donc exclu de tous les totaux.`
      : `${name}${NBSP}: saisi en ${original}, converti à 1${NBSP}${from} = ${rate}${NBSP}${to} (taux du demandeur${NBSP}: ${source}, ${date}) = ${converted}.`,
  calendar: {
    name: 'Dates limites Grantleaf',
    internal: (organisation, title) => `Date limite interne (${organisation})${NBSP}: ${title}`,
    internalWhy: (organisation, days, deadline) =>
      `${organisation} veut la demande complète ${days}${NBSP}jours ouvrables avant la date limite du bailleur de fonds, le ${frDate(deadline)}.`,
    deadline: (title) => `Date limite${NBSP}: ${title}`,
    status: (status) => applicationStatusLabelFr(status),
    submitted: (day) => `, soumise le ${frDate(day)}`,
    program: (agency, name) => `${agency}${NBSP}: date limite de ${name}`,
    sred: (claim) => `Date limite de production RS&DE${NBSP}: ${claim}`,
    sredWhy: (taxYearEnd) =>
      `Demande RS&DE pour l’année d’imposition se terminant le ${frDate(taxYearEnd)}, telle que calculée dans la demande.`,
  },
  draft: {
    coverage: (percent, present, required) =>
      `Couverture des exigences${NBSP}: ${percent}${NBSP}% (${present} sections obligatoires sur ${required})`,
    length: (note) => `Longueur${NBSP}: ${note}`,
    toConfirm: (items) => `Introuvable dans votre matériel, veuillez confirmer${NBSP}: ${items}`,
    question: (q) => `Question pour vous${NBSP}: ${q}`,
    workPlan: 'Plan de travail',
    workPlanHead: (currency) => ['Jalon', 'Début', 'Fin', 'Jours', `Budget (${currency})`],
    money: frMoney,
    rules: 'Règles du programme',
    rule: (rule, status, message) => `${rule} (${FR_RULE[status]})${NBSP}: ${message}`,
    budgetCheck: 'Vérification du budget',
    gaps: 'Lacunes à combler',
    gap: (severity, message) => `• [${FR_SEVERITY[severity]}] ${message}`,
    certification: (status) => `Certification${NBSP}: ${status}`,
  },
  analysis: {
    title: 'Analyse de la demande de subvention',
    scores: (probability, mean) =>
      `Probabilité de financement${NBSP}: ${FR_LEVEL[probability]} · Note moyenne${NBSP}: ${frNumber(mean, 1)}/10`,
    head: ['Critère', 'Note', 'Justification'],
  },
  funding: {
    documentTitle: 'Rapport de financement Grantleaf',
    title: 'Rapport sur les possibilités de financement',
    prepared: (today, requestDay) =>
      `Préparé par Grantleaf le ${frDate(today)} pour la demande du ${frDate(requestDay)}.`,
    request: 'Votre demande',
    topic: `Sujet de recherche${NBSP}: `,
    details: `Détails de la recherche${NBSP}: `,
    team: `Profil de l’équipe${NBSP}: `,
    recommendations: 'Recommandations',
    failed: 'La recherche n’a pas pu être effectuée; votre crédit a été remboursé.',
    processing:
      'La recherche est toujours en cours. Téléchargez de nouveau le rapport dans quelques minutes.',
    none: 'Aucun programme ouvert ne correspond à cette demande.',
    funding: `Financement${NBSP}: `,
    deadline: `Date limite${NBSP}: `,
    notPublished: 'Non publiée',
    why: `Pourquoi ce programme correspond${NBSP}: `,
    description: `Description${NBSP}: `,
    eligibility: `Admissibilité${NBSP}: `,
    others: 'Autres programmes à considérer',
    other: (name, agency, range, deadline) =>
      `${name} — ${agency}; ${range}; date limite${NBSP}: ${deadline ?? 'non publiée'}`,
    caveat:
      'Les montants et les dates viennent des pages publiées des programmes, à leur dernière vérification; confirmez-les sur la page officielle avant de présenter une demande.',
  },
  idea: {
    // A label the table does not know yet stays English rather than vanish (the test lists them all).
    heading: (english) => FRENCH_IDEA_WORDS[english] ?? english,
    field: (label) => `${FRENCH_IDEA_WORDS[label] ?? label}${NBSP}:`,
  },
  sredPackage: SRED_FR,
};

export const exportLabels = (language: Language): ExportLabels => (language === 'fr' ? FR : EN);
