import { money } from '@grantleaf/shared/sred/calculator';
import { JURISDICTION_LABELS, type ClaimView } from '@grantleaf/shared/sred/sred.schema';

/**
 * The SR&ED audit-defence package's own words (ADR 0915), part of the one label layer
 * (`export-labels.ts` composes it). CRA's form names and line numbers stay as CRA writes them;
 * the French beside them is CRA's own French name, read on canada.ca's French T4088 page
 * ("T4088 Demande pour les dépenses de recherche scientifique et développement expérimental
 * (RS&DE) - Guide pour le formulaire T661", stored copy read 2026-11-28). What the calculator,
 * the rules and the checks wrote (line labels, formulas, notes, reasons, categories, sources)
 * stays English, as on the /sred pages (ADR 0540).
 */
export interface SredPackageLabels {
  documentTitle: (name: string) => string;
  title: string;
  period: (name: string, start: string, end: string) => string;
  prepared: (day: string) => string;
  summary: string;
  totalCredits: string;
  refundable: string;
  nonRefundable: string;
  filingDeadline: string;
  everyRuleRead: string;
  verified: (yes: boolean) => string;
  noCalculation: (error: string | null | undefined) => string;
  everyInput: string;
  setting: Record<keyof ClaimView['settings'], string>;
  notGiven: string;
  yesNo: (value: boolean) => string;
  money: (cents: number) => string;
  /** A claim's own day (filing deadline, tax year): ISO in English as before, "30 juin 2027" in French. */
  day: (iso: string) => string;
  percent: (value: number) => string;
  jurisdiction: (code: keyof typeof JURISDICTION_LABELS) => string;
  otherWork: string;
  removedProject: string;
  colon: string;
  spendFor: (jurisdiction: string) => string;
  capital: (amount: string, acquiredOn: string) => string;
  capitalLabel: string;
  steps: string;
  unverified: string;
  sources: string;
  assistance: string;
  noneRecorded: string;
  grant: (g: {
    title: string;
    program: string;
    approvedAt: string;
    amount: string;
    jurisdiction: string;
    project?: string;
    effect: string | null;
    stillApproved: boolean;
  }) => string;
  row: (source: string, row: number) => string;
  projects: string;
  noProjects: string;
  fieldCode: string;
  dates: string;
  datesValue: (start: string | null, end: string | null) => string;
  keyPersonnel: string;
  line: (n: string | number) => string;
  noFindings: string;
  check: (message: string) => string;
  evidence: string;
  noEvidence: string;
  undated: string;
  file: (f: { day: string; name: string; size: number; sha256: string; inZip: string | null }) => string;
  time: string;
  noTime: string;
  expenses: string;
  noExpenses: string;
  noDate: string;
  notCounted: (error: string) => string;
  rule: (ruleCategory: string, reason: string, category: string, counted: string, share: string) => string;
  share: (percent: string) => string;
  override: (at: string, from: string, to: string, reason: string) => string;
}

const NBSP = '\u00a0';
const frenchDay = new Intl.DateTimeFormat('fr-CA', { dateStyle: 'long', timeZone: 'UTC' });
/** "15 janvier 2027"; what is not an ISO day (a missing upload's '') stays as it is. */
const frDate = (day: string) =>
  /^\d{4}-\d{2}-\d{2}/.test(day) ? frenchDay.format(new Date(`${day.slice(0, 10)}T00:00:00Z`)) : day;
const enPercent = (value: number) => `${Math.round(value * 10_000) / 100}%`;

export const SRED_EN: SredPackageLabels = {
  documentTitle: (name) => `SR&ED audit-defence package: ${name}`,
  title: 'SR&ED audit-defence package',
  period: (name, start, end) => `${name} · tax year ${start} to ${end}`,
  prepared: (day) =>
    `Prepared by Grantleaf on ${day} from the claim as saved. Amounts in Canadian dollars. ` +
    'The calculation is Grantleaf’s estimate under the rules cited; it is not CRA’s assessment.',
  summary: '1. Claim summary',
  totalCredits: 'Total credits',
  refundable: 'Refundable',
  nonRefundable: 'Non-refundable',
  filingDeadline: 'Filing deadline',
  everyRuleRead: 'Every rule read on a government page',
  verified: (yes) => (yes ? 'yes' : 'no: some rules are marked unverified'),
  noCalculation: (error) => `No calculation: ${error ?? 'the claim could not be computed.'}`,
  everyInput: 'Every input',
  setting: {
    name: 'Claim name',
    taxYearStart: 'Tax year starts',
    taxYearEnd: 'Tax year ends',
    corporationType: 'Corporation type',
    method: 'Overhead method',
    priorYearTaxableCapital: 'Prior-year taxable capital of the associated group',
    priorYearTaxableIncome: 'Prior-year taxable income',
    expenditureLimitShare: 'Share of the expenditure limit allocated',
    qualifyingCorporation: 'Qualifying corporation',
    defaultJurisdiction: 'Province of the work (default)',
    albertaPriorTwoYearsAverage: 'Alberta: average of the two prior years',
    quebecPriorYearAssets: 'Québec: prior-year total assets',
    quebecForeignControlled: 'Québec: foreign-controlled',
  },
  notGiven: 'not given',
  yesNo: (value) => (value ? 'yes' : 'no'),
  money,
  day: (iso) => iso,
  percent: enPercent,
  jurisdiction: (code) => JURISDICTION_LABELS[code],
  otherWork: 'Other (non-SR&ED) work',
  removedProject: 'Removed project',
  colon: ': ',
  spendFor: (jurisdiction) => `Expenditures aggregated for ${jurisdiction}`,
  capital: (amount, acquiredOn) => `${amount} acquired ${acquiredOn}`,
  capitalLabel: 'Capital property',
  steps: 'Calculation, step by step',
  unverified: ' (unverified)',
  sources: 'Sources',
  assistance: '2. Assistance and contract payments that reduced the claim',
  noneRecorded: 'None recorded on this claim.',
  grant: (g) =>
    `Grant counted from the tracker: ${g.title} (${g.program}) · approved ${g.approvedAt} · ` +
    `${g.amount} as government assistance (${g.jurisdiction})` +
    `${g.project ? ` · project: ${g.project}` : ''}` +
    `${g.effect === null ? '' : ` · lowers the credit by ${g.effect}`}` +
    `${g.stillApproved ? '' : ' · no longer marked approved in the tracker'}`,
  row: (source, row) => `${source} row ${row}`,
  projects: '3. Projects (T661 Part 2)',
  noProjects: 'No projects recorded.',
  fieldCode: 'Field code',
  dates: 'Dates',
  datesValue: (start, end) => `${start ?? 'not given'} to ${end ?? 'not given'}`,
  keyPersonnel: 'Key personnel',
  line: (n) => `Line ${n}`,
  noFindings: 'Offline checks: no findings (the checks read the text; they cannot say the work qualifies).',
  check: (message) => `Check: ${message}`,
  evidence: '4. Evidence index',
  noEvidence: 'No evidence recorded.',
  undated: 'undated',
  file: (f) =>
    `${f.day} (uploaded) · file ${f.name} · ${f.size} bytes · SHA-256 ${f.sha256} · ` +
    (f.inZip !== null ? `in the ZIP at ${f.inZip}` : 'no longer stored: not in the ZIP'),
  time: '5. Time records',
  noTime: 'No time records: salaries count for nothing until hours are recorded.',
  expenses: '6. Expense lines and their classification',
  noExpenses: 'No expense lines imported.',
  noDate: 'no date',
  notCounted: (error) => `Not counted: ${error}`,
  rule: (ruleCategory, reason, category, counted, share) =>
    `Rule: ${ruleCategory}. ${reason} Category: ${category}; counted ${counted}${share}`,
  share: (percent) => ` (${percent} SR&ED time)`,
  override: (at, from, to, reason) => `Override ${at}: from ${from} to ${to}. Why: ${reason}`,
};

const FRENCH_JURISDICTION: Record<keyof typeof JURISDICTION_LABELS, string> = {
  ON: 'Ontario',
  QC: 'Québec',
  BC: 'Colombie-Britannique',
  AB: 'Alberta',
  OTHER: 'Autre province ou territoire',
};
const c = `${NBSP}:`;

export const SRED_FR: SredPackageLabels = {
  documentTitle: (name) => `Dossier de défense de la demande de RS&DE en cas d’examen${c} ${name}`,
  title: 'Dossier de défense de la demande de RS&DE en cas d’examen',
  period: (name, start, end) => `${name} · année d’imposition du ${frDate(start)} au ${frDate(end)}`,
  prepared: (day) =>
    `Préparé par Grantleaf le ${frDate(day)} à partir de la demande enregistrée. Montants en dollars canadiens. ` +
    'Le calcul est une estimation de Grantleaf selon les règles citées; il ne remplace pas la cotisation de l’ARC.',
  summary: '1. Sommaire de la demande',
  totalCredits: 'Crédits totaux',
  refundable: 'Remboursables',
  nonRefundable: 'Non remboursables',
  filingDeadline: 'Date limite de production',
  everyRuleRead: 'Chaque règle lue sur une page gouvernementale',
  verified: (yes) => (yes ? 'oui' : `non${c} certaines règles sont marquées non vérifiées`),
  noCalculation: (error) => `Aucun calcul${c} ${error ?? 'la demande n’a pas pu être calculée.'}`,
  everyInput: 'Toutes les données saisies',
  setting: {
    name: 'Nom de la demande',
    taxYearStart: 'Début de l’année d’imposition',
    taxYearEnd: 'Fin de l’année d’imposition',
    corporationType: 'Type de société',
    method: 'Méthode pour les frais généraux',
    priorYearTaxableCapital: 'Capital imposable de l’année précédente du groupe associé',
    priorYearTaxableIncome: 'Revenu imposable de l’année précédente',
    expenditureLimitShare: 'Part de la limite de dépenses attribuée',
    qualifyingCorporation: 'Société admissible',
    defaultJurisdiction: 'Province des travaux (par défaut)',
    albertaPriorTwoYearsAverage: `Alberta${c} moyenne des deux années précédentes`,
    quebecPriorYearAssets: `Québec${c} actif total de l’année précédente`,
    quebecForeignControlled: `Québec${c} sous contrôle étranger`,
  },
  notGiven: 'non indiqué',
  yesNo: (value) => (value ? 'oui' : 'non'),
  money: (cents) =>
    `${(cents / 100).toLocaleString('fr-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}${NBSP}$`,
  day: frDate,
  percent: (value) => `${(Math.round(value * 10_000) / 100).toLocaleString('fr-CA')}${NBSP}%`,
  jurisdiction: (code) => FRENCH_JURISDICTION[code],
  otherWork: 'Autres travaux (hors RS&DE)',
  removedProject: 'Projet supprimé',
  colon: `${c} `,
  spendFor: (jurisdiction) => `Dépenses regroupées pour ${jurisdiction}`,
  capital: (amount, acquiredOn) => `${amount} acquis le ${frDate(acquiredOn)}`,
  capitalLabel: 'Bien en immobilisation',
  steps: 'Calcul, étape par étape',
  unverified: ' (non vérifié)',
  sources: 'Sources',
  assistance: '2. Aide et paiements contractuels qui ont réduit la demande',
  noneRecorded: 'Aucun n’est consigné dans cette demande.',
  grant: (g) =>
    `Subvention comptée depuis le suivi${c} ${g.title} (${g.program}) · approuvée le ${frDate(g.approvedAt)} · ` +
    `${g.amount} comme aide gouvernementale (${g.jurisdiction})` +
    `${g.project ? ` · projet${c} ${g.project}` : ''}` +
    `${g.effect === null ? '' : ` · réduit le crédit de ${g.effect}`}` +
    `${g.stillApproved ? '' : ' · n’est plus marquée approuvée dans le suivi'}`,
  row: (source, row) => `${source} ligne ${row}`,
  // CRA's form number and part as CRA writes them, with CRA's French name of the form.
  projects:
    '3. Projets (T661, Demande pour les dépenses de recherche scientifique et développement expérimental (RS&DE), partie 2)',
  noProjects: 'Aucun projet consigné.',
  fieldCode: 'Code du domaine',
  dates: 'Dates',
  datesValue: (start, end) =>
    `du ${start ? frDate(start) : 'non indiquée'} au ${end ? frDate(end) : 'non indiquée'}`,
  keyPersonnel: 'Personnel clé',
  line: (n) => `Ligne ${n}`,
  noFindings: `Vérifications hors ligne${c} aucune constatation (elles lisent le texte; elles ne peuvent pas dire si les travaux sont admissibles).`,
  check: (message) => `Vérification${c} ${message}`,
  evidence: '4. Index des pièces justificatives',
  noEvidence: 'Aucune pièce justificative consignée.',
  undated: 'sans date',
  file: (f) =>
    `${frDate(f.day)} (téléversé) · fichier ${f.name} · ${f.size.toLocaleString('fr-CA')}${NBSP}octets · SHA-256 ${f.sha256} · ` +
    (f.inZip !== null ? `dans le ZIP sous ${f.inZip}` : `n’est plus conservé${c} absent du ZIP`),
  time: '5. Relevés de temps',
  noTime: `Aucun relevé de temps${c} les salaires ne comptent pas tant que les heures ne sont pas consignées.`,
  expenses: '6. Lignes de dépenses et leur classement',
  noExpenses: 'Aucune ligne de dépense importée.',
  noDate: 'sans date',
  notCounted: (error) => `Non comptée${c} ${error}`,
  rule: (ruleCategory, reason, category, counted, share) =>
    `Règle${c} ${ruleCategory}. ${reason} Catégorie${c} ${category}; comptée ${counted}${share}`,
  share: (percent) => ` (${percent} du temps en RS&DE)`,
  override: (at, from, to, reason) => `Changement du ${at}${c} de ${from} à ${to}. Motif${c} ${reason}`,
};
