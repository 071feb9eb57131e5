import { alternation } from '../text/index.ts';
import { headingKey, reviewLayouts } from './layouts.ts';

/**
 * How a line of reviewers' comments reads (ADR 0750): the structure the parser follows before it
 * ever weighs a sentence's words. Headings come from review-layouts.json; a heading no layout
 * names is still recognised by its shape, and kept as printed.
 */

export type Kind = 'strength' | 'weakness';

/** The layouts' words, compiled once for the reader (review-reader.ts). */
export interface ReviewLexicon {
  criteria: Map<string, { name: string; family: string }>;
  /** The names of the funders' administrative items, whose text is no critique (ADR 1121). */
  administrative: Set<string>;
  named: Map<string, string>;
  ignored: Set<string>;
  empty: Set<string>;
  reviewer: RegExp;
  ratings: string[];
  bullet: RegExp;
  /** A line that opens text which is not the reviewers' (the applicant's description, a notice, the roster). */
  skipped: (line: string) => boolean;
  /** "Impact Score: 35", "PERCENTILE: 12", "Approach: 3": a score line's label and value. */
  scoreLine: (line: string) => { label: string; value: string } | null;
  /**
   * A review form's own question copied into the prose, with its number or letter before it and the
   * dash that opens the answer after it ("3. Is the plan … sound rationale? -"), in any wrapping.
   */
  formQuestion: RegExp;
}

// A double hyphen ("-- recently …") is a dash that goes on with a sentence, never a bullet. A
// bullet a PDF set in the Symbol or Wingdings font comes out of pdftotext as a private-use
// character (U+F0B7 "", U+F0A7 "", U+F0D8 "", U+F076 ""): the NIH summary statement of 2017
// marks its Strengths/Weaknesses items so (ADR 1121).
const BULLET =
  /^\s*(?:[•●▪◦·‣∙*–—\u{F0A7}\u{F0B7}\u{F0D8}\u{F076}\u{F0FC}]|-(?!-)|o(?=\s)|\(?\d{1,2}[.)](?=\s)|\(?[a-h][.)](?=\s))\s*/u;
/** A bullet mark printed alone on its line, its text on the next. */
export const isBulletMark = (line: string) =>
  /^[•●▪◦·‣∙*–—\u{F0A7}\u{F0B7}\u{F0D8}\u{F076}\u{F0FC}-]$/u.test(line.trim());

/** Numbers a line states as a score: "Impact Score: 35", "PERCENTILE: 12", "Approach: 3". */
const SCORE_LINE =
  /^\s*(overall impact score|impact score|impact\/priority score|priority score|overall impact|final score|percentile|score|rating|overall rating|overall score)\s*[:=]?\s*([0-9]+(?:\.[0-9]+)?(?:\s*%)?|[A-Za-z][A-Za-z ]{2,30})\s*$/iu;

/** "Multiple Rating: (Excellent/Very Good)", "Rating: Good/Fair": a rating label and its value. */
const RATING_LINE = /^\s*((?:\p{L}+\s+){0,2}rating)\s*:\s*\(?\s*([\p{L} ]+(?:\/[\p{L} ]+)*?)\s*\)?\s*$/iu;

let compiled: ReviewLexicon | undefined;

export function reviewLexicon(): ReviewLexicon {
  if (compiled) return compiled;
  const l = reviewLayouts();
  const criteria = new Map<string, { name: string; family: string }>();
  for (const f of l.families)
    for (const c of f.criteria)
      for (const h of c.headers)
        if (!criteria.has(headingKey(h))) criteria.set(headingKey(h), { name: c.name, family: f.family });
  const named = new Map<string, string>();
  for (const s of l.namedSources) for (const h of s.headers) named.set(headingKey(h), s.name);
  const keys = (list: string[]) => new Set(list.map(headingKey));
  const skippedKeys = [...keys(l.notReviewersText)];
  const ratings = l.families.flatMap((f) => f.ratings ?? []).sort((a, b) => b.length - a.length);
  const isRating = (v: string) => ratings.some((r) => headingKey(r) === headingKey(v));
  compiled = {
    criteria,
    administrative: new Set(
      l.families.flatMap((f) => f.criteria.filter((c) => c.administrative).map((c) => c.name)),
    ),
    named,
    ignored: keys(l.ignoredHeadings),
    empty: keys(l.emptyItems),
    reviewer: new RegExp(
      `^\\s*(?:${alternation(l.reviewerHeadings)})\\s*(?:#|no\\.?|number)?\\s*(\\d{1,2}|[A-F])\\b\\s*[:.)–—-]?\\s*`,
      'iu',
    ),
    ratings,
    bullet: BULLET,
    skipped: (line) => {
      // Its heading: the words before a colon, or the whole line ("MEETING ROSTER").
      const head = headingKey(line.split(':')[0]!);
      return skippedKeys.some((k) => head === k || head.startsWith(`${k} `) || head.endsWith(` ${k}`));
    },
    formQuestion: new RegExp(
      `(?:(?<![\\p{L}\\p{N}])(?:\\d{1,2}|[a-e])[.)]\\s*)?(?:${alternation(l.formQuestions)})(?:\\s*[-–—](?=\\s|\\p{L}))?`,
      'giu',
    ),
    scoreLine: (line) => {
      const m = SCORE_LINE.exec(line);
      if (m && (/\d/.test(m[2]!) || isRating(m[2]!))) return { label: m[1]!, value: m[2]! };
      // "Multiple Rating: (Excellent/Very Good)": ratings a reviewer ticked, in parentheses or not
      // (the tenth part's review page, ADR 1166); every part must be a rating the layouts name.
      const r = RATING_LINE.exec(line);
      const parts = r?.[2]!.split('/') ?? [];
      return r && parts.every((p) => isRating(p)) ? { label: r[1]!, value: r[2]!.trim() } : null;
    },
  };
  return compiled;
}

/**
 * A line without its Markdown marks: reviews that applicants publish or paste as Markdown head
 * their parts "# Review 1 (Good)", "### Criterion I: Intellectual Merit" or "**Strengths**"
 * (ADR 0890's fifth part). Only a heading's leading marks and emphasis around the whole line go.
 */
export function withoutMarkdown(line: string): string {
  const bare = line.replace(/^#{1,6}\s+/u, '').replace(/\s+#+\s*$/u, '');
  const emphasis = /^(\*\*|__)(.+)\1:?$/u.exec(bare);
  return emphasis ? emphasis[2]!.trim() : bare;
}

/**
 * A line without a Markdown quote's marks ("> ", "> > ", or ">" alone): an applicant quoting a
 * review in a post or a paste (the eleventh part, ADR 1166). A ">" that opens text ("&gt;50% of
 * …") has no space after it and stays.
 */
export const withoutQuote = (line: string) => line.replace(/^\s*(?:>(?=\s|$)\s*)+/u, '');

/**
 * A horizontal rule ("=====", "_____", "-----", or "....." as reviews pasted from NSF's site print
 * it, ADR 1123): the line a panel's sheet draws between reviews.
 */
const RULE = /^\s*(?:[=_.-]\s*){5,}$/u;
export const isRule = (line: string) => RULE.test(line);

/** The sheets' own placeholders and print stamps (GRFP "blank row", "Date Printed: …"), never text. */
const PLACEHOLDER =
  /^\s*(?:date printed:.*|blank row|application year:.*|applicant id:.*|score for .*|privileged communication.*)\s*$/iu;
/**
 * NIH prints "SUMMARY STATEMENT" in capitals atop its statement; "Summary Statement" in title case
 * is an NSF review's last box, a heading (ADR 1123).
 */
export const isPlaceholder = (line: string) =>
  PLACEHOLDER.test(line) || /^\s*SUMMARY STATEMENT\s*$/u.test(line);

let kinds: { strength: Set<string>; weakness: Set<string>; marker: RegExp } | undefined;

function kindLexicon() {
  if (kinds) return kinds;
  const l = reviewLayouts();
  kinds = {
    strength: new Set(l.strengthHeadings.map(headingKey)),
    weakness: new Set(l.weaknessHeadings.map(headingKey)),
    // "… results are. weaknesses: no real critiques": a marker where a sentence starts.
    marker: new RegExp(
      `(?:^|(?<=[.!?;]["”’)]?\\s+))(${alternation([...l.strengthHeadings, ...l.weaknessHeadings])})\\s*:`,
      'giu',
    ),
  };
  return kinds;
}

/**
 * The kind a Strengths/Weaknesses heading names, by its words: "Weaknesses", "Major Weaknesses",
 * or one with a qualifier after "of" ("Strengths of the Application", "Negative Aspects of the
 * Proposal").
 */
export function headingKind(key: string): Kind | null {
  const k = kindLexicon();
  const base = key.replace(/ of .+$/, '');
  for (const candidate of [key, base]) {
    if (k.strength.has(candidate)) return 'strength';
    if (k.weakness.has(candidate)) return 'weakness';
  }
  return null;
}

/** Inline markers in a line: where each starts, where its text starts, and the kind it names. */
export function inlineMarkers(line: string): { at: number; textAt: number; kind: Kind }[] {
  const k = kindLexicon();
  const out: { at: number; textAt: number; kind: Kind }[] = [];
  k.marker.lastIndex = 0;
  for (let m = k.marker.exec(line); m; m = k.marker.exec(line)) {
    const kind = headingKind(headingKey(m[1]!));
    if (kind) out.push({ at: m.index, textAt: m.index + m[0].length, kind });
  }
  return out;
}

/** At most this many words in a heading no layout names ("Scientific Merit of the Application"). */
const HEADING_WORDS = 14;

/**
 * A line shaped as a heading: capitalised, letters only (no digits, no percentages, so a table's
 * row is not one), short, and without a sentence's closing punctuation. Whether it is one also
 * depends on its neighbours (the caller checks that the line before ended a sentence).
 */
export function headingShaped(line: string): boolean {
  const text = line.trim();
  if (text.length < 3 || text.length > 90) return false;
  if (!/^\p{Lu}[\p{L}\s,'’&/()-]*[\p{L})]$/u.test(text)) return false;
  return text.split(/\s+/).length <= HEADING_WORDS;
}

/**
 * "1. Candidate:", "2. Career Development Plan/Career Goals & Objectives": a numbered heading no
 * layout names, returned without its number and colon (a numbered sentence ends with a full stop).
 */
export function numberedHeading(line: string): string | null {
  const m = /^\(?(?:\d{1,2}|[IVX]{1,4}|[A-H])[.)]\s+(.+?)\s*:?\s*$/u.exec(line.trim());
  return m && headingShaped(m[1]!) ? m[1]!.replace(/\s+/g, ' ') : null;
}

/** Words a heading does not end on: a line ending on one is a sentence the PDF wrapped. */
const OPEN_ENDING =
  /(?:^|\s)(?:a|an|the|of|to|in|on|at|by|for|from|with|and|or|but|nor|as|that|which|who|was|were|is|are|be|been|has|have|had|its|their|his|her|this|these|than|into)$/iu;

/**
 * A line of prose the PDF wrapped that happens to look like a heading (ADR 0840): it ends on a word
 * no heading ends on ("… abundance of"), the next line goes on in lower case ("especially
 * interesting …"), or it is as long as the page's full lines and not in title case (most of its
 * longer words capitalised, as "Qualifications of Project Personnel, Adequacy of Facilities").
 * `fullWidth` is the length of the text's long lines (its 90th percentile).
 */
export function wrappedProse(line: string, next: string | undefined, fullWidth: number): boolean {
  const text = line.trim();
  if (OPEN_ENDING.test(text)) return true;
  if (next !== undefined && /^\p{Ll}/u.test(next.trim())) return true;
  if (text.length < Math.max(60, 0.75 * fullWidth)) return false;
  const longer = text.split(/\s+/).filter((w) => /^\p{L}{4,}/u.test(w));
  const capitalised = longer.filter((w) => /^\p{Lu}/u.test(w)).length;
  return capitalised * 2 < longer.length;
}

/** A line that ends a sentence (or a heading's colon), after which a new heading may start. */
// An ellipsis ("Maybe you have that kind of talent…") ends a sentence as a full stop does (ADR 1121).
export const endsSentence = (line: string) => /[.!?:…]["”’)]?\s*$/.test(line);

/**
 * A named source printed at the end of a heading line after a dash or a colon ("Pests and
 * Beneficial Species – PANEL SUMMARY"): the part after the last separator, as a heading key.
 */
export function trailingHeading(line: string): string | null {
  if (endsSentence(line) || line.split(/\s+/).length > 20) return null;
  const parts = line.split(/\s[-–—:]\s/);
  return parts.length > 1 ? headingKey(parts[parts.length - 1]!) : null;
}

/**
 * A label's words: heading-shaped once its parenthetical is set aside ("Comments on Faculty
 * Participation (Required; not applicable for …)"), with most longer words capitalised.
 */
export function labelShaped(head: string): boolean {
  const bare = head
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!headingShaped(bare)) return false;
  const longer = bare.split(' ').filter((w) => /^\p{L}{4,}/u.test(w));
  return longer.filter((w) => /^\p{Lu}/u.test(w)).length * 2 >= longer.length;
}

/**
 * "Intellectual Weaknesses:", "Broader Impact Strengths:": a heading that ends on a kind marker,
 * whose words name the criterion above it. It switches the kind; it is never that heading's subtitle.
 */
export function endsOnKind(line: string): boolean {
  const head = /^(.*\S)\s*:\s*$/u.exec(line)?.[1];
  if (!head) return false;
  return [/\s(\p{L}+)$/u, /\s(\p{L}+\s\p{L}+)$/u].some((re) => {
    const m = re.exec(head);
    return m !== null && headingKind(headingKey(m[1]!)) !== null;
  });
}
