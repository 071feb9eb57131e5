import type { CostRule } from '@grantleaf/shared/cost-rules.schema';
import type { SectionLimit } from '@grantleaf/shared/program-sections.schema';
import { formatMoneyIn } from '../../text/money.ts';
import type { CheckText, Fmt } from './check.ts';
import { FR_DATA } from './fr-data.ts';
import { colon, figures, NB, plural, quote } from './fr-typography.ts';

/**
 * The checks' Canadian French (issue 31 §2, ADR 1175), with the writer's typography (fr.ts): a
 * no-break space before a colon and inside « », none before ? or ;. A money rule is said from its
 * figures, not from the funder's English words (cost-rules.json `says`), which stay the rule's
 * source for English.
 */

const n = figures;

const UNITS: Record<SectionLimit['unit'] | 'words' | 'characters', [string, string]> = {
  pages: ['page', 'pages'],
  words: ['mot', 'mots'],
  characters: ['caractère', 'caractères'],
};

function limitText(limit: SectionLimit): string {
  const [one, many] = UNITS[limit.unit];
  return `${n(limit.max)} ${plural(limit.max, one, many)}${limit.kind === 'recommended' ? ' (recommandé)' : ''}`;
}

const dataSentence = (english: string) => FR_DATA[english] ?? english;

/** A money rule from its figures; the kinds the checks quote (cap, cost share, unit, share). */
function ruleSaid(rule: CostRule, fmt: Fmt): string {
  switch (rule.kind) {
    case 'limit': {
      const per =
        rule.scope === 'per_year'
          ? 'par année'
          : rule.scope === 'one_year'
            ? `la ${rule.year}e année`
            : 'par projet';
      const costs = rule.basis === 'direct' ? 'coûts directs' : 'coûts directs et indirects';
      const range =
        rule.min !== undefined && rule.max !== undefined
          ? `de ${fmt(rule.min)} à ${fmt(rule.max)}`
          : rule.max !== undefined
            ? `au plus ${fmt(rule.max)}`
            : `au moins ${fmt(rule.min ?? 0)}`;
      return `Montant demandé${colon} ${range} ${per} (${costs}).`;
    }
    case 'cost_share': {
      const counts = rule.counts.includes('partner_in_kind') ? 'en espèces ou en nature' : 'en espèces';
      return `L’organisme verse jusqu’à ${n(rule.funderPerPartnerDollar)}${NB}$ par dollar ${counts} des partenaires.`;
    }
    case 'unit':
      return `Chaque unité de ${fmt(rule.unitAmount)} est partagée${colon} ${fmt(rule.partnerPerUnit)} du partenaire et ${fmt(rule.funderPerUnit)} de l’organisme.`;
    case 'share_of_costs':
      return `L’organisme paie au plus ${n(Math.round(rule.maxShare * 1000) / 10)}${NB}% des coûts admissibles${rule.category ? ' de cette catégorie' : ''}.`;
    default:
      return 'Règle de l’organisme, à lire sur sa page.';
  }
}

export const FR_CHECK: CheckText = {
  language: 'fr',
  money: (value, currency) => formatMoneyIn(value, currency, 'fr'),
  limitText,
  dataSentence,

  budgetCheck: (a) => {
    const base = (againstCost: boolean) => (againstCost ? 'le coût total du projet' : 'le total indiqué');
    switch (a.kind) {
      case 'noAmount':
        return `Le total indiqué ${quote(a.statedText)} ne contient aucun montant.`;
      case 'noMilestoneBudget':
        return `Total indiqué${colon} ${a.base}; aucun jalon n’a de budget.`;
      case 'matches':
        return `Les budgets des jalons totalisent ${a.sum}, soit ${base(a.againstCost)}.`;
      case 'differs':
        return `Les budgets des jalons totalisent ${a.sum}, mais ${base(a.againstCost)} est de ${a.base} (${a.over ? 'dépassement' : 'écart'} de ${a.by}).`;
    }
  },
  textBudget: (a) => {
    switch (a.kind) {
      case 'noTotal':
        return `La section du budget détaille ${a.items} sans indiquer de total.`;
      case 'noItems':
        return `La section du budget indique un total de ${a.total} sans montants détaillés.`;
      case 'matches':
        return `Les montants détaillés totalisent le total indiqué de ${a.total}.`;
      case 'differs':
        return `Les montants détaillés totalisent ${a.items}, mais le total indiqué est de ${a.total}.`;
    }
  },
  countNote: ({ used, limit, wordsPerPage }) =>
    `${n(used)} sur ${limitText(limit)}${wordsPerPage ? `, à raison de ${wordsPerPage} mots par page` : ''}.${limit.note ? ` ${dataSentence(limit.note)}` : ''}`,
  missingSections: (names) =>
    `${plural(names.length, 'Section obligatoire absente ou vide', 'Sections obligatoires absentes ou vides')}${colon} ${names.join('; ')}.`,
  budgetNotStated: (total) => `La section du budget n’indique pas le total demandé de ${total}.`,
  noCountableLimit: (limit) => `Aucune limite chiffrée dans ${quote(limit)}.`,
  counted: ({ used, max, unit, limit, wordsPerPage }) => {
    const [one, many] = UNITS[unit];
    const estimate = wordsPerPage
      ? `, estimée à ${wordsPerPage} mots par page; signalée seulement au-delà de 110${NB}%`
      : '';
    return `${n(used)} sur ${n(max)} ${plural(max, one, many)} (limite ${quote(limit)}${estimate}).`;
  },
  goNoGo: (rule, stated) =>
    `${dataSentence(rule)} ${stated ? 'Un jalon énonce son critère de décision.' : 'Aucun jalon n’en énonce encore.'}`,
  addressed: (rule, said) =>
    `${dataSentence(rule)} ${said ? 'Vos éléments en traitent.' : 'Vos éléments n’en traitent pas encore.'}`,
  ruleWords: (rule, fmt) =>
    rule.verified
      ? ruleSaid(rule, fmt)
      : `À vérifier auprès de l’organisme (règle non confirmée sur sa page)${colon} ${ruleSaid(rule, fmt)}`,
  capNoTotal: (words) => `${words} Aucun total n’est indiqué pour la comparaison.`,
  overCap: (total, max, words) => `La demande de ${total} dépasse le plafond de ${max}. ${words}`,
  withinCap: (total, max, words) =>
    `La demande de ${total} respecte le plafond de ${max}.${words === null ? '' : ` ${words}`}`,
  partnerCashNeeded: (words, total, needed) =>
    `${words} Pour une demande de ${total}, il faut au moins ${needed} en espèces des partenaires.`,
  partnerCashStated: (cash, below) =>
    ` L’apport en espèces indiqué du partenaire est de ${cash}${below ? ', en deçà de ce qu’exige le ratio' : ''}.`,
  wouldPayAtMost: (words, total, most) =>
    `${words} Si la totalité des ${total} était des coûts admissibles, le programme verserait au plus ${most}; indiquez les coûts admissibles pour connaître le montant.`,
};
