import { type Amount, findAmounts, sentenceSpans } from '../text/index.ts';
import { type AmountCueRole, cues, phraseRe } from './cues.ts';
import type { AmountFact, AmountRole, Source } from './facts.ts';

/**
 * Amounts with the role the applicant's words give them. An amount's clause runs from the last
 * separator (";", a line break, a sentence end, or the previous amount) to the next one: in
 * "partner cash contribution $150,000; partner in-kind $60,000" each amount has its own clause.
 * A role word right after the amount ("$60,000 in kind") labels it; otherwise the clause before
 * it does. "IRAP contribution requested $252,000" is a request: a request word outranks
 * "contribution" wherever it stands, and in-kind outranks everything.
 */

const ROLE_ORDER: AmountCueRole[] = ['partner_in_kind', 'requested', 'partner_cash', 'total_cost'];
/** In-kind and request words decide wherever they stand in the clause; the others by nearness. */
const DECISIVE = 2;

function roleIn(clause: string): AmountCueRole | null {
  const { amountRoles } = cues();
  let best: { role: AmountCueRole; rank: number; distance: number } | null = null;
  ROLE_ORDER.forEach((role, rank) => {
    for (const m of clause.matchAll(phraseRe(`role:${role}`, amountRoles[role]))) {
      const distance = clause.length - (m.index + m[0].length);
      const tier = rank < DECISIVE ? 0 : 1;
      const bestTier = best && best.rank < DECISIVE ? 0 : 1;
      const better =
        !best ||
        tier < bestTier ||
        (tier === bestTier && (tier === 0 ? rank < best.rank : distance < best.distance));
      if (better) best = { role, rank, distance };
    }
  });
  return (best as { role: AmountCueRole } | null)?.role ?? null;
}

/** Back from the amount to the previous amount, a ";" or a line break. */
function clauseBefore(text: string, at: number, floor: number): string {
  let i = at - 1;
  while (i >= floor && !/[;\n]/.test(text[i] ?? '')) i--;
  return text.slice(i + 1, at);
}

/** The words right after an amount, up to a separator or a conjunction ("$60,000 in-kind and …"). */
function clauseAfter(text: string, at: number, ceiling: number): string {
  const rest = text.slice(at, ceiling);
  const stop = /[;\n,(.]|\s(?:and|or|et|ou|plus)\s/i.exec(rest);
  return stop ? rest.slice(0, stop.index) : rest;
}

/** The amounts of one text, each with its role; `fallback` is the role of an amount without cue. */
export function readAmounts(text: string, field: string, fallback: AmountRole = 'other'): AmountFact[] {
  const out: AmountFact[] = [];
  for (const sentence of sentenceSpans(text)) {
    const amounts: Amount[] = findAmounts(sentence.text);
    amounts.forEach((a, i) => {
      const prevEnd = amounts[i - 1]?.end ?? 0;
      const nextStart = amounts[i + 1]?.start ?? sentence.text.length;
      // A role written right after the amount is the applicant's own label for it ("$60,000 in kind").
      const role =
        roleIn(clauseAfter(sentence.text, a.end, nextStart)) ??
        roleIn(clauseBefore(sentence.text, a.start, prevEnd)) ??
        fallback;
      const start = sentence.start + a.start;
      const end = sentence.start + a.end;
      const source: Source = { field, start, end, text: text.slice(start, end) };
      out.push({ value: a.value, currency: a.currency, role, perYear: a.perYear, source });
    });
  }
  return out;
}
