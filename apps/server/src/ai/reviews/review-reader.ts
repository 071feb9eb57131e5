import { headingKey } from './layouts.ts';
import type { Block, CritiqueKind, Group } from './review-assemble.ts';
import {
  endsOnKind,
  headingKind,
  headingShaped,
  inlineMarkers,
  labelShaped,
  numberedHeading,
  trailingHeading,
  type ReviewLexicon,
} from './review-lines.ts';

/**
 * The critique parser's reading state (ADR 0750, ADR 0840): one line at a time, it follows the
 * structure (sources, criteria, Strengths/Weaknesses, bullets) and files text into blocks, which
 * review-assemble.ts turns into critiques. critiques.ts feeds it the lines, with what it knows of
 * each line's neighbours.
 */

/** What the line before was: a sentence's end, a heading (whose next line may be its subtitle), or text. */
export type Before = 'start' | 'heading' | 'end' | 'text';

/** A line as the reader sees it, with what its neighbours say about it. */
export interface LineContext {
  /** The line after, as printed (a lower-case start there means this one wraps a sentence). */
  next: string | undefined;
  /** A wrapped line of prose that happens to look like a heading (review-lines.ts `wrappedProse`). */
  prose: boolean;
  /** A form's heading printed over several lines, read whole (critiques.ts `wrappedHeadings`). */
  wrapped?: boolean;
}

type Item = Block['items'][number];

/** The family a criterion no layout names is filed under (it never decides the layout). */
export const UNNAMED = 'unnamed';

/** An administrative item's finding that the resubmission must answer (ADR 1166). */
const UNACCEPTABLE = /\b(?:unacceptable|inadequate)\b/iu;

/** "Candidate: 2", "Approach: 4": a criterion's score printed on its own line. */
const SCORE_AFTER_COLON = /^(.{3,90}?)\s*:\s*(\d{1,2}(?:\.\d+)?)\s*$/u;

export class ReviewReader {
  readonly blocks: Block[] = [];
  readonly groups: Group[] = [{ named: null, criteria: 0, known: 0, opened: 'start', facts: [] }];
  readonly families = new Map<string, number>();
  before: Before = 'start';
  private criterion: string | null = null;
  private kind: CritiqueKind | null = null;
  /** Criteria that held text or a rating in this source: meeting one again starts the next reviewer. */
  private seen = new Set<string>();
  private block: Block | null = null;
  private open: Item | null = null;
  /** The last item and whether its text ended a sentence: a lower-case line after a page break continues it. */
  private last: { item: Item; ended: boolean } | null = null;
  private bulletNext = false;
  private pendingRating: string | null = null;
  /** Inside text that is not the reviewers' (the applicant's description, a notice, the roster). */
  private skipping = false;

  constructor(private readonly lx: ReviewLexicon) {}

  private group() {
    return this.groups[this.groups.length - 1]!;
  }

  private startBlock() {
    this.block = { group: this.groups.length - 1, criterion: this.criterion, kind: this.kind, items: [] };
    this.blocks.push(this.block);
    this.open = null;
    this.last = null;
  }

  newGroup(named: string | null, opened: Group['opened']) {
    this.groups.push({ named, criteria: 0, known: 0, opened, facts: [] });
    this.criterion = null;
    this.kind = null;
    this.seen = new Set();
    this.startBlock();
  }

  /** A rule between reviews: what follows is the next source, if anything came before it. */
  rule() {
    const g = this.group();
    const hasText = this.blocks.some((b) => b.group === this.groups.length - 1 && b.items.length > 0);
    if (hasText || g.criteria > 0 || g.facts.length > 0) this.newGroup(null, 'rule');
    this.skipping = false;
    this.before = 'start';
    this.paragraphEnds();
  }

  /** A blank or dropped line ends a paragraph; a lone bullet mark opens the next item. */
  paragraphEnds() {
    this.open = null;
  }

  private setCriterion(name: string, family: string, repeatStartsReviewer = true) {
    if (family !== UNNAMED) {
      this.families.set(family, (this.families.get(family) ?? 0) + 1);
      this.group().known += 1;
    }
    // "Broader Impacts Criterion" then "Overall Assessment of Broader Impacts": one criterion.
    if (name === this.criterion) return;
    // A criterion met again with no reviewer heading between starts the next reviewer: the
    // rating sheets and pasted reviews that list the reviewers one after another say so no other way.
    const named = this.group().named;
    if (repeatStartsReviewer && this.seen.has(name) && (named === null || /^Reviewer \d+$/.test(named)))
      this.newGroup(null, 'repeat');
    this.group().criteria += 1;
    this.criterion = name;
    this.kind = null;
    this.startBlock();
  }

  private setKind(k: CritiqueKind) {
    this.kind = k;
    this.startBlock();
  }

  private fact(name: string, value: string) {
    this.group().facts.push({ source: '', name, value: value.trim() });
  }

  private isRating(value: string) {
    return this.lx.ratings.some((r) => headingKey(r) === headingKey(value));
  }

  /** A line the layouts name as structure: it ends a skipped passage, and page-edge detection keeps it. */
  isStructure(line: string, withRatings = true): boolean {
    const key = headingKey(line);
    const head = headingKey(line.split(':')[0]!);
    const lx = this.lx;
    return (
      [key, head].some((k) => lx.criteria.has(k) || lx.named.has(k) || headingKind(k) !== null) ||
      lx.reviewer.test(line) ||
      (withRatings && (lx.ignored.has(key) || this.isRating(line)))
    );
  }

  /** A bullet mark alone on its line (PDFs print "•" apart from its text): the next text is a bullet. */
  bulletMark() {
    this.bulletNext = true;
    this.open = null;
  }

  readLine(trimmed: string, lineStart: number, was: Before, ctx: LineContext) {
    this.dispatch(trimmed, lineStart, was, ctx);
    // A lone bullet mark belongs to the text line right after it, never to a later one.
    this.bulletNext = false;
  }

  private dispatch(trimmed: string, lineStart: number, was: Before, ctx: LineContext) {
    const lx = this.lx;
    if (this.skipping) {
      if (!this.isStructure(trimmed, false)) return;
      this.skipping = false;
    }
    // Text that is not the reviewers' ("DESCRIPTION (provided by applicant): …", "MEETING ROSTER").
    if (lx.skipped(trimmed)) {
      this.skipping = true;
      this.open = null;
      return;
    }
    // A rating printed on the line after its heading (GRFP: "Overall Assessment of Intellectual Merit" / "Excellent").
    if (this.pendingRating) {
      const name = this.pendingRating;
      this.pendingRating = null;
      if (this.isRating(trimmed)) return this.rating(`${name} rating`, trimmed);
    }
    const score = lx.scoreLine(trimmed);
    if (score) return this.fact(this.scoreName(score.label), score.value);
    const reviewer = lx.reviewer.exec(trimmed);
    if (reviewer) {
      const rest = trimmed.slice(reviewer[0].length);
      // "Review 1" alone, or before a heading or prose; "Reviewer 1 thought…" is prose, not a heading.
      // "Review 1 (Very Good)": the reviewer's rating in parentheses is a fact.
      const rated = /^\(([^()]{2,30})\)$/u.exec(rest);
      if (!rest || rated || reviewer[0].trimEnd().match(/[:.)–—-]$/) || lx.criteria.has(headingKey(rest))) {
        const id = reviewer[1]!;
        this.newGroup(`Reviewer ${/^\d+$/.test(id) ? Number(id) : id.toUpperCase()}`, 'named');
        if (rated) this.fact('Rating', rated[1]!);
        else if (rest) this.content(rest, lineStart + reviewer[0].length, 'heading', ctx);
        this.before = rest ? this.before : 'heading';
        return;
      }
    }
    this.content(trimmed, lineStart, was, ctx);
  }

  private scoreName(label: string) {
    const l = label.toLowerCase();
    if (l.includes('percentile')) return 'Percentile';
    if (/impact|priority|final/.test(l)) return 'Impact score';
    const rating = l.includes('rating');
    if (this.criterion) return `${this.criterion} ${rating ? 'rating' : 'score'}`;
    return rating ? 'Rating' : 'Score';
  }

  /** A rating under a criterion: a fact, and the criterion counts as met in this source. */
  private rating(name: string, value: string) {
    if (this.criterion) this.seen.add(this.criterion);
    this.fact(name, value);
  }

  /**
   * An administrative item's finding on its own line or after its label. An Unacceptable one
   * ("Unacceptable Risks and/or Inadequate Protections") opens a block of weaknesses that keeps the
   * line, so that a finding with no comment after it is still a weakness to answer (ADR 1166).
   * Whether it is a finding at all: the item is administrative and the value a rating, or says
   * Unacceptable / Inadequate. Other lines are left to the rest of the reader.
   */
  private finding(value: string, start: number, end: number): boolean {
    const crit = this.criterion;
    if (!crit || !this.lx.administrative.has(crit)) return false;
    const unacceptable = UNACCEPTABLE.test(value) && value.length <= 80;
    if (!unacceptable && !this.isRating(value)) return false;
    this.rating(`${crit} rating`, value);
    if (unacceptable) {
      this.kind = 'weakness';
      this.startBlock();
      this.block!.finding = { start, end };
    }
    return true;
  }

  private heading() {
    this.before = 'heading';
  }

  private content(line: string, at: number, was: Before, ctx: LineContext) {
    const lx = this.lx;
    // "Criterion I: Intellectual Merit", "Criterion 2 – Broader Impacts": the criterion is the name.
    const numbered = /^criterion\s+(?:[IVX]{1,4}|\d{1,2})\s*[:.–—-]\s*(?=\p{Lu})/iu.exec(line);
    const content = numbered ? line.slice(numbered[0].length) : line;
    if (numbered) at += numbered[0].length;
    const whole = headingKey(content);
    // "N/A", "None" alone on a line answer a form's question; they are never a heading.
    if (lx.empty.has(whole)) return this.addText(content, at);
    const named = lx.named.get(whole) ?? lx.named.get(trailingHeading(content) ?? '');
    if (named) return (this.newGroup(named, 'named'), this.heading());
    const crit = lx.criteria.get(whole);
    if (crit && /^overall assessment of /i.test(content)) {
      if (this.criterion !== crit.name) this.setCriterion(crit.name, crit.family);
      this.pendingRating = crit.name;
      return this.heading();
    }
    if (crit && (content.length <= 90 || ctx.wrapped))
      return (this.setCriterion(crit.name, crit.family), this.heading());
    const headed = headingKind(whole);
    if (headed) return (this.setKind(headed), this.heading());
    if (lx.ignored.has(whole)) return this.heading();
    if (this.finding(content, at, at + content.length)) return;
    // A rating alone on its line ("Excellent", "Appropriate") is the criterion's rating, not praise.
    if (this.criterion && this.isRating(content)) return this.rating(`${this.criterion} rating`, content);
    // A review form's own question, answered under it (the fifth part, ADR 0950): NSF's numbered
    // review elements ("3. Is the plan for carrying out the proposed activities well-reasoned …?")
    // followed by "Strengths:" / "Weaknesses:" are criteria, kept as printed without their number;
    // a prompt answered "N/A" ("If this is a resubmission, how have previous reviews been
    // addressed?") is nothing. Neither is a question the reviewer puts to the applicant.
    if (content.endsWith('?') && was !== 'text' && ctx.next !== undefined) {
      const answer = ctx.next.trim();
      if (lx.empty.has(headingKey(answer))) return (this.paragraphEnds(), this.heading());
      const number = /^\d{1,2}[.)]\s+(?=\p{Lu})/u.exec(content);
      if (number && headingKind(headingKey(answer.split(':')[0]!)) !== null) {
        // The form asks its questions again for each merit criterion ("broader impacts" then "1. …"
        // once more): asked again, a question is the same reviewer's, not the next one's.
        this.setCriterion(content.slice(number[0].length).replace(/\s+/g, ' '), UNNAMED, false);
        return this.heading();
      }
    }
    // "2. Career Development Plan:": a numbered heading no layout names, kept without its number.
    const numberedName = numberedHeading(content);
    if (numberedName && (was !== 'text' || content.endsWith(':'))) {
      this.setCriterion(numberedName, UNNAMED);
      return this.heading();
    }
    // A heading no layout names, kept as printed: after a finished sentence, shaped as a heading,
    // and not a wrapped line of prose. The line right under a heading is its subtitle ("Merit of
    // application for …"), not another.
    if (headingShaped(content) && !ctx.prose && was !== 'text') {
      if (was !== 'heading') this.setCriterion(content.replace(/\s+/g, ' '), UNNAMED);
      return this.heading();
    }
    if (this.inlineHeading(content, at, was)) return;
    this.addMarkedText(content, at);
  }

  /** "Strengths: …", "Approach: …", "Summary of Discussion: …": a heading with its text on the same line. */
  private inlineHeading(content: string, at: number, was: Before): boolean {
    const lx = this.lx;
    const colon = content.indexOf(':');
    if (colon <= 0 || colon > 120) return false;
    const headText = content.slice(0, colon);
    const head = headingKey(headText);
    const rest = content.slice(colon + 1);
    const value = rest.trim();
    const restAt = at + colon + 1 + (rest.length - rest.trimStart().length);
    const namedInline = lx.named.get(head);
    const critInline = lx.criteria.get(head);
    let kindInline = headingKind(head);
    if (!namedInline && !critInline && !kindInline) {
      // "Comments on Format (Required):" alone on its line: a label over the text that follows, in
      // title case (a sentence that opens a list, "The panel noted the following:", is not one).
      // "Intellectual Weaknesses:" is no label: its last word switches the kind (below).
      if (!value && was !== 'text' && labelShaped(headText) && !endsOnKind(content))
        return (this.paragraphEnds(), true);
      // "Candidate: 2": a criterion no layout names, with its score.
      const scored = SCORE_AFTER_COLON.exec(content);
      if (scored && headingShaped(scored[1]!)) {
        this.fact(`${scored[1]!.replace(/\s+/g, ' ')} score`, scored[2]!);
        return true;
      }
      // A heading merged with its first marker on one line by the PDF ("Project Management Strengths:").
      // The marker is the last word or two ("Strengths", "Major Weaknesses"), the heading before it.
      const marker = [/\s(\p{L}+)$/u, /\s(\p{L}+\s\p{L}+)$/u]
        .map((re) => re.exec(headText))
        .find((m) => m && headingKind(headingKey(m[1]!)));
      const prefix = marker ? headText.slice(0, marker.index) : '';
      if (!marker || !headingShaped(prefix) || was === 'text') return false;
      // "Intellectual Strengths:" under "Intellectual Merit", "Broader Impact Weaknesses:" under
      // "Broader Impacts": the words name the criterion already open, so only the kind changes.
      const current = headingKey(this.criterion ?? '');
      const first = headingKey(prefix).split(' ')[0]!;
      if (!current || !current.startsWith(first))
        this.setCriterion(prefix.trim().replace(/\s+/g, ' '), UNNAMED);
      kindInline = headingKind(headingKey(marker[1]!));
    }
    if (namedInline) this.newGroup(namedInline, 'named');
    else if (critInline) {
      this.setCriterion(critInline.name, critInline.family);
      // "Approach: 4", "Panel Recommendation: Competitive", "… Intellectual Merit: Excellent".
      if (/^\d+(?:\.\d+)?$/.test(value)) return (this.fact(`${critInline.name} score`, value), true);
      if (this.finding(value, at, at + content.length)) return true;
      if (this.isRating(value)) return (this.rating(`${critInline.name} rating`, value), true);
    } else this.setKind(kindInline!);
    if (value) this.addMarkedText(value, restAt);
    return true;
  }

  /** Text, switching kind where an inline marker starts a sentence ("… are. weaknesses: none"). */
  private addMarkedText(content: string, at: number) {
    let from = 0;
    for (const m of inlineMarkers(content)) {
      if (m.at > from) this.addText(content.slice(from, m.at).trimEnd(), at + from);
      this.setKind(m.kind);
      from = m.textAt + (content.slice(m.textAt).length - content.slice(m.textAt).trimStart().length);
    }
    if (from < content.length) this.addText(content.slice(from), at + from);
  }

  private addText(content: string, at: number) {
    if (!content) return;
    if (!this.block) this.startBlock();
    const b = this.block!;
    if (this.criterion) this.seen.add(this.criterion);
    const ended = /[.!?…]["”’)]?\s*$/.test(content);
    const bullet = this.lx.bullet.exec(content);
    if (this.bulletNext || (bullet && bullet[0].length < content.length)) {
      const skip = bullet && bullet[0].length < content.length ? bullet[0].length : 0;
      this.bulletNext = false;
      this.open = { start: at + skip, end: at + content.length, bullet: true };
      b.items.push(this.open);
    } else if (this.open) this.open.end = at + content.length;
    else if (this.last && !this.last.ended && /^\p{Ll}/u.test(content)) {
      // A sentence a page break or a blank line cut: the lower-case line goes on with it.
      this.open = this.last.item;
      this.open.end = at + content.length;
    } else {
      this.open = { start: at, end: at + content.length, bullet: false };
      b.items.push(this.open);
    }
    this.last = { item: this.open, ended };
  }
}
