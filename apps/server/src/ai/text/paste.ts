import { lexicon } from './lexicon.ts';

/** Reading text as a person pasted it (from a PDF, an email, a form), before sentences are split. */

/** A line that is only a page number: "3", "- 3 -", "Page 3", "Page 3 of 12", "3 | Page". */
const PAGE_NUMBER_LINE =
  /^\s*(?:[-–—]\s*)?(?:page\s+)?\d{1,4}(?:\s*(?:of|\/)\s*\d{1,4})?(?:\s*[-–—])?(?:\s*\|\s*page)?\s*$/i;
/** A wrapped PDF line is at least this long, and this share of the text's typical line length. */
const WRAPPED_LINE_CHARS = 45;
const WRAPPED_SHARE = 0.7;
/** A short line seen this often (digits aside) is a running header or footer. */
const RUNNING_HEADER_REPEATS = 3;
const RUNNING_HEADER_MAX_CHARS = 90;

/** Non-blank lines after a page break, and before one, in which a running header or footer sits. */
const PAGE_TOP_LINES = 3;
const PAGE_BOTTOM_LINES = 2;
/** A line at the edges of this many pages may also occur once per this many pages elsewhere. */
const RUNNING_EDGE_PAGES = 3;

/**
 * Which lines of a PDF paste are page furniture rather than the author's text, line by line so a
 * reader that keeps offsets can skip them: page numbers ("Page 2 of 3"); unless `repeated` is
 * false, short lines repeated at least three times (a running header or footer; a form that repeats
 * its own headings, as review sheets do per reviewer, turns this off); and, with `pageEdges`, a
 * short line that sits at the top or the bottom of two pages or more and nowhere else (the header a
 * two-page form repeats after its page break), or at the edges of three pages or more and elsewhere
 * at most once for every three of them (an NIH summary statement's running header, "1K99…" /
 * "ZRG1 …", is also printed once in the statement's own header block and its roster). A page break
 * is a form feed or a page-number line.
 */
export function furnitureLines(
  lines: readonly string[],
  options: { repeated?: boolean; pageEdges?: boolean } = {},
): boolean[] {
  const shape = (l: string) => l.replace(/\f/g, '').trim().replace(/\d+/g, '#').toLowerCase();
  const seen = new Map<string, number>();
  for (const l of lines) {
    const key = shape(l);
    if (key && l.trim().length <= RUNNING_HEADER_MAX_CHARS) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const pageNumber = lines.map((l) => PAGE_NUMBER_LINE.test(l.replace(/\f/g, '')));
  const repeated = options.repeated ?? true;
  const flags = lines.map(
    (l, i) => pageNumber[i]! || (repeated && (seen.get(shape(l)) ?? 0) >= RUNNING_HEADER_REPEATS),
  );
  if (!options.pageEdges) return flags;
  // Pages: split at form feeds and page-number lines; each page's first and last non-blank lines.
  const atEdge = new Map<string, Set<number>>();
  let page = 0;
  let body: number[] = [];
  const closePage = () => {
    const edges = [...body.slice(0, PAGE_TOP_LINES), ...body.slice(-PAGE_BOTTOM_LINES)];
    for (const i of edges) {
      const key = shape(lines[i]!);
      if (lines[i]!.trim().length > RUNNING_HEADER_MAX_CHARS) continue;
      atEdge.set(key, (atEdge.get(key) ?? new Set()).add(page));
    }
    page += 1;
    body = [];
  };
  lines.forEach((l, i) => {
    if (l.includes('\f')) closePage();
    if (pageNumber[i]) return closePage();
    if (shape(l)) body.push(i);
  });
  closePage();
  // On two pages' edges and every time it occurs, or on the edges of many pages and rarely
  // elsewhere: a line of the text repeated in the body stays.
  const edgeCount = new Map<string, number>();
  for (const [key, pages] of atEdge) if (pages.size >= 2) edgeCount.set(key, pages.size);
  const isRunning = (key: string) => {
    const edges = edgeCount.get(key);
    if (edges === undefined) return false;
    const elsewhere = (seen.get(key) ?? 0) - edges;
    return elsewhere <= 0 || (edges >= RUNNING_EDGE_PAGES && elsewhere * RUNNING_EDGE_PAGES <= edges);
  };
  return lines.map((l, i) => flags[i]! || isRunning(shape(l)));
}

/**
 * Text as a person pasted it from a PDF, read as the author wrote it: page numbers and running
 * headers/footers dropped, words hyphenated across lines re-joined, hard-wrapped lines joined
 * into their paragraph. Headings (short lines) and blank-line paragraph breaks stay. Text that
 * was pasted clean comes back unchanged apart from trailing spaces, so both read the same.
 */
export function normalisePaste(raw: string): string {
  const lines = raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u2007\u202f]/g, ' ')
    .replace(/\f/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t]+$/g, ''));
  const furniture = furnitureLines(lines);
  const kept = lines.filter((_, i) => !furniture[i]);
  // A PDF wraps body lines near one width; lines much shorter than it are headings or paragraph
  // ends. Clean text has long paragraph lines, so its headings never count as wrapped.
  const lengths = kept
    .map((l) => l.trim().length)
    .filter((n) => n > 0)
    .sort((a, b) => a - b);
  const typical = lengths[Math.floor(lengths.length * 0.9)] ?? 0;
  const wrapAt = Math.max(WRAPPED_LINE_CHARS, Math.round(typical * WRAPPED_SHARE));
  const out: string[] = [];
  let prevHeading = false;
  for (const line of kept) {
    const prev = out[out.length - 1];
    const text = line.trim();
    const lastLine = prev?.slice(prev.lastIndexOf('\n') + 1) ?? '';
    const ended = prev !== undefined && /[.!?:]["”’)]?$/.test(prev);
    const prevWrapped = lastLine.length >= wrapAt && !ended;
    // A heading line ("objectives:", "budget") stays on its own line and nothing joins it,
    // whatever its case: a wrapped sentence's last line ends with its full stop, so a short
    // unpunctuated heading word after a wrapped line is a heading, not the sentence's tail.
    const heading = isHeadingLine(text);
    if (prev === undefined || !text || !prev.trim() || heading || prevHeading) {
      out.push(text);
      prevHeading = heading;
      continue;
    }
    prevHeading = false;
    // "model-\nling" → "modelling"; a hyphen before a capital or digit is a real compound.
    if (/\p{Ll}-$/u.test(prev) && /^\p{Ll}/u.test(text)) {
      out[out.length - 1] = prev.slice(0, -1) + text;
      continue;
    }
    const continues = /^\p{Ll}/u.test(text) && !ended;
    const nextIsBody = text.length >= wrapAt || /[.!?]["”’)]?$/.test(text);
    if ((prevWrapped && nextIsBody) || continues) out[out.length - 1] = `${prev} ${text}`;
    else out.push(text);
  }
  return out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Words a heading line may carry besides its heading words ("Project objectives", "2. Budget"). */
const HEADING_MAX_WORDS = 5;
let headingRe: RegExp | undefined;

/**
 * A line of its own that names a section: a short line ending in a colon with nothing after it
 * ("objectives:", "Expected results :"), or a short line that is one of the heading words of
 * lexicon.json, with an optional number and qualifier ("budget", "2. Research team", "Project
 * objectives"). Case does not matter: applicants type headings in lower case too.
 */
export function isHeadingLine(line: string): boolean {
  const text = line.trim();
  if (!text || text.length > 60 || /[.!?;,]$/.test(text)) return false;
  const words = text.split(/\s+/).length;
  if (words > HEADING_MAX_WORDS) return false;
  if (/^[\p{L}][\p{L}\p{N}'’ /&-]*\s?:$/u.test(text)) return true;
  if (!headingRe) {
    const { en, fr } = lexicon().headingWords;
    const names = [...en, ...fr]
      .sort((a, b) => b.length - a.length)
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+'));
    headingRe = new RegExp(
      `^(?:(?:\\d{1,2}|[A-Z]|[ivx]{1,4})[.)]\\s*)?(?:[\\p{L}-]+\\s+)?(?:${names.join('|')})(?:\\s+[\\p{L}-]+)?$`,
      'iu',
    );
  }
  return headingRe.test(text);
}
