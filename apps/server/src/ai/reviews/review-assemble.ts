import { headingKey } from './layouts.ts';
import { sentenceSpans } from '../text/index.ts';
import { polarity } from './polarity.ts';

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
}

/** A run of text from one source: named ("Panel summary", "Reviewer 2") or known only by its order. */
export interface Group {
  named: string | null;
  criteria: number;
  facts: ReviewFact[];
}

/** Critiques and facts with their sources: named groups by name, the others numbered in order. */
export function assemble(
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
    for (const item of b.items) {
      // A bullet under "Strengths"/"Weaknesses" is one critique; prose is read sentence by sentence.
      const pieces =
        item.bullet && b.kind
          ? [{ start: item.start, end: item.end }]
          : sentencesIn(text, item.start, item.end);
      for (const p of pieces) {
        const quote = collapse(text.slice(p.start, p.end));
        if (!quote || empty.has(headingKey(quote)) || !/\p{L}{2}/u.test(quote)) continue;
        const k = kindOf(b.kind, item.bullet, pieces.length, quote);
        if (k) perGroup[b.group]!.push({ criterion: crit, kind: k, quote, start: p.start, end: p.end });
      }
    }
  }
  // Unnamed groups that hold anything are the reviewers in order, counting on from a named
  // "Reviewer n"; with no heading, no criterion and one such group the text is the user's notes.
  const counts = groups.map(
    (g, i) => g.named === null && (perGroup[i]!.length > 0 || g.facts.length > 0 || g.criteria > 0),
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
    const source = g.named ?? (notes ? 'Notes' : `Reviewer ${Math.max(n, 1)}`);
    for (const c of perGroup[i]!) critiques.push({ source, ...c });
    for (const f of g.facts) facts.push({ ...f, source });
  });
  const top = [...families.entries()].sort((a, b) => b[1] - a[1])[0];
  const layout = (top?.[0] ?? 'notes') as ParsedReviews['layout'];
  return { layout, critiques, facts };
}

/**
 * A bullet keeps its heading's kind, and everything under Weaknesses is one. Prose under Strengths
 * is read as the labelling guide reads it: criticism is still a weakness (the plan must answer
 * it); in a paragraph of several sentences, one that only describes is no critique. Prose under no
 * heading is read by its words alone.
 */
function kindOf(heading: CritiqueKind | null, bullet: boolean, sentences: number, quote: string) {
  if (heading === 'weakness' || (heading && bullet)) return heading;
  const read = polarity(quote);
  if (!heading || read === 'weakness' || sentences > 1) return read;
  return heading;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Sentences of a paragraph that a PDF wrapped across lines: the breaks become spaces, offsets kept. */
function sentencesIn(text: string, start: number, end: number) {
  const joined = text.slice(start, end).replace(/\n/g, ' ');
  return sentenceSpans(joined, 'en').map((s) => ({ start: start + s.start, end: start + s.end }));
}
