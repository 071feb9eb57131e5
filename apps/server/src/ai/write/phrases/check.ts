import type { CostRule } from '@grantleaf/shared/cost-rules.schema';
import type { SectionLimit } from '@grantleaf/shared/program-sections.schema';

/**
 * The sentences the checks (ai/check) write into a draft or an analysis, by language (issue 31 §2,
 * ADR 1175): budget arithmetic, coverage and limit gaps, limit notes, program rules. Check files
 * take their words from here only (phrases.test.ts guards ai/check as it guards ai/write). Amounts
 * arrive as numbers and are written by `money`, in the language's figures.
 */

/** What the form's budget check found (check/budget.ts `checkBudget`), amounts formatted. */
export type BudgetSaid =
  | { kind: 'noAmount'; statedText: string }
  | { kind: 'noMilestoneBudget'; base: string }
  | { kind: 'matches'; sum: string; againstCost: boolean }
  | { kind: 'differs'; sum: string; base: string; againstCost: boolean; over: boolean; by: string };

/** What the budget arithmetic of a written text found (check/budget.ts `checkTextBudget`). */
export type TextBudgetSaid =
  | { kind: 'noTotal'; items: string }
  | { kind: 'noItems'; total: string }
  | { kind: 'matches'; total: string }
  | { kind: 'differs'; items: string; total: string };

/** A length counted against a limit that `parseLimit` (ai/text/limits.ts) read from its words. */
export interface Counted {
  used: number;
  max: number;
  unit: 'words' | 'characters';
  /** The limit as the program states it ("5 pages"). */
  limit: string;
  /** Set for a page limit read as words. */
  wordsPerPage: number | null;
  /** parseLimit's English note (English keeps it word for word). */
  note: string;
}

/** A money rule's sentence: amounts through `fmt`, in the program's currency. */
export type Fmt = (n: number) => string;

export interface CheckText {
  language: 'en' | 'fr';
  money(value: number, currency: string): string;
  /** A program's own limit in words ("5 pages", "3,800 characters (recommended)"). */
  limitText(limit: SectionLimit): string;
  /** A sentence of the program data (program-sections.json: a rule, a limit's note), in this language. */
  dataSentence(english: string): string;

  // check/budget.ts
  budgetCheck(a: BudgetSaid): string;
  textBudget(a: TextBudgetSaid): string;
  // check/count.ts
  countNote(a: { used: number; limit: SectionLimit; wordsPerPage: number | null }): string;
  // check/checks.ts
  missingSections(names: string[]): string;
  budgetNotStated(total: string): string;
  noCountableLimit(limit: string): string;
  counted(a: Counted): string;
  // check/program-rules.ts
  goNoGo(rule: string, stated: boolean): string;
  addressed(rule: string, said: boolean): string;
  // check/cost-rules.ts
  ruleWords(rule: CostRule, fmt: Fmt): string;
  capNoTotal(words: string): string;
  overCap(total: string, max: string, words: string): string;
  withinCap(total: string, max: string, words: string | null): string;
  partnerCashNeeded(words: string, total: string, needed: string): string;
  partnerCashStated(cash: string, below: boolean): string;
  wouldPayAtMost(words: string, total: string, most: string): string;
}
