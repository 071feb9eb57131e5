import { headingKey } from './layouts.ts';
import { alternation, sentenceSpans } from '../text/index.ts';
import { criticisesUnderStrengths, polarity, praises } from './polarity.ts';
import { reviewLexicon } from './review-lines.ts';

/**
 * The parser's last step (ADR 0750): the blocks it read become critiques, each with its source.
 * Named sources keep their names; the runs of text known only by their order are numbered as the
 * reviewers, counting those that hold anything.
 */

export type CritiqueKind = 'strength' | 'weakness';

export interface Critique {
  /** "Reviewer 2", "Summary of discussion", "Panel summary", "Committee notes", "Notes". */
  source: string;
  /** The funder's criterion as the reviewer filed it, or "General" when none was given. */
  criterion: string;
  kind: CritiqueKind;
  quote: string;
  start: number;
  end: number;
}

/** A score, percentile or rating as printed, kept as a fact and never read as a critique. */
export interface ReviewFact {
  source: string;
  /** "Impact score", "Percentile", "Intellectual Merit rating", "Approach score", … */
  name: string;
  value: string;
}

export interface ParsedReviews {
  /** Which funder's layout the headings matched; "notes" when none did. */
  layout: 'nih' | 'nsf' | 'cihr' | 'nserc' | 'sshrc' | 'notes';
  critiques: Critique[];
  facts: ReviewFact[];
}

export interface Block {
  group: number;
  criterion: string | null;
  kind: CritiqueKind | null;
  /** Items: a bullet each, or a paragraph to be read sentence by sentence. */
  items: { start: number; end: number; bullet: boolean }[];
  /**
   * An administrative item found Unacceptable ("Protections for Human Subjects: Unacceptable Risks
   * and/or Inadequate Protections"): the line that says so. A resubmission must answer it, so its
   * text is a weakness, and the line itself is one where no text follows (ADR 1166).
   */
  finding?: { start: number; end: number };
}

/** A run of text from one source: named ("Panel summary", "Reviewer 2") or known only by its order. */
export interface Group {
  named: string | null;
  criteria: number;
  /** Criteria a funder's layout names (not headings kept as printed). */
  known: number;
  /** What opened it: the text's start, a named heading, a rule drawn between reviews, a criterion met again. */
  opened: 'start' | 'named' | 'rule' | 'repeat';
  facts: ReviewFact[];
}

/** The source of the scores a document's header prints (an NIH impact score and percentile). */
export const HEADER_SOURCE = 'Overall';

/**
 * Text before the first source heading is the document's header (the agency, the application's
 * number and title, the score table), not a first reviewer, when headings or rules name the
 * sources after it and it holds no criterion a funder's layout names (ADR 0840). Where the first
 * source heading is "Reviewer 1" ("CRITIQUE 1"), every run before it is the header, also one after
 * a rule: a table's rule line in the header (the summary statement's budget table, "_______") draws
 * no line between reviews, since no reviewer comes before the first (ADR 0890).
 */
function isHeader(groups: Group[], i: number): boolean {
  if (groups.slice(0, i + 1).some((g) => g.known > 0 || g.named !== null)) return false;
  if (i === 0 && groups.slice(1).some((g) => g.named !== null || g.opened === 'rule')) return true;
  const firstNamed = groups.find((g) => g.named !== null);
  return firstNamed?.named === 'Reviewer 1' && groups.indexOf(firstNamed) > i;
}

/** Critiques and facts with their sources: named groups by name, the others numbered in order. */
export function assemble(
  /** The text with page furniture blanked out (offsets kept), so no quote carries a running header. */
  text: string,
  blocks: Block[],
  groups: Group[],
  families: Map<string, number>,
  /** Items that say there is nothing ("None", "N/A"), as heading keys. */
  empty: Set<string>,
): ParsedReviews {
  const perGroup = groups.map(() => [] as Omit<Critique, 'source'>[]);
  for (const b of blocks) {
    const crit =
      b.criterion ?? (groups[b.group]!.named === 'Summary of discussion' ? 'Overall Impact' : 'General');
    if (isHeader(groups, b.group)) continue;
    // An administrative item's findings ("Children not formally excluded, …") answer the form,
    // unless the item was found Unacceptable: then they are what the resubmission must answer.
    if (b.criterion && reviewLexicon().administrative.has(b.criterion) && !b.finding) continue;
    // The finding line itself, where no text follows it: a rating, but one the plan must answer.
    const bare = b.items.length === 0 && b.finding !== undefined;
    const items = bare ? [{ ...b.finding!, bullet: false }] : b.items;
    for (const item of items) {
      // The unit is a sentence (eval/reviews/README.md), of a bullet as of a paragraph.
      const pieces = sentencesIn(text, item.start, item.end);
      for (const p of pieces) {
        const quote = collapse(text.slice(p.start, p.end));
        if (!quote || (!bare && nothingToAnswer(quote, empty)) || !/\p{L}{2}/u.test(quote)) continue;
        const k = kindOf(b.kind, pieces.length, quote);
        if (k) perGroup[b.group]!.push({ criterion: crit, kind: k, quote, start: p.start, end: p.end });
      }
    }
  }
  // Unnamed groups that hold anything are the reviewers in order, counting on from a named
  // "Reviewer n"; with no heading, no criterion and one such group the text is the user's notes.
  const counts = groups.map(
    (g, i) =>
      !isHeader(groups, i) &&
      g.named === null &&
      (perGroup[i]!.length > 0 || g.facts.length > 0 || g.criteria > 0),
  );
  const notes =
    groups.every((g) => g.named === null && g.criteria === 0) && counts.filter(Boolean).length <= 1;
  const critiques: Critique[] = [];
  const facts: ReviewFact[] = [];
  let n = 0;
  groups.forEach((g, i) => {
    const numbered = g.named && /^Reviewer (\d+)$/.exec(g.named);
    if (numbered) n = Number(numbered[1]);
    else if (counts[i]) n += 1;
    const source = isHeader(groups, i)
      ? HEADER_SOURCE
      : (g.named ?? (notes ? 'Notes' : `Reviewer ${Math.max(n, 1)}`));
    for (const c of perGroup[i]!) critiques.push({ source, ...c });
    for (const f of g.facts) facts.push({ ...f, source });
  });
  const top = [...families.entries()].sort((a, b) => b[1] - a[1])[0];
  const layout = (top?.[0] ?? 'notes') as ParsedReviews['layout'];
  return { layout, critiques, facts };
}

/**
 * Everything under Weaknesses is a weakness. Under Strengths, a bullet or paragraph of one sentence
 * keeps its heading's kind unless it criticises; in one of several sentences, criticism is a
 * weakness, praise a strength and a sentence that only describes is no critique (the labelling
 * guide's reading). Text under no such heading is read by its words alone.
 */
function kindOf(heading: CritiqueKind | null, sentences: number, quote: string) {
  if (heading === 'weakness') return heading;
  if (!heading) return polarity(quote);
  if (criticisesUnderStrengths(quote)) return 'weakness';
  return sentences > 1 && !praises(quote) ? null : heading;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** "The reviewers found no substantive weaknesses.": a sentence that leaves nothing to answer. */
const NO_WEAKNESSES =
  /^(?:(?:the\s+)?(?:reviewers?|panel)\s+(?:found|noted|identified)|(?:i|we)\s+(?:have\s+)?(?:found|noted|identified|see)|there\s+(?:are|were))\s+no\s+(?:\p{L}+\s+)?(?:weaknesses|concerns)(?:\s+(?:were\s+)?(?:noted|identified|found))?\s*\.?$/iu;

let placed: RegExp | undefined;
/**
 * "The panel placed the proposal in the Competitive category.": a sentence that only reports the
 * rating the panel gave, a fact and no judgement of its own to answer (the tenth part, ADR 1166).
 */
function placedInRating(quote: string): boolean {
  placed ??= new RegExp(
    `^(?:the\\s+)?(?:panel|reviewers?|committee)\\s+(?:placed|rated|ranked|put)\\s+(?:the|this)\\s+(?:proposal|application)\\s+(?:in|into|as)\\s+(?:the\\s+)?(?:${alternation(reviewLexicon().ratings)})(?:\\s+(?:category|group|bin))?\\s*\\.?$`,
    'iu',
  );
  return placed.test(quote);
}

/**
 * An item that says there is nothing ("None noted.", "Not Applicable (No Human Subjects)"), also
 * after its label ("Plans for valid design and analysis: Not applicable"), or a label's rating
 * ("The panel recommendation is: Not Competitive"): a rating is a fact, not a critique (ADR 1001).
 */
function nothingToAnswer(quote: string, empty: Set<string>): boolean {
  const bare = (s: string) => headingKey(s.replace(/\([^)]*\)/g, ' '));
  if (empty.has(bare(quote)) || NO_WEAKNESSES.test(quote) || placedInRating(quote)) return true;
  const answer = /:\s*([^:]+?)\s*\.?$/u.exec(quote)?.[1];
  if (!answer) return false;
  return empty.has(bare(answer)) || reviewLexicon().ratings.some((r) => headingKey(r) === bare(answer));
}

/**
 * Sentences of a paragraph that a PDF wrapped across lines: the breaks become spaces, offsets kept.
 * A review form's question copied into the prose ("2. To what extent do the proposed activities …?
 * - The activities are creative.") is the form's, not the reviewer's: it is left out, and the
 * answers on either side of it are read apart (ADR 1096).
 */
function sentencesIn(text: string, start: number, end: number) {
  const joined = text.slice(start, end).replace(/\n/g, ' ');
  const parts: { from: number; to: number }[] = [];
  let from = 0;
  for (const m of joined.matchAll(reviewLexicon().formQuestion)) {
    parts.push({ from, to: m.index });
    from = m.index + m[0].length;
  }
  parts.push({ from, to: joined.length });
  return parts.flatMap(({ from: a, to: b }) =>
    sentenceSpans(joined.slice(a, b), 'en').map((s) => ({
      start: start + a + s.start,
      end: start + a + s.end,
    })),
  );
}
