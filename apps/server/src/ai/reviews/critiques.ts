import { alternation, sentenceSpans } from '../text/index.ts';
import { headingKey, reviewLayouts } from './layouts.ts';

/**
 * Reviewers' comments read into critiques (issue 27 §1; ADR 0330): an NIH summary statement
 * (resume and summary of discussion, Critique 1…n with criteria and Strengths/Weaknesses bullets,
 * impact score and percentile, or the 2025 factors), CIHR/NSERC/SSHRC reviewer reports and
 * committee notes, NSF panel summaries, reviews and GRFP rating sheets, or the user's own notes.
 *
 * Pure and offline: the layouts are data (review-layouts.json); sentences come from the one
 * language layer. Every critique quotes the reviewer's own words: `start`/`end` index into the
 * text as given (line breaks normalised to "\n"), and `quote` is that slice with its white space
 * collapsed, so nothing is reworded.
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

interface Line {
  text: string;
  start: number;
  end: number;
}

interface Block {
  source: string | null;
  criterion: string | null;
  kind: CritiqueKind | null;
  /** Items: a bullet each, or a paragraph to be read sentence by sentence. */
  items: { start: number; end: number; bullet: boolean }[];
}

const BULLET = /^\s*(?:[•●▪◦·‣∙*–—-]|o(?=\s)|\(?\d{1,2}[.)](?=\s)|\(?[a-h][.)](?=\s))\s*/u;

let matchers:
  | {
      criteria: Map<string, { name: string; family: string }>;
      named: Map<string, string>;
      strength: Set<string>;
      weakness: Set<string>;
      ignored: Set<string>;
      empty: Set<string>;
      reviewer: RegExp;
      weakCue: RegExp;
      strongCue: RegExp;
      notWeak: RegExp;
      ratings: string[];
    }
  | undefined;

function lexicon() {
  if (matchers) return matchers;
  const l = reviewLayouts();
  const criteria = new Map<string, { name: string; family: string }>();
  for (const f of l.families)
    for (const c of f.criteria)
      for (const h of c.headers)
        if (!criteria.has(headingKey(h))) criteria.set(headingKey(h), { name: c.name, family: f.family });
  const named = new Map<string, string>();
  for (const s of l.namedSources) for (const h of s.headers) named.set(headingKey(h), s.name);
  const keys = (list: string[]) => new Set(list.map(headingKey));
  const words = (list: string[]) =>
    new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(list)})(?![\\p{L}\\p{N}])`, 'giu');
  matchers = {
    criteria,
    named,
    strength: keys(l.strengthHeadings),
    weakness: keys(l.weaknessHeadings),
    ignored: keys(l.ignoredHeadings),
    empty: keys(l.emptyItems),
    reviewer: new RegExp(
      `^\\s*(?:${alternation(l.reviewerHeadings)})\\s*(?:#|no\\.?|number)?\\s*(\\d{1,2}|[A-F])\\b\\s*[:.)–—-]?\\s*`,
      'iu',
    ),
    weakCue: words(l.weaknessCues),
    strongCue: words(l.strengthCues),
    notWeak: words(l.notWeaknessAfter),
    ratings: l.families.flatMap((f) => f.ratings ?? []).sort((a, b) => b.length - a.length),
  };
  return matchers;
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

/** Page furniture a PDF paste carries: page numbers, print dates, the rating sheet's placeholders. */
const FURNITURE =
  /^\s*(?:page\s+\d+(?:\s+of\s+\d+)?|\d+\s+of\s+\d+|date printed:.*|blank row|application year:.*|applicant id:.*|score for .*|summary statement|privileged communication.*|-+|=+|_+)\s*$/iu;

/** Numbers a line states as a score: "Impact Score: 35", "PERCENTILE: 12", "Approach: 3". */
const SCORE_LINE =
  /^\s*(overall impact score|impact score|impact\/priority score|priority score|overall impact|final score|percentile|score|rating|overall rating|overall score)\s*[:=]?\s*([0-9]+(?:\.[0-9]+)?(?:\s*%)?|[A-Za-z][A-Za-z ]{2,30})\s*$/iu;

export function parseReviews(input: string): ParsedReviews {
  const text = input.replace(/\r\n?/g, '\n');
  const lx = lexicon();
  const facts: ReviewFact[] = [];
  const blocks: Block[] = [];
  const families = new Map<string, number>();
  let source: string | null = null;
  let implicitReviewers = 0;
  let criterion: string | null = null;
  let kind: CritiqueKind | null = null;
  let seenInSource = new Set<string>();
  let block: Block | null = null;
  let pendingRating: string | null = null;
  let open: Block['items'][number] | null = null;

  const startBlock = () => {
    block = { source, criterion, kind, items: [] };
    blocks.push(block);
    open = null;
  };
  const setSource = (name: string) => {
    source = name;
    criterion = null;
    kind = null;
    seenInSource = new Set();
    startBlock();
  };
  const setCriterion = (name: string, family: string) => {
    families.set(family, (families.get(family) ?? 0) + 1);
    // "Broader Impacts Criterion" then "Overall Assessment of Broader Impacts": one criterion.
    if (name === criterion) return;
    // A criterion met again without a reviewer heading between starts the next reviewer: the
    // rating sheets and pasted reviews that list the reviewers one after another say so no other way.
    if (seenInSource.has(name) && (source === null || /^Reviewer \d+$/.test(source))) {
      implicitReviewers = Math.max(implicitReviewers, source === null ? 1 : Number(source.split(' ')[1]));
      implicitReviewers += 1;
      setSource(`Reviewer ${implicitReviewers}`);
    }
    seenInSource.add(name);
    criterion = name;
    kind = null;
    startBlock();
  };
  const fact = (name: string, value: string) =>
    facts.push({ source: source ?? 'Reviewer 1', name, value: value.trim() });

  for (const line of linesOf(text)) {
    const trimmed = line.text.trim();
    if (!trimmed || FURNITURE.test(trimmed)) {
      open = null; // a blank line ends a paragraph
      continue;
    }
    const lead = line.text.length - line.text.trimStart().length;
    const lineStart = line.start + lead;

    // A rating printed on the line after its heading (GRFP: "Overall Assessment of Intellectual Merit" / "Excellent").
    if (pendingRating) {
      const rating = lx.ratings.find((r) => headingKey(r) === headingKey(trimmed));
      const name = pendingRating;
      pendingRating = null;
      if (rating) {
        fact(`${name} rating`, trimmed);
        continue;
      }
    }

    const score = SCORE_LINE.exec(trimmed);
    if (score && (/\d/.test(score[2]!) || lx.ratings.some((r) => headingKey(r) === headingKey(score[2]!)))) {
      const label = score[1]!.toLowerCase();
      const name = label.includes('percentile')
        ? 'Percentile'
        : /impact|priority|final/.test(label)
          ? 'Impact score'
          : criterion
            ? `${criterion} ${label.includes('rating') ? 'rating' : 'score'}`
            : label.includes('rating')
              ? 'Rating'
              : 'Score';
      fact(name, score[2]!);
      continue;
    }

    const reviewer = lx.reviewer.exec(trimmed);
    if (reviewer) {
      const rest = trimmed.slice(reviewer[0].length);
      const restKey = headingKey(rest);
      // "Review 1" alone, or before a heading or prose; "Reviewer 1 thought…" is prose, not a heading.
      if (!rest || reviewer[0].trimEnd().match(/[:.)–—-]$/) || lx.criteria.has(restKey)) {
        const id = reviewer[1]!;
        setSource(`Reviewer ${/^\d+$/.test(id) ? Number(id) : id.toUpperCase()}`);
        if (/^\d+$/.test(id)) implicitReviewers = Math.max(implicitReviewers, Number(id));
        if (rest) handleContent(rest, lineStart + reviewer[0].length);
        continue;
      }
    }

    handleContent(trimmed, lineStart);
  }

  function handleContent(content: string, at: number) {
    const whole = headingKey(content);
    const named = lx.named.get(whole);
    if (named) return setSource(named);
    if (/^overall assessment of /i.test(content)) {
      const c = lx.criteria.get(whole);
      if (c) {
        if (criterion !== c.name) setCriterion(c.name, c.family);
        pendingRating = c.name;
        return;
      }
    }
    const crit = lx.criteria.get(whole);
    if (crit && content.length <= 90) return setCriterion(crit.name, crit.family);
    if (lx.strength.has(whole) || lx.weakness.has(whole)) {
      kind = lx.strength.has(whole) ? 'strength' : 'weakness';
      return startBlock();
    }
    if (lx.ignored.has(whole)) return;
    // A rating alone on its line ("Excellent", "Appropriate") is the criterion's rating, not praise.
    if (criterion && isRating(content)) return fact(`${criterion} rating`, content);
    // "Strengths: …", "Approach: …", "Summary of Discussion: …" with the text on the same line.
    const colon = content.indexOf(':');
    if (colon > 0 && colon <= 60) {
      const head = headingKey(content.slice(0, colon));
      const rest = content.slice(colon + 1);
      const restAt = at + colon + 1 + (rest.length - rest.trimStart().length);
      const namedInline = lx.named.get(head);
      const critInline = lx.criteria.get(head);
      const kindInline = lx.strength.has(head) ? 'strength' : lx.weakness.has(head) ? 'weakness' : null;
      if (namedInline || critInline || kindInline) {
        if (namedInline) setSource(namedInline);
        else if (critInline) {
          setCriterion(critInline.name, critInline.family);
          // "Approach: 4", "Panel Recommendation: Competitive", "… Intellectual Merit: Excellent".
          const value = rest.trim();
          if (/^\d+(?:\.\d+)?$/.test(value)) return fact(`${critInline.name} score`, value);
          if (isRating(value)) return fact(`${critInline.name} rating`, value);
        } else {
          kind = kindInline;
          startBlock();
        }
        if (rest.trim()) addText(rest.trim(), restAt);
        return;
      }
    }
    addText(content, at);
  }

  function isRating(value: string) {
    return lx.ratings.some((r) => headingKey(r) === headingKey(value));
  }

  function addText(content: string, at: number) {
    if (!block) startBlock();
    const b = block!;
    const bullet = BULLET.exec(content);
    if (bullet && bullet[0].length < content.length) {
      open = { start: at + bullet[0].length, end: at + content.length, bullet: true };
      b.items.push(open);
      return;
    }
    if (open) open.end = at + content.length;
    else {
      open = { start: at, end: at + content.length, bullet: false };
      b.items.push(open);
    }
  }

  const critiques: Critique[] = [];
  const anySource = blocks.some((b) => b.source !== null);
  const anyCriterion = blocks.some((b) => b.criterion !== null);
  for (const b of blocks) {
    const src = b.source ?? (anySource || anyCriterion ? 'Reviewer 1' : 'Notes');
    const crit = b.criterion ?? (b.source === 'Summary of discussion' ? 'Overall Impact' : 'General');
    for (const item of b.items) {
      // A bullet under "Strengths"/"Weaknesses" is one critique; prose is read sentence by sentence.
      const pieces =
        item.bullet && b.kind
          ? [{ start: item.start, end: item.end }]
          : sentencesIn(text, item.start, item.end);
      for (const p of pieces) {
        const quote = collapse(text.slice(p.start, p.end));
        if (!quote || lx.empty.has(headingKey(quote)) || !/\p{L}{2}/u.test(quote)) continue;
        const k = b.kind ?? polarity(quote);
        if (!k) continue;
        critiques.push({ source: src, criterion: crit, kind: k, quote, start: p.start, end: p.end });
      }
    }
  }
  for (const f of facts) if (f.source === 'Reviewer 1' && !anySource && !anyCriterion) f.source = 'Notes';

  const top = [...families.entries()].sort((a, b) => b[1] - a[1])[0];
  const layout = (top?.[0] ?? 'notes') as ParsedReviews['layout'];
  return { layout, critiques, facts };
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Sentences of a paragraph that a PDF wrapped across lines: the breaks become spaces, offsets kept. */
function sentencesIn(text: string, start: number, end: number) {
  const joined = text.slice(start, end).replace(/\n/g, ' ');
  return sentenceSpans(joined, 'en').map((s) => ({ start: start + s.start, end: start + s.end }));
}

/**
 * Whether a sentence of prose praises or criticises. Any criticism makes it a weakness (the plan
 * must answer it, even inside praise: "Although the record is strong, the aims are unclear"); a
 * question put to the applicant is one too; otherwise praise makes it a strength, and a sentence
 * that only describes the project is no critique.
 */
export function polarity(sentence: string): CritiqueKind | null {
  const lx = lexicon();
  const cleared = sentence.replace(lx.notWeak, ' ');
  if (/\?\s*$/.test(sentence)) return 'weakness';
  lx.weakCue.lastIndex = 0;
  if (lx.weakCue.test(cleared)) return 'weakness';
  lx.strongCue.lastIndex = 0;
  if (lx.strongCue.test(cleared)) return 'strength';
  return null;
}
