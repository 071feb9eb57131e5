import type { CheckResult, ElementCheck, SectionCheck } from '@grantleaf/shared/application-document.schema';
import type { SectionLimit } from '@grantleaf/shared/program-sections.schema';
import { programToJudge, type GrantProgram } from '../../ai/profile/program.ts';
import { evaluateText } from '../../ai/assess/analysis.ts';
import { checkTextBudget, programCurrency } from '../../ai/check/budget.ts';
import { MIN_SECTION_WORDS } from '../../ai/check/checks.ts';
import { findPlaceholders } from '../../ai/detect/reading.ts';
import { countFor } from '../../ai/check/count.ts';
import { formatMoney } from '../../ai/text/money.ts';
import { countMaterialWords, countWords } from '../../ai/text/review-text.ts';
import { type AmountFact, type AmountRole, readText } from '../../ai/read/index.ts';

/**
 * The live checks beside the editor (issue 16 §2): the offline reviewer's own functions run on the
 * text as it is being written — the limit counter (countFor), the criteria's required elements
 * (evaluateText), placeholders (findPlaceholders), budget arithmetic (checkTextBudget) — plus one
 * check the reviewer has no use for on a single pasted text: that the totals stated in different
 * sections agree. No model; the same text gives the same result.
 */

export interface LiveSection {
  id: string;
  header: string;
  limit: SectionLimit | null;
  text: string;
}

// Amounts closer than this (currency units) are the same figure written with rounding.
const SAME_AMOUNT = 1;
/** Words of a quote compared when finding the section it came from. */
const QUOTE_KEY_WORDS = 8;

const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** The section whose text holds the quote (the reviewer reads the sections joined together). */
function sectionOfQuote(quote: string | null, sections: LiveSection[]): string | null {
  if (!quote) return null;
  const key = words(quote.replace(/…$/, '')).slice(0, QUOTE_KEY_WORDS).join(' ');
  if (!key) return null;
  return sections.find((s) => words(s.text).join(' ').includes(key))?.id ?? null;
}

interface StatedFigure {
  sectionId: string;
  header: string;
  role: 'requested' | 'total_cost';
  value: number;
}

/**
 * The request and the total cost each section states, read from the fact model: the engine's
 * own sentences (a rule's "2 dollars", its computed shares) and the partners' cash or in-kind
 * are never a section's total.
 */
function statedFigures(sections: LiveSection[]): StatedFigure[] {
  const out: StatedFigure[] = [];
  for (const s of sections) {
    const facts = readText([{ id: s.id, text: s.text }]);
    const largest = (role: AmountRole) =>
      facts.amounts
        .filter((a) => a.role === role && !a.perYear)
        .reduce<AmountFact | null>((b, a) => (!b || a.value > b.value ? a : b), null);
    for (const role of ['requested', 'total_cost'] as const) {
      const a = largest(role);
      if (a) out.push({ sectionId: s.id, header: s.header, role, value: a.value });
    }
  }
  return out;
}

/**
 * The figures that disagree. When a section itself states a request and a different total cost
 * (IRAP: "total cost $420,000; contribution requested $252,000"), the two are compared each
 * with its own kind; otherwise "total" and "request" are the same figure written two ways.
 */
function disagreement(figures: StatedFigure[]): StatedFigure[] {
  const distinguished = figures.some((f) =>
    figures.some(
      (g) => g.sectionId === f.sectionId && g.role !== f.role && Math.abs(g.value - f.value) > SAME_AMOUNT,
    ),
  );
  const groups = distinguished
    ? [figures.filter((f) => f.role === 'requested'), figures.filter((f) => f.role === 'total_cost')]
    : [figures.filter((f, i) => figures.findIndex((g) => g.sectionId === f.sectionId) === i)];
  for (const group of groups) {
    const first = group[0];
    if (first && group.some((f) => Math.abs(f.value - first.value) > SAME_AMOUNT)) return group;
  }
  return [];
}

/** What the saved budget says (ADR 0281): facts the checks take as given, never call missing. */
export interface LiveBudget {
  requested: number;
  partners: { partner: string; kind: 'cash' | 'in_kind'; value: number }[];
}

/** Criterion elements the budget's partner contributions answer (program-criteria.json ids). */
const BUDGET_ELEMENTS = new Set(['cost_share']);

export function runLiveChecks(input: {
  program: GrantProgram | null;
  wordsPerPage: number;
  sections: LiveSection[];
  budget?: LiveBudget | null;
}): CheckResult {
  const { wordsPerPage, sections, budget: saved = null } = input;
  // Judged against the funder's cost rules only, never the catalogue's award range (ADR 0530).
  const program = input.program && programToJudge(input.program);
  const currency = program ? programCurrency(program) : 'CAD';
  const left: CheckResult['left'] = [];

  const sectionChecks: SectionCheck[] = sections.map((s) => {
    const count = s.limit ? countFor(s.text, s.limit, wordsPerPage) : null;
    const placeholders = findPlaceholders(s.text);
    const empty = countMaterialWords(s.text) < MIN_SECTION_WORDS;
    if (empty) left.push({ message: `${s.header} is empty or nearly so.`, sectionId: s.id });
    if (count?.status === 'over' && count.kind === 'maximum')
      left.push({ message: `${s.header} is over its limit: ${count.note}`, sectionId: s.id });
    if (placeholders.length > 0)
      left.push({
        message: `${s.header} has ${placeholders.length} placeholder${placeholders.length === 1 ? '' : 's'} left (${placeholders[0]}).`,
        sectionId: s.id,
      });
    return {
      id: s.id,
      header: s.header,
      words: countWords(s.text),
      characters: s.text.length,
      count: count && {
        unit: count.unit,
        used: count.used,
        max: count.max,
        kind: count.kind,
        status: count.status,
        note: count.note,
      },
      empty,
      placeholders,
    };
  });

  let criteria: CheckResult['criteria'] = [];
  let budget: CheckResult['budget'] = null;
  let basis = 'No catalogue program is linked, so only lengths and placeholders are checked.';
  if (program) {
    const joined = sections.map((s) => `${s.header}\n\n${s.text}`).join('\n\n');
    const review = evaluateText(program, joined);
    basis = review.basis;
    criteria = review.evaluation_scores.map((score) => ({
      criterion: score.criterion,
      weight: score.weight ?? null,
      elements: (score.elements ?? []).map((e): ElementCheck => {
        // Partner cash and in-kind entered in the budget are stated facts, whatever the prose says.
        if (saved && saved.partners.length > 0 && BUDGET_ELEMENTS.has(e.id) && e.status !== 'found')
          return {
            id: e.id,
            label: e.label,
            status: 'found',
            quote: `Budget: ${saved.partners.map((p) => `${p.partner} ${formatMoney(p.value, currency)} ${p.kind === 'cash' ? 'cash' : 'in-kind'}`).join('; ')}`,
            sectionId: null,
            expects: e.expects,
            suggestion: e.suggestion,
          };
        return {
          id: e.id,
          label: e.label,
          status: e.status,
          quote: e.quote,
          sectionId: sectionOfQuote(e.quote, sections),
          expects: e.expects,
          suggestion: e.suggestion,
        };
      }),
    }));
    const missing = new Map<string, string>();
    for (const c of criteria)
      for (const e of c.elements) if (e.status === 'missing') missing.set(e.label, c.criterion);
    for (const [label, criterion] of missing)
      left.push({ message: `Missing: ${label} (${criterion}).`, sectionId: null });

    const byHeader = sections.map((s) => ({ heading: s.header, body: s.text }));
    const check = checkTextBudget(byHeader, program);
    if (check) {
      const ok = check.matches !== false;
      // The section checkTextBudget read: the one whose heading names the budget.
      const section = sections.find((s) => /budget|funds requested|cost/i.test(s.header));
      budget = { ok, message: check.message, sectionId: section?.id ?? null };
      if (!ok) left.push({ message: check.message, sectionId: budget.sectionId });
    }
  }

  const figures = statedFigures(sections);
  // One figure per section is shown: its request, or its total cost when it states no request.
  const totals = figures.filter((f, i) => figures.findIndex((g) => g.sectionId === f.sectionId) === i);
  const differing = disagreement(figures);
  const totalsAgree = differing.length === 0;
  // The request the budget computes is the request the draft states (ADR 0281).
  if (saved && saved.requested > 0) {
    const off = figures.filter(
      (f) => f.role === 'requested' && Math.abs(f.value - saved.requested) > SAME_AMOUNT,
    );
    for (const f of off)
      left.push({
        message: `The budget computes a request of ${formatMoney(saved.requested, currency)}; ${f.header} states ${formatMoney(f.value, currency)}.`,
        sectionId: f.sectionId,
      });
  }
  if (!totalsAgree) {
    const first = differing[0];
    const what = differing.every((f) => f.role === 'total_cost') ? 'total cost' : 'total requested';
    left.push({
      message: `The ${what} differs between sections: ${differing.map((t) => `${t.header} ${formatMoney(t.value, currency)}`).join(', ')}.`,
      sectionId:
        differing.find((t) => Math.abs(t.value - (first?.value ?? 0)) > SAME_AMOUNT)?.sectionId ?? null,
    });
  }

  return {
    sections: sectionChecks,
    criteria,
    budget,
    totals: totals.map((t) => ({
      sectionId: t.sectionId,
      header: t.header,
      amount: formatMoney(t.value, currency),
    })),
    totalsAgree,
    left,
    basis,
  };
}
