import { ruleWords } from '@grantleaf/shared/cost-rules';
import { limitText } from '../../profile/data.ts';
import { formatMoney } from '../../text/money.ts';
import type { CheckText } from './check.ts';

/** The checks' English: the wording every English draft, analysis and export has always had. */

const n = (v: number) => v.toLocaleString('en-US');

export const EN_CHECK: CheckText = {
  language: 'en',
  money: formatMoney,
  limitText,
  dataSentence: (english) => english,

  budgetCheck: (a) => {
    const base = (againstCost: boolean) => (againstCost ? 'total project cost' : 'stated total');
    switch (a.kind) {
      case 'noAmount':
        return `The stated total "${a.statedText}" has no amount in it.`;
      case 'noMilestoneBudget':
        return `Stated total ${a.base}; no milestone has a budget.`;
      case 'matches':
        return `Milestone budgets add up to ${a.sum}, matching the ${base(a.againstCost)}.`;
      case 'differs':
        return `Milestone budgets add up to ${a.sum} but the ${base(a.againstCost)} is ${a.base} (${a.over ? 'over' : 'under'} by ${a.by}).`;
    }
  },
  textBudget: (a) => {
    switch (a.kind) {
      case 'noTotal':
        return `The budget section itemises ${a.items} but states no total.`;
      case 'noItems':
        return `The budget section states a total of ${a.total} without itemised amounts.`;
      case 'matches':
        return `Itemised amounts add up to the stated total of ${a.total}.`;
      case 'differs':
        return `Itemised amounts add up to ${a.items} but the stated total is ${a.total}.`;
    }
  },
  countNote: ({ used, limit, wordsPerPage }) =>
    `${n(used)} of ${limitText(limit)}${wordsPerPage ? ` at ${wordsPerPage} words per page` : ''}.${limit.note ? ` ${limit.note}` : ''}`,
  missingSections: (names) =>
    `Required section${names.length === 1 ? '' : 's'} missing or empty: ${names.join('; ')}.`,
  budgetNotStated: (total) => `The budget section does not state the requested total of ${total}.`,
  noCountableLimit: (limit) => `No countable limit in "${limit}".`,
  counted: ({ used, max, unit, note }) => `${n(used)} of ${n(max)} ${unit} (${note}).`,
  goNoGo: (rule, stated) =>
    stated ? `${rule} A milestone states its decision criterion.` : `${rule} No milestone states one yet.`,
  addressed: (rule, said) =>
    said ? `${rule} Your material addresses it.` : `${rule} Your material does not address it yet.`,
  ruleWords: (rule) => ruleWords(rule),
  capNoTotal: (words) => `${words} No total is stated to compare.`,
  overCap: (total, max, words) => `The request of ${total} is over the cap of ${max}. ${words}`,
  withinCap: (total, max, words) =>
    `The request of ${total} is within the cap of ${max}.${words === null ? '' : ` ${words}`}`,
  partnerCashNeeded: (words, total, needed) =>
    `${words} For the request of ${total} that is at least ${needed} of partner cash.`,
  partnerCashStated: (cash, below) =>
    ` The partner's stated cash is ${cash}${below ? ', below what the ratio requires' : ''}.`,
  wouldPayAtMost: (words, total, most) =>
    `${words} If all of ${total} were supported costs, the program would pay at most ${most}; state the eligible costs to know the amount.`,
};
