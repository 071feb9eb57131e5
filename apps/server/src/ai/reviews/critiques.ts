import { alternation, furnitureLines } from '../text/index.ts';
import { headingKey, reviewLayouts } from './layouts.ts';
import {
  assemble,
  type Block,
  type CritiqueKind,
  type Group,
  type ParsedReviews,
} from './review-assemble.ts';
import {
  endsSentence,
  headingKind,
  headingShaped,
  inlineMarkers,
  isPlaceholder,
  isRule,
  trailingHeading,
} from './review-lines.ts';

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
 * sentence's own words decide its kind only where no structure does. Every critique quotes the reviewer's own words: `start`/`end` index into the
 * text as given (line breaks normalised to "\n"), and `quote` is that slice with its white space
 * collapsed, so nothing is reworded.
 */

interface Line {
  text: string;
  start: number;
  end: number;
}

const BULLET = /^\s*(?:[•●▪◦·‣∙*–—-]|o(?=\s)|\(?\d{1,2}[.)](?=\s)|\(?[a-h][.)](?=\s))\s*/u;

let matchers:
  | {
      criteria: Map<string, { name: string; family: string }>;
      named: Map<string, string>;
      ignored: Set<string>;
      empty: Set<string>;
      reviewer: RegExp;
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
  matchers = {
    criteria,
    named,
    ignored: keys(l.ignoredHeadings),
    empty: keys(l.emptyItems),
    reviewer: new RegExp(
      `^\\s*(?:${alternation(l.reviewerHeadings)})\\s*(?:#|no\\.?|number)?\\s*(\\d{1,2}|[A-F])\\b\\s*[:.)–—-]?\\s*`,
      'iu',
    ),
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

/** Numbers a line states as a score: "Impact Score: 35", "PERCENTILE: 12", "Approach: 3". */
const SCORE_LINE =
  /^\s*(overall impact score|impact score|impact\/priority score|priority score|overall impact|final score|percentile|score|rating|overall rating|overall score)\s*[:=]?\s*([0-9]+(?:\.[0-9]+)?(?:\s*%)?|[A-Za-z][A-Za-z ]{2,30})\s*$/iu;

/** The family a criterion no layout names is filed under (it never decides the layout). */
const UNNAMED = 'unnamed';

export function parseReviews(input: string): ParsedReviews {
  const text = input.replace(/\r\n?/g, '\n');
  const lx = lexicon();
  const blocks: Block[] = [];
  const groups: Group[] = [{ named: null, criteria: 0, facts: [] }];
  const families = new Map<string, number>();
  let criterion: string | null = null;
  let kind: CritiqueKind | null = null;
  let seenInGroup = new Set<string>();
  let block: Block | null = null;
  let pendingRating: string | null = null;
  let open: Block['items'][number] | null = null;
  /** The line before: a sentence's end, a heading (whose next heading line is its subtitle), or text. */
  let before: 'start' | 'heading' | 'end' | 'text' = 'start';

  const group = () => groups[groups.length - 1]!;
  const groupHasText = () => blocks.some((b) => b.group === groups.length - 1 && b.items.length > 0);
  const startBlock = () => {
    block = { group: groups.length - 1, criterion, kind, items: [] };
    blocks.push(block);
    open = null;
  };
  const newGroup = (named: string | null) => {
    groups.push({ named, criteria: 0, facts: [] });
    criterion = null;
    kind = null;
    seenInGroup = new Set();
    startBlock();
  };
  const setCriterion = (name: string, family: string) => {
    if (family !== UNNAMED) families.set(family, (families.get(family) ?? 0) + 1);
    // "Broader Impacts Criterion" then "Overall Assessment of Broader Impacts": one criterion.
    if (name === criterion) return;
    // A criterion met again with no reviewer heading between starts the next reviewer: the
    // rating sheets and pasted reviews that list the reviewers one after another say so no other way.
    const named = group().named;
    if (seenInGroup.has(name) && (named === null || /^Reviewer \d+$/.test(named))) newGroup(null);
    seenInGroup.add(name);
    group().criteria += 1;
    criterion = name;
    kind = null;
    startBlock();
  };
  const setKind = (k: CritiqueKind) => {
    kind = k;
    startBlock();
  };
  const fact = (name: string, value: string) => group().facts.push({ source: '', name, value: value.trim() });
  const isRating = (value: string) => lx.ratings.some((r) => headingKey(r) === headingKey(value));
  const isStructure = (line: string) => {
    const key = headingKey(line);
    const head = headingKey(line.split(':')[0]!);
    return (
      [key, head].some(
        (k) => lx.criteria.has(k) || lx.named.has(k) || lx.ignored.has(k) || headingKind(k) !== null,
      ) ||
      lx.reviewer.test(line) ||
      isRating(line)
    );
  };

  const lines = linesOf(text);
  const furniture = furnitureLines(
    lines.map((l) => l.text),
    { repeated: false, pageEdges: true },
  );
  lines.forEach((line, index) => {
    const trimmed = line.text.replace(/\f/g, '').trim();
    if (isRule(trimmed)) {
      // The rule a panel's sheet draws between reviews: what follows is the next source.
      if (groupHasText() || group().criteria > 0 || group().facts.length > 0) newGroup(null);
      before = 'start';
      open = null;
      return;
    }
    // A line the layouts name is structure even where it tops every page ("Intellectual Merit Criterion").
    const dropped = furniture[index] && !isStructure(trimmed);
    if (!trimmed || dropped || isPlaceholder(trimmed)) {
      open = null; // a blank line ends a paragraph
      if (!trimmed) before = before === 'heading' ? 'heading' : 'start';
      return;
    }
    const lineStart = line.start + line.text.indexOf(trimmed);
    const was = before;
    before = endsSentence(trimmed) ? 'end' : 'text';
    readLine(trimmed, lineStart, was);
  });

  function readLine(trimmed: string, lineStart: number, was: typeof before) {
    // A rating printed on the line after its heading (GRFP: "Overall Assessment of Intellectual Merit" / "Excellent").
    if (pendingRating) {
      const name = pendingRating;
      pendingRating = null;
      if (isRating(trimmed)) return fact(`${name} rating`, trimmed);
    }
    const score = SCORE_LINE.exec(trimmed);
    if (score && (/\d/.test(score[2]!) || isRating(score[2]!))) {
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
      return fact(name, score[2]!);
    }
    const reviewer = lx.reviewer.exec(trimmed);
    if (reviewer) {
      const rest = trimmed.slice(reviewer[0].length);
      // "Review 1" alone, or before a heading or prose; "Reviewer 1 thought…" is prose, not a heading.
      if (!rest || reviewer[0].trimEnd().match(/[:.)–—-]$/) || lx.criteria.has(headingKey(rest))) {
        const id = reviewer[1]!;
        newGroup(`Reviewer ${/^\d+$/.test(id) ? Number(id) : id.toUpperCase()}`);
        if (rest) handleContent(rest, lineStart + reviewer[0].length, 'heading');
        before = rest ? before : 'heading';
        return;
      }
    }
    handleContent(trimmed, lineStart, was);
  }

  function handleContent(content: string, at: number, was: typeof before) {
    const whole = headingKey(content);
    const named = lx.named.get(whole) ?? lx.named.get(trailingHeading(content) ?? '');
    if (named) {
      newGroup(named);
      before = 'heading';
      return;
    }
    const crit = lx.criteria.get(whole);
    if (crit && /^overall assessment of /i.test(content)) {
      if (criterion !== crit.name) setCriterion(crit.name, crit.family);
      pendingRating = crit.name;
      before = 'heading';
      return;
    }
    if (crit && content.length <= 90) {
      setCriterion(crit.name, crit.family);
      before = 'heading';
      return;
    }
    const headed = headingKind(whole);
    if (headed) {
      setKind(headed);
      before = 'heading';
      return;
    }
    if (lx.ignored.has(whole)) {
      before = 'heading';
      return;
    }
    // A rating alone on its line ("Excellent", "Appropriate") is the criterion's rating, not praise.
    if (criterion && isRating(content)) return fact(`${criterion} rating`, content);
    // A heading no layout names, kept as printed: after a finished sentence, shaped as a heading.
    // The line right under a heading is its subtitle ("Merit of application for …"), not another.
    if (headingShaped(content) && (was === 'start' || was === 'end' || was === 'heading')) {
      if (was !== 'heading') setCriterion(content.replace(/\s+/g, ' '), UNNAMED);
      before = 'heading';
      return;
    }
    if (inlineHeading(content, at, was)) return;
    addMarkedText(content, at);
  }

  /** "Strengths: …", "Approach: …", "Summary of Discussion: …": a heading with its text on the same line. */
  function inlineHeading(content: string, at: number, was: typeof before): boolean {
    const colon = content.indexOf(':');
    if (colon <= 0 || colon > 120) return false;
    const headText = content.slice(0, colon);
    const head = headingKey(headText);
    const rest = content.slice(colon + 1);
    const restAt = at + colon + 1 + (rest.length - rest.trimStart().length);
    const namedInline = lx.named.get(head);
    const critInline = lx.criteria.get(head);
    let kindInline = headingKind(head);
    if (!namedInline && !critInline && !kindInline) {
      // A heading merged with its first marker on one line by the PDF ("Project Management Strengths:").
      // The marker is the last word or two ("Strengths", "Major Weaknesses"), the heading before it.
      const marker = [/\s(\p{L}+)$/u, /\s(\p{L}+\s\p{L}+)$/u]
        .map((re) => re.exec(headText))
        .find((m) => m && headingKind(headingKey(m[1]!)));
      const prefix = marker ? headText.slice(0, marker.index) : '';
      if (!marker || !headingShaped(prefix) || was === 'text') return false;
      setCriterion(prefix.trim().replace(/\s+/g, ' '), UNNAMED);
      kindInline = headingKind(headingKey(marker[1]!));
    }
    if (namedInline) newGroup(namedInline);
    else if (critInline) {
      setCriterion(critInline.name, critInline.family);
      // "Approach: 4", "Panel Recommendation: Competitive", "… Intellectual Merit: Excellent".
      const value = rest.trim();
      if (/^\d+(?:\.\d+)?$/.test(value)) {
        fact(`${critInline.name} score`, value);
        return true;
      }
      if (isRating(value)) {
        fact(`${critInline.name} rating`, value);
        return true;
      }
    } else setKind(kindInline!);
    if (rest.trim()) addMarkedText(rest.trim(), restAt);
    return true;
  }

  /** Text, switching kind where an inline marker starts a sentence ("… are. weaknesses: none"). */
  function addMarkedText(content: string, at: number) {
    let from = 0;
    for (const m of inlineMarkers(content)) {
      if (m.at > from) addText(content.slice(from, m.at).trimEnd(), at + from);
      setKind(m.kind);
      from = m.textAt + (content.slice(m.textAt).length - content.slice(m.textAt).trimStart().length);
    }
    if (from < content.length) addText(content.slice(from), at + from);
  }

  function addText(content: string, at: number) {
    if (!content) return;
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

  return assemble(text, blocks, groups, families, lx.empty);
}
