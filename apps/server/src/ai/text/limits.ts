/** A funder's length limit, read and counted (pages become words at the program's words per page). */

/**
 * Words on a page under the usual funder formatting (single-spaced, 11–12 pt, 2 cm / 1 inch
 * margins) when a program states no figure of its own; program-criteria.json states one per
 * program. A page limit is an estimate in words, so it is flagged only when clearly over.
 */
export const WORDS_PER_PAGE = 500;
/** A page limit read as words is flagged only above this share of it (pages are not words). */
export const PAGE_LIMIT_TOLERANCE = 1.1;

export interface ParsedLimit {
  unit: 'words' | 'characters';
  max: number;
  /** Above this count the section is over its limit: max itself for words and characters. */
  flagAbove: number;
  note: string;
}

/**
 * "5 pages incl. figures" → 2,500 words (flagged above 2,750); "350 words"; "~2,000
 * characters"; otherwise null. Words and characters are the funder's own count and exact.
 */
export function parseLimit(
  limit: string | null | undefined,
  wordsPerPage: number = WORDS_PER_PAGE,
): ParsedLimit | null {
  if (!limit) return null;
  const exact = (unit: ParsedLimit['unit'], max: number): ParsedLimit => ({
    unit,
    max,
    flagAbove: max,
    note: `limit "${limit}"`,
  });
  const chars = /(\d[\d,]*)\s*(?:characters|chars)\b/i.exec(limit);
  if (chars?.[1]) return exact('characters', Number(chars[1].replace(/,/g, '')));
  const words = /(\d[\d,]*)\s*words?\b/i.exec(limit);
  if (words?.[1]) return exact('words', Number(words[1].replace(/,/g, '')));
  const pages = /(\d+(?:\.\d+)?)\s*pages?\b/i.exec(limit);
  if (pages?.[1]) {
    const max = Math.round(Number(pages[1]) * wordsPerPage);
    return {
      unit: 'words',
      max,
      flagAbove: Math.round(max * PAGE_LIMIT_TOLERANCE),
      note: `limit "${limit}", estimated at ${wordsPerPage} words per page; flagged only above ${Math.round(PAGE_LIMIT_TOLERANCE * 100)}%`,
    };
  }
  return null;
}
