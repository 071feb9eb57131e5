import type { SectionNeed } from '@grantleaf/shared/program-sections.schema';
import type { Element } from '../../profile/rubric.ts';
import { FR_CHECK } from './fr-check.ts';
import { colon, plural, quote } from './fr-typography.ts';
import type { WriterText } from './index.ts';

/**
 * The offline writer's Canadian French (issue 31 §2, ADR 1140): our own sentences, written for
 * the councils' applicants (« personnel hautement qualifié », « jalon », « organisme
 * partenaire »), never the funder's words: the section names a French draft uses are the
 * funder's (section-names-fr.json), not these. Federal typography: a no-break space before the
 * colon and inside « », none before ? or ; (Le guide du rédacteur).
 */

const list = (items: string[]) => items.join(', ');

/** One question per need; the data's English wording varies by program, this one does not. */
const ASKS: Record<SectionNeed, string> = {
  priorArt:
    'Quelles sont les approches ou les études existantes les plus proches, et que laissent-elles en suspens?',
  validation: `Comment saurez-vous que chaque résultat tient${colon} quelles données, sources, comparaisons ou épreuves le confirment, et selon quel critère?`,
  risks:
    'Quels sont les principaux risques techniques et de calendrier, et quelle est la solution de repli pour chacun?',
  goNoGo: 'Quel jalon est le point de décision (poursuivre ou arrêter), et quel résultat mesuré en décide?',
  preliminaryData:
    'Quelles données préliminaires ou quels résultats pilotes montrent que l’approche peut fonctionner?',
  partnerContribution:
    'Quelle contribution en espèces et en nature l’organisme partenaire apporte-t-il, et quel est son rôle dans les travaux?',
  partnerSize: 'Combien d’employés l’organisme partenaire compte-t-il?',
  trainees:
    'Combien de membres du personnel hautement qualifié (étudiants de premier cycle et des cycles supérieurs, stagiaires postdoctoraux) participent, et qu’apprendra chacun?',
  edi: 'Comment l’équité, la diversité et l’inclusion sont-elles prises en compte dans le recrutement, la formation et le mentorat de l’équipe?',
  market: 'Quelle est la taille du marché visé, et de quelle source ce chiffre provient-il?',
  customers:
    'Qui sont les premiers clients, et quelles preuves (lettres, entrevues, projets pilotes) montrent leur intérêt?',
  ip: 'À qui appartient la propriété intellectuelle, et quel est le plan de brevet ou de licence?',
  dissemination: `Où et auprès de qui les résultats seront-ils diffusés (revues, congrès, données ouvertes, partenaires, grand public), et quand?`,
  dataPlan:
    'Quelles données le projet produira-t-il, sous quels formats, où seront-elles conservées et comment seront-elles partagées?',
  budgetBreakdown:
    'Comment chaque montant se répartit-il entre salaires, équipement, matériel et déplacements?',
  otherSupport:
    'Quelles subventions en cours ou demandées appuient des travaux connexes, et pourquoi cette demande ne les recoupe-t-elle pas?',
  progress:
    'Qu’a réalisé l’équipe jusqu’ici (publications, prototypes, jeux de données), et comment cela mène-t-il à ce projet?',
  facilities:
    'Quels installations, équipements et ressources l’équipe a-t-elle à sa disposition pour ces travaux?',
  beneficiaries: 'Qui profitera des résultats, et comment?',
  eligibleCosts:
    'Quels coûts du projet sont admissibles (salaires des employés qui y travaillent, honoraires des entrepreneurs), et à combien s’élèvent-ils?',
};

const ELEMENTS: Record<Element, string> = {
  objectives: 'objectifs mesurables',
  methods: 'méthodes et approche',
  milestones: 'jalons datés',
  budget: 'justification du budget',
  team: 'expertise de l’équipe',
  impact: 'retombées attendues',
  training: 'formation d’étudiants et de PHQ',
  commercialisation: 'voie de commercialisation',
  partnership: 'rôle et contribution du partenaire',
  novelty: 'nouveauté par rapport à l’état des connaissances',
  risk: 'risques et atténuation',
  dissemination: 'diffusion des connaissances',
  environment: 'installations et ressources',
  edi: 'équité, diversité et inclusion',
};

export const FR: WriterText = {
  ...FR_CHECK,
  tooLong: (limit) =>
    `Vos éléments pour cette section dépassent sa limite de ${FR_CHECK.limitText(limit)}; lesquels des points laissés de côté devraient remplacer un point retenu?`,
  askSection: (heading) =>
    `Que répond votre projet à ce que l’organisme demande dans la section ${quote(heading)}?`,
  attachment: ({ name, lead, partner, title }) =>
    `Document joint à la demande plutôt que rédigé dans l’exposé${colon} ${name}. Préparez-le pour ${lead}${partner ? ` et ${partner}` : ''} avec le titre ${quote(title)} et le même total que cette ébauche.`,
  ask: (need) => ASKS[need],

  summaryLead: ({ lead, role, partner, total, projectCost, span }) =>
    `Le projet est dirigé par ${lead}, ${role}${partner ? `, avec ${partner}` : ''}; il demande ${total}${projectCost ? ` sur un coût total de projet de ${projectCost}` : ''}${span ? `, du ${span.from} au ${span.to}` : ''}.`,
  objectivesAsk: 'Quels sont les objectifs, chacun avec une cible mesurable?',
  objectiveWord: 'Objectif',
  deliveredThrough: (name, milestone, due) =>
    `${name} est réalisé au moyen du jalon ${quote(milestone)}${due ? ` (échéance${colon} ${due})` : ''}.`,
  unlabelledObjectives: (numbers) =>
    numbers.length === 1 ? `l’objectif ${numbers[0]}` : `les objectifs ${list(numbers)}`,
  findingAsk: (o) =>
    `Pour ${o}${colon} quel produit attendu (un résultat, un cadre, une publication), et pour quand?`,
  targetAsk: (o) => `Pour ${o}${colon} quelle cible mesurable (un nombre, un pourcentage ou une date)?`,
  step: (n, milestone, description) => `Étape ${n}, ${milestone}${colon} ${description}`,
  stepsLead: (n) => `Les travaux se déroulent en ${n} ${plural(n, 'étape', 'étapes')}.`,
  methodsAsk: 'Quelles méthodes les travaux emploieront-ils, étape par étape?',
  milestonesAsk: 'Quels sont les jalons datés, chacun avec son livrable et son budget?',
  planSpan: (days, from, to, n) =>
    `Le plan s’étend sur ${days} jours, du ${from} au ${to}, en ${n} ${plural(n, 'jalon', 'jalons')}.`,
  leads: (lead, role) => `${lead}, ${role}, dirige le projet.`,
  inCash: (amount) => `${amount} en espèces`,
  inKind: (amount) => `${amount} en nature`,
  partnerNamed: (partner) => `Organisme partenaire${colon} ${partner}`,
  partnerGives: (parts) => `L’organisme partenaire apporte ${parts.join(' et ')} au projet.`,
  partnerAsk: 'Quel organisme partenaire participe, quel est son rôle et quelle est sa contribution?',
  partnerWhichAsk: 'Quel organisme est le partenaire, et quel est son rôle?',
  tableCaption: `Plan de travail${colon} jalons`,
  tableColumns: (currency) => ['Jalon', 'Début', 'Fin', 'Jours', `Budget (${currency})`, 'Livrables'],
  totalRequest: (amount) => `La demande totale s’élève à ${amount}.`,
  totalAsk: (currency) => `Quel est le montant total demandé, en ${currency}?`,
  projectCost: (amount) => `Le coût total du projet s’élève à ${amount}.`,

  basis: ({ program, basis, engine }) => {
    const source =
      basis === 'program'
        ? `des instructions publiées de ${program}`
        : basis === 'catalogue'
          ? `des sections que ${program} énumère`
          : 'd’un modèle général de demande de subvention (aucune liste de sections n’est connue pour ce programme)';
    return engine === 'offline'
      ? `Rédigée à partir de vos éléments et ${source}; aucun modèle d’IA n’a été utilisé.`
      : `Rédigée par un modèle d’IA à partir de vos éléments et ${source}, puis vérifiée par rapport à ceux-ci.`;
  },
  noPartner: 'Aucun partenaire industriel n’est nommé; ce programme en exige un.',
  noMilestones: 'Aucun jalon n’est donné; les évaluateurs s’attendent à un plan de travail daté.',
  undatedMilestones: (n) =>
    `${n} ${plural(n, 'jalon n’a pas', 'jalons n’ont pas')} de dates de début et de fin valides.`,
  endsBeforeStart: (m, end, start) =>
    `Le jalon ${quote(m)} se termine (${end}) avant de commencer (${start}).`,
  planTooLong: (days, months, maxDays) =>
    `Le plan de travail s’étend sur ${days} jours; le programme finance au plus ${months} mois (environ ${maxDays} jours).`,
  briefProfiles:
    'Les profils de l’équipe sont brefs; les évaluateurs cherchent l’expérience et les réalisations de chaque membre.',
  criterionUnanswered: (c) => `Aucune section ne répond au critère ${quote(c)}.`,
  sectionQuestion: (heading, question) => `${heading}${colon} ${question}`,
  notesToComplete: (heading, n) =>
    `${quote(heading)} contient ${n} ${plural(n, 'note', 'notes')} à compléter avec vos propres éléments.`,
  toConfirm: (heading, items) =>
    `${heading}${colon} confirmez ${items.map(quote).join(', ')}, absent de vos éléments.`,
  elementLabel: (element) => ELEMENTS[element],
  reviewersLookFor: (labels) => `Les évaluateurs cherchent${colon} ${list(labels)}.`,
  answeredWith: (labels, headings) => `Traité par ${list(labels)} dans ${headings.map(quote).join(', ')}.`,
  notYetAnswered: (labels) => ` Pas encore traité${colon} ${list(labels)}.`,
  notAddressed: (labels) => `Aucune section de l’ébauche ne traite de${colon} ${list(labels)}.`,
  sectionNotFound: 'Section introuvable.',
  noLimitPublished: 'Aucune limite publiée.',
  overLimit: (section, note) => `${quote(section)} dépasse sa limite${colon} ${note}`,
};
