import { alternation } from '../text/index.ts';
import { reviewLayouts } from './layouts.ts';

/**
 * Whether a sentence of reviewers' prose praises or criticises (ADR 0330, redesigned in ADR 0750).
 * It is the parser's fallback: under a Strengths/Weaknesses heading or an inline "weaknesses:"
 * marker the structure decides, and only unmarked prose is read sentence by sentence.
 */
export type Polarity = 'strength' | 'weakness';

let cues:
  | {
      weak: RegExp;
      strong: RegExp;
      concession: RegExp;
      contrast: RegExp;
      hedge: RegExp;
      notWeak: RegExp;
      notPraise: RegExp;
    }
  | undefined;

function lexicon() {
  if (cues) return cues;
  const l = reviewLayouts();
  const words = (list: string[]) =>
    new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(list)})(?![\\p{L}\\p{N}])`, 'giu');
  cues = {
    weak: words(l.weaknessCues),
    strong: words(l.strengthCues),
    concession: words(l.concessionCues),
    contrast: words(l.contrastCues),
    hedge: words(l.hedgeCues),
    notWeak: words(l.notWeaknessAfter),
    notPraise: words(l.notPraise),
  };
  return cues;
}

/**
 * A sentence that opens by correcting the applicant ("Actually, the species also occurs where …";
 * ADR 1166): the reviewer sets the record straight, which the plan must answer.
 */
const CORRECTS = /^\s*actually\s*,/iu;

/**
 * A restriction the reviewer hedges ("This funding seems to be reserved for senior researchers.";
 * ADR 1166): the hedge makes it a judgement of a limit. A restriction stated plainly describes
 * ("A small amount of funding is reserved for childcare", "the "1" reserved for truly exceptional
 * candidates") and is no criticism by itself.
 */
const HEDGED_LIMIT = /\b(?:seems?|appears?)\s+(?:to\s+be\s+)?(?:reserved|restricted|confined)\b/iu;

/** A question, also one closed by a quote or a parenthesis ('… describe "surprising ties?"'; ADR 1121). */
const ASKS = /\?["”’)]*\s*$/u;

const has = (re: RegExp, text: string) => {
  re.lastIndex = 0;
  return re.test(text);
};

/**
 * The sentence without the phrases whose cue words do not judge: "no doubt" is not criticism, and
 * "as well as", "high school" or "high-throughput" are not praise (ADR 1001).
 */
const clear = (sentence: string) => {
  const lx = lexicon();
  // Blanked to their length, so a cue's offsets are the same in the sentence and its clearing.
  const blank = (m: string) => ' '.repeat(m.length);
  return sentence.replace(lx.notWeak, blank).replace(lx.notPraise, blank);
};

/**
 * A weakness when the sentence criticises, doubts or asks (a question, "would have been
 * strengthened", "not clear"), even inside praise; a conceding word ("although", "despite") makes
 * it one only when its own clause judges ("Although ambitious, …"), not when it concedes
 * circumstances ("a strong record despite the pandemic's interruptions"); a contrasting "but" only
 * when its clause hedges or compares ("but more competitive applicants have…", "but it would be
 * nice to…"), not when it adds ("but she collaborates widely"). Otherwise praise makes
 * it a strength, and a sentence that only describes is no critique.
 */
export function polarity(sentence: string): Polarity | null {
  const lx = lexicon();
  const cleared = clear(sentence);
  if (ASKS.test(sentence) || CORRECTS.test(sentence) || HEDGED_LIMIT.test(sentence)) return 'weakness';
  // The clause a word opens, in the cleared sentence or as printed: to the next comma, semicolon or dash.
  const clauseAfter = (m: RegExpExecArray, text = cleared) =>
    text.slice(m.index + m[0].length).split(/[,;:–—]|\s-\s/)[0] ?? '';
  const clauses = (re: RegExp) => [...cleared.matchAll(re)].map((m) => clauseAfter(m));
  // "Should" that forecasts a good outcome expects, it asks for no change (ADR 1096): its clause
  // praises ("These findings should articulate well with …") or says nothing is wanting ("should
  // have everything they need"). "Should address …", "should be strengthened" ask.
  const forecasts = (m: RegExpExecArray) =>
    m[0].toLowerCase() === 'should' &&
    (has(lx.strong, clauseAfter(m)) || has(lx.notWeak, clauseAfter(m, sentence)));
  if ([...cleared.matchAll(lx.weak)].some((m) => !forecasts(m))) return 'weakness';
  if (clauses(lx.concession).some((c) => has(lx.strong, c))) return 'weakness';
  if (clauses(lx.contrast).some((c) => has(lx.hedge, c))) return 'weakness';
  if (has(lx.strong, cleared)) return 'strength';
  return null;
}

/**
 * Under a Strengths heading the reviewer has already judged: a sentence there is a weakness only
 * when it criticises without praise ("The rationale for the second cohort is unclear."), or
 * praises and then concedes or contrasts ("The budget could be tighter but the team is strong.").
 * A sentence that praises with a critical-sounding word alone ("The problem is important and …")
 * stays the strength it was filed as (ADR 0840).
 */
export function criticisesUnderStrengths(sentence: string): boolean {
  if (polarity(sentence) !== 'weakness') return false;
  const lx = lexicon();
  if (ASKS.test(sentence)) return true;
  const cleared = clear(sentence);
  return !has(lx.strong, cleared) || has(lx.concession, cleared) || has(lx.contrast, cleared);
}

/** Whether a sentence carries praise at all (a strength cue), whatever else it says. */
export function praises(sentence: string): boolean {
  return has(lexicon().strong, clear(sentence));
}
