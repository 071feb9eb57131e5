import { furnitureLines } from '../text/index.ts';
import { headingKey } from './layouts.ts';
import { assemble, type ParsedReviews } from './review-assemble.ts';
import {
  endsSentence,
  isBulletMark,
  isPlaceholder,
  isRule,
  reviewLexicon,
  type ReviewLexicon,
  withoutMarkdown,
  withoutQuote,
  wrappedProse,
} from './review-lines.ts';
import { ReviewReader } from './review-reader.ts';

export { polarity } from './polarity.ts';
export type { Critique, CritiqueKind, ParsedReviews, ReviewFact } from './review-assemble.ts';

/**
 * Reviewers' comments read into critiques (issue 27 §1; ADR 0330): an NIH summary statement
 * (resume and summary of discussion, Critique 1…n with criteria and Strengths/Weaknesses bullets,
 * impact score and percentile, or the 2025 factors), CIHR/NSERC/SSHRC reviewer reports and
 * committee notes, NSF panel summaries, reviews and GRFP rating sheets, or the user's own notes.
 *
 * Pure and offline: the layouts are data (review-layouts.json); sentences and page furniture come
 * from the one language layer. Structure decides first (ADR 0750): reviewers by their headings, by
 * a criterion met again or by the rule a sheet draws between reviews; criteria by their headings,
 * known or shaped as one; strengths and weaknesses by their headings or inline markers. A
 * sentence's own words decide its kind only where no structure does; text before the first source
 * heading is the document's header, and wrapped prose is never a heading (ADR 0840). Every
 * critique quotes the reviewer's own words: `start`/`end` index into the text as given (line breaks
 * normalised to "\n"), and `quote` is that slice with page furniture (running headers, page
 * numbers) left out and its white space collapsed, so nothing is reworded.
 */

interface Line {
  text: string;
  start: number;
  end: number;
}

function linesOf(text: string): Line[] {
  const out: Line[] = [];
  let at = 0;
  for (const raw of text.split('\n')) {
    out.push({ text: raw, start: at, end: at + raw.length });
    at += raw.length + 1;
  }
  return out;
}

/** The length of a text's full lines (the 90th percentile): a wrapped sentence's lines reach it. */
function fullWidth(lines: Line[]): number {
  const lengths = lines
    .map((l) => l.text.trim().length)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  return lengths[Math.floor(lengths.length * 0.9)] ?? 0;
}

/** "Review Post-Doctoral proposal: 2021-08366": a label whose answer is the proposal's number. */
const PROPOSAL_NUMBER = /^\p{L}[\p{L}\s.'’-]{2,80}:\s*(?=[\p{Lu}\d-]*\d)[\p{Lu}\d][\p{Lu}\d-]*$/u;

/**
 * A review's own header, printed after the rule a sheet draws between reviews (USDA NIFA, ADR
 * 1096): the proposal's number on its line, then its title without a full stop, up to the line the
 * review's first capitalised sentence follows. Neither is the reviewer's text.
 */
function reviewHeaders(lines: Line[]): boolean[] {
  const marked = lines.map(() => false);
  const trimmed = (k: number) => lines[k]?.text.trim() ?? '';
  lines.forEach((_, i) => {
    if (!isRule(trimmed(i))) return;
    let j = i + 1;
    while (j < lines.length && (!trimmed(j) || isRule(trimmed(j)))) j += 1;
    if (!PROPOSAL_NUMBER.test(trimmed(j))) return;
    marked[j] = true;
    for (let k = j + 1; k <= j + 3 && trimmed(k) && !endsSentence(trimmed(k)); k += 1) {
      if (!/^\p{Lu}/u.test(trimmed(k + 1))) continue;
      for (let t = j + 1; t <= k; t += 1) marked[t] = true;
      return;
    }
  });
  return marked;
}

/**
 * A heading a form prints over two or three lines ("In the context of the five review elements,
 * please" / "evaluate the strengths and weaknesses of the proposal with respect to intellectual
 * merit."; ADR 1123): for the line that opens it, the heading whole and the lines it spans, when
 * the lines together (and not the first alone) are a heading the layouts name.
 */
function wrappedHeadings(lines: Line[], skipped: boolean[], lx: ReviewLexicon): Map<number, number> {
  const known = (text: string) => {
    const key = headingKey(text);
    return lx.criteria.has(key) || lx.named.has(key);
  };
  const spans = new Map<number, number>();
  lines.forEach((line, i) => {
    // Letters on every line: a rule above a heading ("_____") is no part of it.
    const words = (k: number) => !skipped[k] && /\p{L}/u.test(lines[k]!.text);
    if (!words(i) || known(line.text)) return;
    let joined = line.text.trim();
    for (let j = i + 1; j <= i + 2 && j < lines.length && words(j); j += 1) {
      joined += ` ${lines[j]!.text.trim()}`;
      if (known(joined)) return void spans.set(i, j);
    }
  });
  return spans;
}

export function parseReviews(input: string): ParsedReviews {
  const text = input.replace(/\r\n?/g, '\n');
  const lx = reviewLexicon();
  const reader = new ReviewReader(lx);
  const lines = linesOf(text);
  const furniture = furnitureLines(
    lines.map((l) => l.text),
    { repeated: false, pageEdges: true },
  );
  const width = fullWidth(lines);
  const headers = reviewHeaders(lines);
  const skipped = lines.map((l, i) => {
    const t = withoutQuote(l.text.replace(/\f/g, '')).trim();
    return !t || isPlaceholder(t) || headers[i]! || (furniture[i]! && !reader.isStructure(t));
  });
  // A heading wrapped over lines is read whole on its first line; its other lines are part of it.
  const wrapped = wrappedHeadings(lines, skipped, lx);
  const within = new Set(
    [...wrapped].flatMap(([i, j]) => Array.from({ length: j - i }, (_, k) => i + 1 + k)),
  );
  // The next line of text, past blank lines and page furniture: a lower-case one continues this one.
  const nextText = (index: number) => {
    let j = index + 1;
    while (j < lines.length && skipped[j]) j += 1;
    const line = lines[j];
    return line && withoutQuote(line.text);
  };
  // Page furniture and placeholders blanked out, offsets kept: quotes never carry a running header.
  const blanked: Line[] = [];
  lines.forEach((line, index) => {
    const trimmed = withoutQuote(line.text.replace(/\f/g, '')).trim();
    if (isRule(trimmed)) return reader.rule();
    // A line the layouts name is structure even where it tops every page ("Intellectual Merit Criterion").
    const dropped = skipped[index]! && trimmed !== '';
    if (dropped) blanked.push(line);
    if (!trimmed || dropped) {
      if (!trimmed) {
        reader.paragraphEnds(); // a blank line ends a paragraph
        reader.before = reader.before === 'heading' ? 'heading' : 'start';
      }
      return;
    }
    if (isBulletMark(trimmed)) return reader.bulletMark();
    if (within.has(index)) return;
    const end = wrapped.get(index);
    const whole =
      end === undefined
        ? trimmed
        : lines
            .slice(index, end + 1)
            .map((l) => l.text.trim())
            .join(' ');
    const plain = withoutMarkdown(whole);
    if (!plain) return;
    const lineStart = line.start + line.text.indexOf(plain);
    const was = reader.before;
    reader.before = endsSentence(plain) ? 'end' : 'text';
    const next = nextText(end ?? index);
    reader.readLine(plain, lineStart, was, {
      next,
      prose: wrappedProse(plain, next, width),
      wrapped: end !== undefined,
    });
  });
  let masked = text;
  for (const l of blanked)
    masked = masked.slice(0, l.start) + ' '.repeat(l.text.length) + masked.slice(l.end);
  return assemble(masked, reader.blocks, reader.groups, reader.families, lx.empty);
}
